package plans

import (
	"context"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/theme"
)

// TestFocusCycle presses every key at the focus positions of each tab, of an open area's
// cards, of the search box and its results, and of a failed catalogue: no panic, the
// cursor stays on an item, and tab / shift+tab cycle the three tabs. The country list
// has some 200 areas alike; its first, second and last stand for the rest.
func TestFocusCycle(t *testing.T) {
	cat := offline(t)
	at := func(keys []string, cursor func(Model) int) func(t *testing.T) Model {
		return func(t *testing.T) Model {
			m := New(context.Background(), Config{Catalog: cat, Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
			m = tuitest.Press(t, tuitest.Drain(t, m, m.Init()), keys...)
			if cursor != nil {
				m.list = m.list.SetCursor(cursor(m))
			}
			return m
		}
	}
	last := func(m Model) int { return m.list.Len() - 1 }
	fixed := func(i int) func(Model) int { return func(Model) int { return i } }
	states := []tuitest.State[Model]{
		{Name: "countries-first", Reach: at(nil, nil)},
		{Name: "countries-second", Reach: at(nil, fixed(1))},
		{Name: "countries-last", Reach: at(nil, last)},
		{Name: "regions-first", Reach: at([]string{"tab"}, nil)},
		{Name: "regions-last", Reach: at([]string{"tab"}, last)},
		{Name: "global-first", Reach: at([]string{"tab", "tab"}, nil)},
		{Name: "global-last", Reach: at([]string{"tab", "tab"}, last)},
		{Name: "search-empty", Reach: at([]string{"/"}, nil)},
		{Name: "search-typed", Reach: at([]string{"/", "t", "u", "r"}, nil)},
		{Name: "search-no-options", Reach: at([]string{"/", "z", "z", "z"}, nil)},
		{Name: "search-picked", Reach: at([]string{"/", "t", "u", "r", "k", "enter"}, nil)},
		{Name: "results-first", Reach: at([]string{"/", "t", "u", "r", "k", "enter", "esc"}, nil)},
		{Name: "results-last", Reach: at([]string{"/", "t", "u", "r", "k", "enter", "esc"}, last)},
		{Name: "failed", Reach: func(t *testing.T) Model {
			m := New(context.Background(), Config{Catalog: &flaky{}, Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
			return tuitest.Drain(t, m, m.Init())
		}},
	}
	// Every item of the open area (Turkey, second in the list): its header, each card and
	// the area after it.
	open := at([]string{"down", "enter"}, nil)(t)
	for i := 1; i < open.list.Len() && i <= 2+len(open.cat.bundles["TR"]); i++ {
		states = append(states, tuitest.State[Model]{Name: fmt.Sprintf("turkey-open-item-%d", i), Reach: at([]string{"down", "enter"}, fixed(i))})
	}
	tuitest.Explore(t, states, func(t *testing.T, state, key string, before, after Model) {
		if n := after.list.Len(); n > 0 && after.list.Status() == list.Ready && (after.list.Cursor() < 0 || after.list.Cursor() >= n) {
			t.Errorf("%s: after %s the cursor is %d of %d items", state, key, after.list.Cursor(), n)
		}
		if before.search.active || len(before.search.selected) > 0 {
			return
		}
		want := -1
		switch key {
		case "tab":
			want = (before.tab + 1) % len(tabNames)
		case "shift+tab":
			want = (before.tab + len(tabNames) - 1) % len(tabNames)
		}
		if want >= 0 && after.tab != want {
			t.Errorf("%s: %s moved from tab %d to %d, want %d", state, key, before.tab, after.tab, want)
		}
	})
}

// memory is a catalogue read once from the fixtures that answers every area and search
// with Turkey's bundles, so that any key may load anything.
type memory struct {
	countries []sdk.Country
	regions   []sdk.Region
	specials  []sdk.Bundle
	bundles   []sdk.Bundle
}

func offline(t *testing.T) memory {
	t.Helper()
	c := tuitest.Client(t, sdk.Session{}, catalogFixtures...).Catalog
	ctx := context.Background()
	var m memory
	var err error
	if m.countries, err = c.Countries(ctx); err != nil {
		t.Fatal(err)
	}
	if m.regions, err = c.Regions(ctx); err != nil {
		t.Fatal(err)
	}
	if m.specials, err = c.SpecialBundles(ctx); err != nil {
		t.Fatal(err)
	}
	if m.bundles, err = c.AreaBundles(ctx, "TR"); err != nil {
		t.Fatal(err)
	}
	return m
}

func (m memory) Countries(context.Context) ([]sdk.Country, error)          { return m.countries, nil }
func (m memory) Regions(context.Context) ([]sdk.Region, error)             { return m.regions, nil }
func (m memory) SpecialBundles(context.Context) ([]sdk.Bundle, error)      { return m.specials, nil }
func (m memory) AreaBundles(context.Context, string) ([]sdk.Bundle, error) { return m.bundles, nil }
func (m memory) Search(context.Context, []string) ([]sdk.Bundle, error)    { return m.bundles, nil }
