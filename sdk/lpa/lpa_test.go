package lpa

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/cedarsim/esim/contract/vectors"
)

// The cases are contract/vectors/lpa.json, which the web app's lpa.test.ts runs too.
func TestVectors(t *testing.T) {
	type code struct {
		SMDP       string `json:"smdp"`
		MatchingID string `json:"matchingId"`
	}
	vectors.Run(t, "lpa", map[string]vectors.Runner{
		"parse": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name   string `json:"name"`
				In     string `json:"in"`
				Want   *code  `json:"want"`
				String string `json:"string"`
			}
			vectors.DecodeCase(t, raw, &c)
			got, err := Parse(c.In)
			if c.Want == nil {
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("%s: Parse(%q) = %+v, %v; want ErrInvalid", c.Name, c.In, got, err)
				}
				return
			}
			if want := (Code{SMDP: c.Want.SMDP, MatchingID: c.Want.MatchingID}); err != nil || got != want {
				t.Errorf("%s: Parse(%q) = %+v, %v; want %+v", c.Name, c.In, got, err, want)
			}
			if got.String() != c.String {
				t.Errorf("%s: String() = %q, want %q", c.Name, got.String(), c.String)
			}
		},
		"links": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name    string `json:"name"`
				Code    code   `json:"code"`
				IPhone  string `json:"iphone"`
				Android string `json:"android"`
			}
			vectors.DecodeCase(t, raw, &c)
			in := Code{SMDP: c.Code.SMDP, MatchingID: c.Code.MatchingID}
			if got := IPhoneLink(in); got != c.IPhone {
				t.Errorf("%s: IPhoneLink = %q, want %q", c.Name, got, c.IPhone)
			}
			if got := AndroidLink(in); got != c.Android {
				t.Errorf("%s: AndroidLink = %q, want %q", c.Name, got, c.Android)
			}
			if back, err := FromIPhoneLink(c.IPhone); err != nil || back != in {
				t.Errorf("%s: FromIPhoneLink(IPhoneLink) = %+v, %v", c.Name, back, err)
			}
		},
		"fromIPhoneLink": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name string `json:"name"`
				Link string `json:"link"`
				Want *code  `json:"want"`
			}
			vectors.DecodeCase(t, raw, &c)
			got, err := FromIPhoneLink(c.Link)
			if c.Want == nil {
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("%s: FromIPhoneLink(%q) = %+v, %v; want ErrInvalid", c.Name, c.Link, got, err)
				}
				return
			}
			if want := (Code{SMDP: c.Want.SMDP, MatchingID: c.Want.MatchingID}); err != nil || got != want {
				t.Errorf("%s: FromIPhoneLink(%q) = %+v, %v; want %+v", c.Name, c.Link, got, err, want)
			}
		},
	})
}

func TestStringRoundTrip(t *testing.T) {
	c := Code{SMDP: "smdp.cedarsim.example", MatchingID: "K2-1A2B3C-4D5E6F"}
	if got, want := c.String(), "LPA:1$smdp.cedarsim.example$K2-1A2B3C-4D5E6F"; got != want {
		t.Fatalf("String() = %q, want %q", got, want)
	}
	back, err := Parse(c.String())
	if err != nil || back != c {
		t.Fatalf("Parse(String()) = %+v, %v", back, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"LPA:1$smdp.example.com$ABC-123", "LPA:1$$", "LPA:1$a:$b", "lpa:1$a.b$c$d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		// Whatever parses must survive a round trip, also through the Apple link.
		back, err := FromIPhoneLink(IPhoneLink(c))
		if err != nil || back != c {
			t.Fatalf("round trip of %q: %+v, %v", s, back, err)
		}
	})
}
