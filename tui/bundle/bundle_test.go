package bundle

import (
	"context"
	"os"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

func fixtureBundle(t *testing.T, area, scenario string) sdk.Bundle {
	t.Helper()
	c := tuitest.Client(t, sdk.Session{}, "token.guest/success", scenario)
	list, err := c.Catalog.AreaBundles(context.Background(), area)
	if err != nil || len(list) == 0 {
		t.Fatalf("fixture bundles of %s: %v (%d)", area, err, len(list))
	}
	return list[0]
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name, area, scenario string
		height               int
		keys                 []string
	}{
		{"global", "global", "listAreaBundles.global/success", 24, nil},
		{"global-scrolled", "global", "listAreaBundles.global/success", 14, []string{"down", "down"}},
		{"country", "TR", "listAreaBundles/success", 24, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New(fixtureBundle(t, tt.area, tt.scenario), DefaultStyles(theme.New()), DefaultKeyMap(), false)
			tuitest.Golden(t, tt.height, func(w, h int) string {
				return tuitest.Press(t, m.SetSize(w, h), tt.keys...).View()
			})
		})
	}
}

func TestKeys(t *testing.T) {
	b := fixtureBundle(t, "TR", "listAreaBundles/success")
	tests := []struct {
		key  string
		want tea.Msg
	}{
		{"b", nav.BuyMsg{Bundle: b}},
		{"enter", nav.BuyMsg{Bundle: b}},
		{"esc", nav.BackMsg{}},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			_, cmd := New(b, DefaultStyles(theme.New()), DefaultKeyMap(), false).Update(tuitest.Key(tt.key))
			if cmd == nil {
				t.Fatal("no command")
			}
			got := cmd()
			switch want := tt.want.(type) {
			case nav.BuyMsg:
				if g, ok := got.(nav.BuyMsg); !ok || g.Bundle.ID != want.Bundle.ID {
					t.Fatalf("got %#v, want %#v", got, want)
				}
			default:
				if got != tt.want {
					t.Fatalf("got %#v, want %#v", got, tt.want)
				}
			}
		})
	}
}
