package profile

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/format"
)

type section struct {
	Description string            `json:"description"`
	Cases       []json.RawMessage `json:"cases"`
}

func decodeCase(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decode case %s: %v", raw, err)
	}
}

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
	raw, err := os.ReadFile("../../fixtures/vectors/profile.json")
	if err != nil {
		t.Fatalf("read vectors: %v", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatalf("decode vectors: %v", err)
	}
	runners := map[string]func(t *testing.T, raw json.RawMessage){
		"tab": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name  string
				State *string
				Want  Tab
			}
			decodeCase(t, raw, &c)
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
			decodeCase(t, raw, &c)
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
			decodeCase(t, raw, &c)
			got := Coverage(c.Countries, country.name)
			eq := func(a, b country) bool { return a.ISOCode == b.ISOCode && a.name() == b.name() }
			if !slices.EqualFunc(got, c.Want, eq) {
				t.Errorf("%s: Coverage = %+v, want %+v", c.Name, got, c.Want)
			}
		},
	}
	for name, body := range top {
		if name == "description" {
			continue
		}
		run, ok := runners[name]
		if !ok {
			t.Errorf("vector section %q has no Go implementation branch", name)
			continue
		}
		var s section
		if err := json.Unmarshal(body, &s); err != nil || s.Description == "" || len(s.Cases) == 0 {
			t.Fatalf("section %s: needs a description and cases (%v)", name, err)
		}
		t.Run(name, func(t *testing.T) {
			for _, c := range s.Cases {
				run(t, c)
			}
		})
	}
	for name := range runners {
		if _, ok := top[name]; !ok {
			t.Errorf("Go runner %q has no vector section", name)
		}
	}
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
