package format

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/cedarsim/esim/contract/vectors"
)

func TestVectors(t *testing.T) {
	runners := map[string]vectors.Runner{
		"bundleTitle": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name                               string
				BusinessTitle, ListingDisplayTitle string
				BundleName                         string
				Want                               string
			}
			vectors.DecodeCase(t, raw, &c)
			if got := BundleTitle(c.BusinessTitle, c.ListingDisplayTitle, c.BundleName); got != c.Want {
				t.Errorf("%s: BundleTitle = %q, want %q", c.Name, got, c.Want)
			}
		},
		"price": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name  string
				Price *float64
				Want  string
			}
			vectors.DecodeCase(t, raw, &c)
			if got := Price(c.Price); got != c.Want {
				t.Errorf("%s: Price = %q, want %q", c.Name, got, c.Want)
			}
		},
		"quota": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name      string
				QuotaInMB int64
				Want      string
			}
			vectors.DecodeCase(t, raw, &c)
			if got := Quota(c.QuotaInMB); got != c.Want {
				t.Errorf("%s: Quota(%d) = %q, want %q", c.Name, c.QuotaInMB, got, c.Want)
			}
		},
		"validity": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name           string
				DurationInDays int64
				Want           string
			}
			vectors.DecodeCase(t, raw, &c)
			if got := Validity(c.DurationInDays); got != c.Want {
				t.Errorf("%s: Validity(%d) = %q, want %q", c.Name, c.DurationInDays, got, c.Want)
			}
		},
		"bytesToGB": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name  string
				Bytes int64
				Want  string
			}
			vectors.DecodeCase(t, raw, &c)
			if got := BytesGB(c.Bytes); got != c.Want {
				t.Errorf("%s: BytesGB(%d) = %q, want %q", c.Name, c.Bytes, got, c.Want)
			}
		},
		"usedMB": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name                               string
				InitialQuantity, RemainingQuantity int64
				Want                               string
			}
			vectors.DecodeCase(t, raw, &c)
			if got := UsedMB(c.InitialQuantity, c.RemainingQuantity); got != c.Want {
				t.Errorf("%s: UsedMB = %q, want %q", c.Name, got, c.Want)
			}
		},
		"consumption": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name                               string
				InitialQuantity, RemainingQuantity int64
				Unlimited                          bool
				Want                               struct {
					Percent float64
					Text    string
				}
			}
			vectors.DecodeCase(t, raw, &c)
			p := 0.0
			if !c.Unlimited {
				p = ConsumptionPercent(c.InitialQuantity, c.RemainingQuantity)
			}
			rounded, err := strconv.ParseFloat(toFixed(p, 2), 64)
			if err != nil {
				t.Fatal(err)
			}
			if rounded != c.Want.Percent {
				t.Errorf("%s: ConsumptionPercent = %v (rounded %v), want %v", c.Name, p, rounded, c.Want.Percent)
			}
			if got := Consumption(c.InitialQuantity, c.RemainingQuantity, c.Unlimited); got != c.Want.Text {
				t.Errorf("%s: Consumption = %q, want %q", c.Name, got, c.Want.Text)
			}
		},
		"date": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name    string
				Input   *string
				Invalid bool
				Want    string
			}
			vectors.DecodeCase(t, raw, &c)
			in := ""
			if c.Input != nil {
				in = *c.Input
			}
			// The rule is ParseTime then Date; a malformed value shows nothing.
			got := ""
			tm, err := ParseTime(in)
			if err == nil {
				got = Date(tm)
			}
			if (err != nil) != c.Invalid {
				t.Errorf("%s: ParseTime(%q) error = %v, want invalid %v", c.Name, in, err, c.Invalid)
			}
			if got != c.Want {
				t.Errorf("%s: Date(ParseTime(%q)) = %q, want %q", c.Name, in, got, c.Want)
			}
		},
		"flag": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name  string
				Input *string
				Want  Flag
			}
			vectors.DecodeCase(t, raw, &c)
			in := ""
			if c.Input != nil {
				in = *c.Input
			}
			if got := FlagFor(in); got != c.Want {
				t.Errorf("%s: FlagFor(%q) = %+v, want %+v", c.Name, in, got, c.Want)
			}
		},
		"flagEmoji": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name, Input, Want string
			}
			vectors.DecodeCase(t, raw, &c)
			if got := FlagEmoji(c.Input); got != c.Want {
				t.Errorf("%s: FlagEmoji(%q) = %q, want %q", c.Name, c.Input, got, c.Want)
			}
		},
		"cardCoverage": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name  string
				Count int
				Want  struct {
					Shown int
					More  string
				}
			}
			vectors.DecodeCase(t, raw, &c)
			shown, more := CardCoverage(c.Count)
			if shown != c.Want.Shown || more != c.Want.More {
				t.Errorf("%s: CardCoverage(%d) = %d, %q, want %d, %q", c.Name, c.Count, shown, more, c.Want.Shown, c.Want.More)
			}
		},
	}
	vectors.Run(t, "format", runners)
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 eSIMs"}, {1, "1 eSIM"}, {2, "2 eSIMs"}} {
		if got := Count(tt.n, "eSIM"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestCountries(t *testing.T) {
	for n, want := range map[int]string{0: "", 1: "1 country", 32: "32 countries"} {
		if got := Countries(n); got != want {
			t.Errorf("Countries(%d) = %q, want %q", n, got, want)
		}
	}
}
