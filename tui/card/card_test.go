package card

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

func fixtureBundles(t *testing.T) []sdk.Bundle {
	t.Helper()
	c := tuitest.Client(t, sdk.Session{}, "token.guest/success", "listAreaBundles/success",
		"listAreaBundles.global/success", "listSpecialBundles/success")
	var all []sdk.Bundle
	for _, area := range []string{"TR", "global"} {
		l, err := c.Catalog.AreaBundles(context.Background(), area)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, l...)
	}
	sp, err := c.Catalog.SpecialBundles(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return append(all, sp...)
}

func TestGoldenRows(t *testing.T) {
	st := DefaultStyles(theme.New())
	all := fixtureBundles(t)
	tests := []struct {
		name  string
		focus int
		emoji bool
	}{
		{"codes", 1, false},
		{"emoji", -1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tuitest.Golden(t, 0, func(w, _ int) string {
				per := PerRow(w)
				var rows []string
				for i := 0; i < len(all); i += per {
					focus := -1
					if tt.focus >= i && tt.focus < i+per {
						focus = tt.focus - i
					}
					rows = append(rows, Row(st, all[i:min(i+per, len(all))], focus, tt.emoji))
				}
				return strings.Join(rows, "\n")
			})
		})
	}
}

func TestCardGeometry(t *testing.T) {
	st := DefaultStyles(theme.New())
	long := sdk.Bundle{ListingDisplayTitle: strings.Repeat("Very long title ", 6), FlagsCodes: []string{"TR"},
		QuotaInMB: -1, DurationInDays: 1, Price: 2}
	for _, b := range append(fixtureBundles(t), long, sdk.Bundle{}) {
		for _, focused := range []bool{false, true} {
			lines := strings.Split(Render(st, b, focused, false), "\n")
			if len(lines) != Height {
				t.Errorf("%s: %d lines, want %d", b.Name, len(lines), Height)
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w != Width {
					t.Errorf("%s: line %q is %d wide, want %d", b.Name, l, w, Width)
				}
			}
		}
	}
}

func TestCoverage(t *testing.T) {
	cs := func(codes ...string) []sdk.Country {
		out := make([]sdk.Country, len(codes))
		for i, c := range codes {
			out[i] = sdk.Country{ISOCode: c, Name: c}
		}
		return out
	}
	tests := []struct {
		name  string
		list  []sdk.Country
		emoji bool
		want  string
	}{
		{"none", nil, false, ""},
		{"five", cs("TR", "GR", "BG", "RO", "HU"), false, "TR GR BG RO HU"},
		{"seven", cs("TR", "GR", "BG", "RO", "HU", "AT", "DE"), false, "TR GR BG RO HU +2"},
		{"emoji", cs("TR"), true, "🇹🇷"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Coverage(sdk.Bundle{RoamingCountries: tt.list}, tt.emoji); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPerRow(t *testing.T) {
	for _, tt := range []struct{ width, want int }{{0, 1}, {34, 1}, {69, 2}, {80, 2}, {104, 3}, {120, 3}} {
		if got := PerRow(tt.width); got != tt.want {
			t.Errorf("PerRow(%d) = %d, want %d", tt.width, got, tt.want)
		}
	}
}
