package catalog

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/sdk"
)

// shelf is a catalogue of a few plans, counting the calls made to it.
type shelf struct{ calls []string }

func bundle(id, name string) sdk.Bundle { return sdk.Bundle{ID: id, Name: name, BusinessTitle: name} }

var shelfAreas = map[string][]sdk.Bundle{
	"TR":     {bundle("11111111-0000-4000-8000-000000000001", "TR_1GB_7D"), bundle("11111111-0000-4000-8000-000000000002", "TR_5GB_30D")},
	"global": {bundle("22222222-0000-4000-8000-000000000001", "GLOBAL_1GB_7D")},
	"Europe": {bundle("33333333-0000-4000-8000-000000000001", "EU_1GB_7D"), bundle("33333333-0000-4000-8000-000000000002", "EU_5GB_30D")},
}

func (s *shelf) Countries(context.Context) ([]sdk.Country, error) {
	s.calls = append(s.calls, "countries")
	return []sdk.Country{{Name: "Turkey", ISOCode: "TR"}, {Name: "Lebanon", ISOCode: "LB"}}, nil
}
func (s *shelf) Regions(context.Context) ([]sdk.Region, error) {
	s.calls = append(s.calls, "regions")
	return []sdk.Region{{Name: "Asia"}, {Name: "Europe"}}, nil
}
func (s *shelf) AreaBundles(_ context.Context, area string) ([]sdk.Bundle, error) {
	s.calls = append(s.calls, area)
	return shelfAreas[area], nil
}
func (s *shelf) SpecialBundles(context.Context) ([]sdk.Bundle, error) {
	s.calls = append(s.calls, "special")
	return nil, nil
}

func TestResolvePlan(t *testing.T) {
	remembered := []sdk.Bundle{bundle("44444444-0000-4000-8000-000000000001", "LB_3GB_30D"), bundle("44444444-0000-4000-8000-000000000002", "LB_500MB_1D"),
		bundle("55555555-0000-4000-8000-000000000001", "LB_10GB_30D")}
	tests := []struct {
		name, arg string
		want      string
		wantErr   string // "usage", "not found" or ""
		wantCalls []string
	}{
		{"a GUID is taken as it is", "5d1c2f7e-0b7c-4c55-9a57-2b1f0c8e4a10", "5d1c2f7e-0b7c-4c55-9a57-2b1f0c8e4a10", "", nil},
		{"a remembered name, any case", "lb_3gb_30d", "44444444-0000-4000-8000-000000000001", "", nil},
		{"a remembered id prefix", "5555", "55555555-0000-4000-8000-000000000001", "", nil},
		{"an ambiguous id prefix", "44444444-0000", "", "usage", nil},
		{"a unique remembered prefix", "LB_5", "44444444-0000-4000-8000-000000000002", "", nil},
		{"an ambiguous prefix", "LB_", "", "usage", nil},
		{"a country's plan is looked up in that country", "TR_5GB_30D", "11111111-0000-4000-8000-000000000002", "", []string{"countries", "TR"}},
		{"a global plan", "global_1gb_7d", "22222222-0000-4000-8000-000000000001", "", []string{"global"}},
		{"a region's plan after the global and special ones", "EU_5GB_30D", "33333333-0000-4000-8000-000000000002", "", []string{"countries", "global", "special", "regions", "Asia", "Europe"}},
		{"an unknown plan", "XX_9GB_1D", "", "not found", []string{"countries", "global", "special", "regions", "Asia", "Europe"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Cache{Dir: t.TempDir()}
			c.RememberPlans(remembered)
			src := &shelf{}
			got, err := c.ResolvePlan(context.Background(), src, tt.arg)
			var flagErr *cmdutil.FlagError
			var notFound *cmdutil.NotFoundError
			switch tt.wantErr {
			case "usage":
				if !errors.As(err, &flagErr) || !strings.Contains(err.Error(), " matches ") {
					t.Fatalf("got %q, %v; want a usage error", got, err)
				}
			case "not found":
				if !errors.As(err, &notFound) || notFound.What != "plan" {
					t.Fatalf("got %q, %v; want an unknown plan", got, err)
				}
			default:
				if err != nil || got != tt.want {
					t.Fatalf("got %q, %v; want %q", got, err, tt.want)
				}
			}
			if !slices.Equal(src.calls, tt.wantCalls) {
				t.Errorf("calls %v, want %v", src.calls, tt.wantCalls)
			}
		})
	}
}

// TestResolvedPlansAreRemembered: a plan found in the catalogue is found again without a call.
func TestResolvedPlansAreRemembered(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	if _, err := c.ResolvePlan(context.Background(), &shelf{}, "TR_1GB_7D"); err != nil {
		t.Fatal(err)
	}
	src := &shelf{}
	if id, err := c.ResolvePlan(context.Background(), src, "tr_5gb"); err != nil || id != "11111111-0000-4000-8000-000000000002" || len(src.calls) != 0 {
		t.Fatalf("got %q, %v after calls %v", id, err, src.calls)
	}
}
