package profile

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract/vectors"
	"github.com/cedarsim/esim/sdk/format"
)

// entry and country stand for the callers' own types (the TUI adapts sdk types the same way).
type entry struct {
	ID                 string  `json:"id"`
	AssignmentDatetime *string `json:"assignmentDatetime"`
}

type country struct {
	ISOCode string  `json:"isoCode"`
	Name    *string `json:"name"`
}

func (c country) name() string {
	if c.Name == nil {
		return ""
	}
	return *c.Name
}

func TestVectors(t *testing.T) {
	runners := map[string]vectors.Runner{
		"topupOrigin": func(t *testing.T, raw json.RawMessage) {
			type country struct{ IsoCode, Name string }
			var c struct {
				Name      string
				Countries []country
				Want      string
			}
			vectors.DecodeCase(t, raw, &c)
			got := TopupOrigin(c.Countries, func(x country) string { return x.IsoCode }, func(x country) string { return x.Name })
			if got != c.Want {
				t.Errorf("%s: TopupOrigin = %q, want %q", c.Name, got, c.Want)
			}
		},
		"tab": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name  string
				State *string
				Want  Tab
			}
			vectors.DecodeCase(t, raw, &c)
			s := ""
			if c.State != nil {
				s = *c.State
			}
			if got := TabFor(s); got != c.Want {
				t.Errorf("%s: TabFor(%q) = %q, want %q", c.Name, s, got, c.Want)
			}
		},
		"history": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name    string
				Entries []entry
				Want    []string
			}
			vectors.DecodeCase(t, raw, &c)
			date := func(e entry) time.Time {
				if e.AssignmentDatetime == nil {
					return time.Time{}
				}
				d, err := format.ParseTime(*e.AssignmentDatetime)
				if err != nil {
					return time.Time{} // unparseable counts as undated
				}
				return d
			}
			SortHistory(c.Entries, date)
			got := make([]string, 0, len(c.Entries))
			for _, e := range c.Entries {
				got = append(got, e.ID)
			}
			if !slices.Equal(got, c.Want) {
				t.Errorf("%s: SortHistory order = %q, want %q", c.Name, got, c.Want)
			}
		},
		"coverage": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name      string
				Countries []country
				Want      []country
			}
			vectors.DecodeCase(t, raw, &c)
			got := Coverage(c.Countries, country.name)
			eq := func(a, b country) bool { return a.ISOCode == b.ISOCode && a.name() == b.name() }
			if !slices.EqualFunc(got, c.Want, eq) {
				t.Errorf("%s: Coverage = %+v, want %+v", c.Name, got, c.Want)
			}
		},
	}
	vectors.Run(t, "profile", runners)
}

func TestSplit(t *testing.T) {
	type b struct{ id, state string }
	items := []b{{"1", "Active"}, {"2", "Expired"}, {"3", "Pending"}, {"4", "Queued"}, {"5", "Revoked"}}
	active, expired := Split(items, func(x b) string { return x.state })
	ids := func(xs []b) (out []string) {
		for _, x := range xs {
			out = append(out, x.id)
		}
		return out
	}
	if got := ids(active); !slices.Equal(got, []string{"1", "4"}) {
		t.Errorf("active = %q, want [1 4]", got)
	}
	if got := ids(expired); !slices.Equal(got, []string{"2", "5"}) {
		t.Errorf("expired = %q, want [2 5]", got)
	}
}
