package list

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

// grid is a list of a header row, then rows of n cells of height 2, as the plans cards.
func grid(cells ...int) []Row {
	rows := []Row{{Items: 1, View: func(f int) string { return mark(f == 0) + "Header" }}}
	for ri, n := range cells {
		rows = append(rows, Row{Height: 2, Items: n, View: func(f int) string {
			var a, b []string
			for i := range n {
				a = append(a, fmt.Sprintf("%s[%d.%d]", mark(f == i), ri, i))
				b = append(b, "  ....")
			}
			return strings.Join(a, " ") + "\n" + strings.Join(b, " ")
		}})
	}
	return append(rows, Row{View: func(int) string { return "  a note" }})
}

func mark(f bool) string {
	if f {
		return "> "
	}
	return "  "
}

func newList(rows []Row, w, h int) Model {
	return New(1, DefaultKeyMap(), DefaultStyles(theme.New())).SetRows(rows).SetSize(w, h)
}

func TestGolden(t *testing.T) {
	text := make([]Row, 30)
	for i := range text {
		text[i] = Row{View: func(int) string { return fmt.Sprintf("line %02d of a text that only scrolls", i) }}
	}
	tests := []struct {
		name string
		list Model
		keys []string
	}{
		{"grid", newList(grid(2, 2, 1), 0, 0), nil},
		{"grid-column-kept", newList(grid(3, 2, 3), 0, 0), []string{"down", "right", "right", "down", "down"}},
		{"grid-scrolled", newList(grid(2, 2, 2, 2, 2), 0, 0), []string{"G"}},
		{"text-scrolled", newList(text, 0, 0), []string{"down", "down", "pgdown"}},
		{"loading", newList(nil, 0, 0).SetStatus(Loading, "").WithSpinner("|"), nil},
		{"failed", newList(grid(2), 0, 0).SetStatus(Failed, "Something went wrong. Please try again."), nil},
		{"empty", newList(nil, 0, 0), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tuitest.Golden(t, 6, func(w, h int) string {
				return tuitest.Press(t, tt.list.SetSize(w, h), tt.keys...).View()
			})
		})
	}
}

func TestCursor(t *testing.T) {
	tests := []struct {
		name      string
		cells     []int
		keys      []string
		want      int // item index
		row, col  int
		offsetMin int
	}{
		{"down to the first card", []int{2, 2}, []string{"down"}, 1, 1, 0, 0},
		{"right along the row and into the next", []int{2, 2}, []string{"down", "right", "right"}, 3, 2, 0, 0},
		{"up keeps the column", []int{2, 2}, []string{"down", "down", "right", "up"}, 2, 1, 1, 0},
		{"down to a shorter row clamps the column", []int{3, 1}, []string{"down", "right", "right", "down"}, 4, 2, 0, 0},
		{"up at the top stays", []int{2}, []string{"up", "up"}, 0, 0, 0, 0},
		{"end and home", []int{2, 2, 2}, []string{"G", "g"}, 0, 0, 0, 0},
		{"end scrolls", []int{2, 2, 2, 2}, []string{"G"}, 8, 4, 1, 2},
		{"page down", []int{1, 1, 1, 1, 1, 1}, []string{"pgdown"}, 2, 2, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tuitest.Press(t, newList(grid(tt.cells...), 40, 5), tt.keys...)
			if m.Cursor() != tt.want {
				t.Errorf("cursor %d, want %d", m.Cursor(), tt.want)
			}
			if r, c := m.Focus(); r != tt.row || c != tt.col {
				t.Errorf("focus row %d col %d, want %d %d", r, c, tt.row, tt.col)
			}
			if m.offset < tt.offsetMin {
				t.Errorf("offset %d, want at least %d", m.offset, tt.offsetMin)
			}
			if !strings.Contains(m.View(), "> ") {
				t.Errorf("focused item not drawn:\n%s", m.View())
			}
		})
	}
}

func TestSetRowsKeepsTheCursorInRange(t *testing.T) {
	m := tuitest.Press(t, newList(grid(2, 2, 2), 40, 20), "G")
	m = m.SetRows(grid(1))
	if m.Cursor() != 1 {
		t.Fatalf("cursor %d after the list shrank, want 1 (the last item)", m.Cursor())
	}
	m = m.SetRows(nil)
	if r, _ := m.Focus(); r != -1 || m.View() != "Nothing to show" {
		t.Fatalf("empty list: focus row %d view %q", r, m.View())
	}
}

func TestRetryOnlyWhenFailed(t *testing.T) {
	m := newList(grid(1), 40, 5)
	if _, cmd := m.Update(tuitest.Key("r")); cmd != nil {
		t.Fatal("r on a ready list asked for a retry")
	}
	m = m.SetStatus(Failed, "Something went wrong. Please try again.")
	v := m.View()
	if !strings.Contains(v, "Something went wrong") || !strings.Contains(v, RetryHint) || strings.Contains(v, "Header") {
		t.Fatalf("failed view:\n%s", v)
	}
	_, cmd := m.Update(tuitest.Key("r"))
	if cmd == nil {
		t.Fatal("r on a failed list did nothing")
	}
	if got, ok := cmd().(RetryMsg); !ok || got.ID != 1 {
		t.Fatalf("got %#v, want RetryMsg{1}", got)
	}
	if h := m.KeyMap().ShortHelp(); len(h) != 1 || h[0].Help().Key != "r" {
		t.Fatalf("short help of a failed list: %+v", h)
	}
}

func TestViewFits(t *testing.T) {
	for _, sz := range [][2]int{{10, 1}, {20, 3}, {80, 7}} {
		m := tuitest.Press(t, newList(grid(4, 4, 4), sz[0], sz[1]), "down", "down")
		lines := strings.Split(m.View(), "\n")
		if len(lines) > sz[1] {
			t.Errorf("%v: %d lines", sz, len(lines))
		}
		for _, l := range lines {
			if len([]rune(l)) > sz[0] {
				t.Errorf("%v: line %q too wide", sz, l)
			}
		}
	}
}
