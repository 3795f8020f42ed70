// Package list is the TUI's one scrolling list: rows of any height, each holding zero or
// more focusable items (an area header is one item, a row of cards several, a note none),
// a cursor that moves by item and by row keeping its column, an offset that keeps the
// cursor's row on screen, and the states every list screen shares: loading, failed (with
// retry) and empty. The plans browser, My eSIMs, the bundle detail, the top-up list and
// the agent's customer view draw their lists with it.
package list

import (
	"strings"

	"github.com/cedarsim/esim/sdk/messages"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Row is one group of lines of the list.
type Row struct {
	// Height is the number of lines View draws; 0 means 1.
	Height int
	// Items is the number of focusable items in the row: 0 for a note or a text line.
	Items int
	// View draws the row; focus is the index of the focused item in the row, or -1.
	View func(focus int) string
}

func (r Row) height() int { return max(1, r.Height) }

// Status is what the list shows instead of its rows.
type Status int

const (
	Ready   Status = iota // the rows (or the empty text when there are none)
	Loading               // a spinner and "Loading..."
	Failed                // the error text and the retry hint
)

// RetryMsg is sent when the retry key is pressed on a failed list: the owner reloads.
type RetryMsg struct{ ID int }

// Model is the list. It is a value: every method returns the changed copy.
type Model struct {
	id     int
	keys   KeyMap
	styles Styles

	rows          []Row
	starts        []int // index of the first item of each row
	items         int
	cursor        int // item index
	offset        int // first visible row
	width, height int

	status  Status
	err     string
	hint    string // under the error of a failed list; RetryHint when ""
	empty   string
	spinner string
}

// New returns an empty, ready list. id tells its RetryMsg apart from other lists'.
func New(id int, keys KeyMap, st Styles) Model {
	return Model{id: id, keys: keys, styles: st, width: 80, height: 10, empty: messages.NothingToShow}
}

// SetRows replaces the rows, keeping the cursor (clamped) and its row on screen.
func (m Model) SetRows(rows []Row) Model {
	m.rows = rows
	m.starts = make([]int, len(rows))
	n := 0
	for i, r := range rows {
		m.starts[i] = n
		n += r.Items
	}
	m.items = n
	return m.fix()
}

// SetSize tells the list its width and the number of lines it may draw.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, max(1, h); return m.fix() }

// SetStatus sets what the list shows: its rows, a loading line, or an error with the
// retry hint (err is the text).
func (m Model) SetStatus(s Status, err string) Model { m.status, m.err = s, err; return m }

// SetFailHint replaces the retry hint under a failed list's error ("" puts RetryHint back):
// an expired session is not retried but logged in again.
func (m Model) SetFailHint(hint string) Model { m.hint = hint; return m }

// SetEmpty sets the text of a ready list without rows.
func (m Model) SetEmpty(text string) Model { m.empty = text; return m }

// WithSpinner sets the frame drawn before "Loading..." (the owner's spinner).
func (m Model) WithSpinner(frame string) Model { m.spinner = frame; return m }

// Status is what the list shows.
func (m Model) Status() Status { return m.status }

// Err is the error text of a failed list.
func (m Model) Err() string { return m.err }

// KeyMap returns the list's bindings for the help bar.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.failed = m.status == Failed
	return k
}

// Cursor is the index of the focused item, across rows.
func (m Model) Cursor() int { return m.cursor }

// Len is the number of focusable items.
func (m Model) Len() int { return m.items }

// SetCursor focuses item i (clamped) and scrolls to it.
func (m Model) SetCursor(i int) Model { m.cursor = i; return m.fix() }

// Top focuses the first item and scrolls to the top.
func (m Model) Top() Model { m.cursor, m.offset = 0, 0; return m.fix() }

// Focus returns the row of the focused item and its index in the row; row is -1 when
// the list has no items.
func (m Model) Focus() (row, col int) {
	if m.items == 0 {
		return -1, 0
	}
	return m.locate(m.cursor)
}

// locate finds the row holding item i, and i's index in it.
func (m Model) locate(i int) (int, int) {
	for ri, r := range m.rows {
		if i < r.Items {
			return ri, i
		}
		i -= r.Items
	}
	return -1, 0
}

// Update moves the cursor (or, in a list without items, scrolls) on the list's keys, and
// asks for a retry on a failed list. Other messages are ignored.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	if m.status == Failed {
		if key.Matches(k, m.keys.Retry) {
			id := m.id
			return m, func() tea.Msg { return RetryMsg{ID: id} }
		}
		return m, nil
	}
	if m.status != Ready {
		return m, nil
	}
	if m.items == 0 {
		return m.scroll(k), nil
	}
	switch {
	case key.Matches(k, m.keys.Up):
		m.cursor = m.rowStep(-1)
	case key.Matches(k, m.keys.Down):
		m.cursor = m.rowStep(1)
	case key.Matches(k, m.keys.Left):
		m.cursor = max(0, m.cursor-1)
	case key.Matches(k, m.keys.Right):
		m.cursor = min(m.items-1, m.cursor+1)
	case key.Matches(k, m.keys.PageUp):
		for range max(1, m.height/2) {
			m.cursor = m.rowStep(-1)
		}
	case key.Matches(k, m.keys.PageDown):
		for range max(1, m.height/2) {
			m.cursor = m.rowStep(1)
		}
	case key.Matches(k, m.keys.Home):
		m.cursor = 0
	case key.Matches(k, m.keys.End):
		m.cursor = m.items - 1
	default:
		return m, nil
	}
	return m.fix(), nil
}

// scroll moves the offset of a list that has nothing to focus (a text).
func (m Model) scroll(k tea.KeyMsg) Model {
	last := m.lastOffset()
	switch {
	case key.Matches(k, m.keys.Up):
		m.offset--
	case key.Matches(k, m.keys.Down):
		m.offset++
	case key.Matches(k, m.keys.PageUp):
		m.offset -= max(1, m.height-1)
	case key.Matches(k, m.keys.PageDown):
		m.offset += max(1, m.height-1)
	case key.Matches(k, m.keys.Home):
		m.offset = 0
	case key.Matches(k, m.keys.End):
		m.offset = last
	}
	m.offset = max(0, min(m.offset, last))
	return m
}

// lastOffset is the largest offset that still fills the window.
func (m Model) lastOffset() int {
	h := 0
	for i := len(m.rows) - 1; i >= 0; i-- {
		h += m.rows[i].height()
		if h > m.height {
			return i + 1
		}
	}
	return 0
}

// rowStep is the item one row up or down, keeping the column when it can.
func (m Model) rowStep(d int) int {
	ri, col := m.locate(m.cursor)
	if ri < 0 {
		return 0
	}
	for t := ri + d; t >= 0 && t < len(m.rows); t += d {
		if c := m.rows[t].Items; c > 0 {
			return m.starts[t] + min(col, c-1)
		}
	}
	return m.cursor
}

// fix keeps the cursor in range and its row on screen.
func (m Model) fix() Model {
	if m.items == 0 {
		m.cursor = 0
		m.offset = max(0, min(m.offset, m.lastOffset()))
		return m
	}
	m.cursor = max(0, min(m.cursor, m.items-1))
	ri, _ := m.locate(m.cursor)
	if ri < m.offset {
		m.offset = ri
	}
	for m.offset < ri {
		h := 0
		for i := m.offset; i <= ri; i++ {
			h += m.rows[i].height()
		}
		if h <= m.height {
			break
		}
		m.offset++
	}
	return m
}

// Lines renders the visible part: at most the list's height, each line cut to its width.
func (m Model) Lines() []string {
	st := m.styles
	var lines []string
	switch {
	case m.status == Loading:
		lines = []string{strings.TrimSpace(m.spinner + " Loading...")}
	case m.status == Failed:
		hint := RetryHint
		if m.hint != "" {
			hint = m.hint
		}
		lines = append(st.wrap(st.Error, m.err, m.width), st.Muted.Render(hint))
	case len(m.rows) == 0:
		lines = []string{st.Muted.Render(m.empty)}
	default:
		cr, col := m.Focus()
		for i := m.offset; i < len(m.rows) && len(lines) < m.height; i++ {
			focus := -1
			if i == cr {
				focus = col
			}
			for _, l := range strings.Split(m.rows[i].View(focus), "\n") {
				if len(lines) >= m.height {
					break
				}
				lines = append(lines, l)
			}
		}
	}
	if len(lines) > m.height {
		lines = lines[:m.height]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "…")
	}
	return lines
}

// View is Lines joined.
func (m Model) View() string { return strings.Join(m.Lines(), "\n") }

// RetryHint follows the error text of a failed list.
const RetryHint = "Press r to try again."

// ShortHelp and FullHelp make the list's KeyMap a help.KeyMap on its own.
var _ help.KeyMap = KeyMap{}
