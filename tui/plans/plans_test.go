package plans

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/x/exp/golden"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

var catalogFixtures = []string{
	"token.guest/success", "listCountries/success", "listRegions/success",
	"listSpecialBundles/success", "listAreaBundles/success", "listAreaBundles.global/success",
	"searchBundles/success",
}

// loaded returns a browser with the catalogue lists loaded from the fixtures.
func loaded(t *testing.T) Model {
	t.Helper()
	c := tuitest.Client(t, sdk.Session{}, catalogFixtures...)
	m := New(context.Background(), Config{Catalog: c.Catalog, Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
	return tuitest.Drain(t, m, m.Init())
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		keys []string
	}{
		{"countries", nil},
		{"turkey-expanded", []string{"down", "enter"}},
		{"turkey-card-focused", []string{"down", "enter", "down", "right"}},
		{"regions", []string{"tab"}},
		{"global", []string{"tab", "tab"}},
		{"search-turk", []string{"/", "t", "u", "r", "k"}},
		{"search-no-options", []string{"/", "z", "z", "z"}},
		{"search-results", []string{"/", "t", "u", "r", "k", "enter", "l", "e", "b", "enter", "esc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tuitest.Press(t, loaded(t), tt.keys...)
			for _, w := range tuitest.Widths {
				t.Run(strconv.Itoa(w), func(t *testing.T) {
					golden.RequireEqual(t, m.SetSize(w, 30).View())
				})
			}
		})
	}
}

func TestLoadingView(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, catalogFixtures...)
	m := New(context.Background(), Config{Catalog: c.Catalog, Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
	m.Init() // not drained: the lists are still loading
	if v := m.SetSize(80, 20).View(); !strings.Contains(v, "Loading...") {
		t.Fatalf("no loading indicator:\n%s", v)
	}
}

func TestSearchMatchesLikeTheWeb(t *testing.T) {
	tests := []struct {
		query   string
		want    []string
		notWant []string
	}{
		{"turk", []string{"Turkey"}, []string{"Lebanon"}},
		{"  TURK ", []string{"Turkey"}, nil},
		{"cote", []string{"Côte d'Ivoire"}, nil},
		{"reunion", []string{"Réunion"}, nil},
		{"united", []string{"United States", "United Kingdom", "United Arab Emirates"}, []string{"Turkey"}},
		{"xyz", nil, []string{"Turkey"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			m := tuitest.Press(t, loaded(t), "/")
			m = tuitest.Type(t, m, tt.query)
			var names []string
			for _, c := range m.search.matches {
				names = append(names, c.Name)
			}
			got := strings.Join(names, "|")
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("query %q: %q missing from %q", tt.query, w, got)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(got, w) {
					t.Errorf("query %q: %q should not match (%q)", tt.query, w, got)
				}
			}
			if len(tt.want) == 0 && !strings.Contains(m.View(), "No options") {
				t.Errorf("query %q: no 'No options' in view", tt.query)
			}
		})
	}
}

func TestOneAreaOpenAtATime(t *testing.T) {
	m := tuitest.Press(t, loaded(t), "down", "enter") // Turkey
	if m.expanded != "TR" {
		t.Fatalf("expanded = %q, want TR", m.expanded)
	}
	// Move to the area after Turkey's cards and open it: Turkey closes. Not drained, so
	// the load of the new area (no fixture) is not made.
	for m.list.Cursor() < 1+4+1 {
		m, _ = m.Update(tuitest.Key("right"))
	}
	m, _ = m.Update(tuitest.Key("enter"))
	if m.expanded != "AE" {
		t.Fatalf("expanded = %q, want AE (the area after Turkey's 4 cards)", m.expanded)
	}
	m, _ = m.Update(tuitest.Key("enter"))
	if m.expanded != "" {
		t.Fatalf("expanded = %q after toggling, want none", m.expanded)
	}
}

func TestOpenCardAsksForDetail(t *testing.T) {
	m := tuitest.Press(t, loaded(t), "down", "enter", "down")
	_, cmd := m.Update(tuitest.Key("enter"))
	if cmd == nil {
		t.Fatal("enter on a card returned no command")
	}
	msg, ok := cmd().(nav.OpenBundleMsg)
	if !ok || msg.Bundle.Name != "TR_1GB_7D" {
		t.Fatalf("got %#v, want OpenBundleMsg for TR_1GB_7D", msg)
	}
}

func TestSearchResultsReplaceTabs(t *testing.T) {
	m := tuitest.Press(t, loaded(t), "/", "t", "u", "r", "k", "enter", "l", "e", "b", "a", "enter", "esc")
	v := m.SetSize(120, 40).View()
	for _, want := range []string{"Search Results", "[Turkey ×]", "[Lebanon ×]", "500 MB · 1 Day"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "Popular Destinations") {
		t.Errorf("tabs shown while countries are selected:\n%s", v)
	}
	m = tuitest.Press(t, m, "c")
	if v := m.View(); !strings.Contains(v, "Popular Destinations") {
		t.Errorf("clearing the selection did not bring the tabs back:\n%s", v)
	}
}

func TestCursorStaysVisible(t *testing.T) {
	for _, h := range []int{14, 20} {
		m := tuitest.Press(t, loaded(t).SetSize(80, h), "down", "enter", "down", "down")
		v := m.View()
		if !strings.Contains(v, "┏") || !strings.Contains(v, "Turkey Unlimited 7 Days") {
			t.Errorf("height %d: focused card not shown:\n%s", h, v)
		}
		m = tuitest.Press(t, m, "down")
		if v := m.View(); !strings.Contains(v, "> ▸ AE  United Arab Emirates") {
			t.Errorf("height %d: focused area not shown:\n%s", h, v)
		}
	}
}

func TestUpKeepsTheColumn(t *testing.T) {
	// Turkey's 4 cards sit two to a row at 80 columns: focus the second card of the second
	// row, go up, and land on the second card of the first row.
	m := tuitest.Press(t, loaded(t).SetSize(80, 40), "down", "enter", "down", "down", "right")
	if b, _ := m.Focused(); b.Name != "TR_UNL_7D" {
		t.Fatalf("focused %q, want TR_UNL_7D", b.Name)
	}
	m = tuitest.Press(t, m, "up")
	if b, _ := m.Focused(); b.Name != "TR_5GB_30D" {
		t.Fatalf("after up: focused %q, want TR_5GB_30D", b.Name)
	}
}

// flaky is a catalogue whose calls fail until ok is set.
type flaky struct {
	ok    bool
	calls int
}

func (f *flaky) fail() error {
	f.calls++
	if f.ok {
		return nil
	}
	return &sdk.APIError{Status: 500, Title: "Internal Server Error"}
}
func (f *flaky) Countries(context.Context) ([]sdk.Country, error) {
	if err := f.fail(); err != nil {
		return nil, err
	}
	return []sdk.Country{{Name: "Turkey", ISOCode: "TR"}}, nil
}
func (f *flaky) Regions(context.Context) ([]sdk.Region, error) { return nil, f.fail() }
func (f *flaky) SpecialBundles(context.Context) ([]sdk.Bundle, error) {
	return nil, f.fail()
}
func (f *flaky) AreaBundles(context.Context, string) ([]sdk.Bundle, error) { return nil, f.fail() }
func (f *flaky) Search(context.Context, []string) ([]sdk.Bundle, error)    { return nil, f.fail() }

// TestErrorIsNotEmpty: a failing catalogue (HTTP 500) says so and offers a retry; r loads
// again, and an empty answer then reads 'Nothing to show', told apart from the error.
func TestErrorIsNotEmpty(t *testing.T) {
	f := &flaky{}
	m := New(context.Background(), Config{Catalog: f, Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
	m = tuitest.Drain(t, m, m.Init())
	tests := []struct {
		name string
		keys []string
	}{{"countries", nil}, {"regions", []string{"tab"}}, {"global", []string{"tab", "tab"}}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tuitest.Press(t, m, tt.keys...).View()
			if !strings.Contains(v, "Something went wrong. Please try again.") || !strings.Contains(v, "Press r to try again.") {
				t.Fatalf("no error with retry:\n%s", v)
			}
			if strings.Contains(v, "Nothing to show") {
				t.Fatalf("an error reads as an empty list:\n%s", v)
			}
		})
	}
	if h := m.KeyMap().ShortHelp(); h[0].Help().Desc != "retry" {
		t.Errorf("short help of a failed list starts with %q, want retry", h[0].Help().Desc)
	}
	f.ok = true
	m = tuitest.Press(t, m, "r")
	if v := m.View(); !strings.Contains(v, "TR  Turkey") || strings.Contains(v, "went wrong") {
		t.Fatalf("after r:\n%s", v)
	}
	m = tuitest.Press(t, m, "tab", "tab")
	if v := m.View(); !strings.Contains(v, "Nothing to show") {
		t.Fatalf("an empty Global tab:\n%s", v)
	}
}

func TestGoldenFailed(t *testing.T) {
	m := New(context.Background(), Config{Catalog: &flaky{}, Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
	m = tuitest.Drain(t, m, m.Init())
	tuitest.Golden(t, 20, func(w, h int) string { return m.SetSize(w, h).View() })
}
