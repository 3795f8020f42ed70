// What the root draws: golden screens, every screen within the window, the QR at 80×24,
// the full help.

package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/qrcode/qrcodetest"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestQRAt80x24: the whole screen at 80×24 (header, help bar) holds the QR code, which
// scans back to the eSIM's activation code, beside the manual-install facts (issue 25.6).
func TestQRAt80x24(t *testing.T) {
	c := tuitest.Client(t, tuitest.RegisteredSession(t), append(catalog, "listEsimsByEmail/success")...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m = tuitest.Press(t, m, "2", "v")
	v := m.View()
	if n := strings.Count(v, "\n") + 1; n > 24 {
		t.Fatalf("%d lines at 80x24", n)
	}
	text, err := qrcodetest.Scan(v)
	if err != nil || text != "LPA:1$smdp.cedarsim.example$10326-D64AD-97847-DDE82" {
		t.Fatalf("scanned %q, %v from:\n%s", text, err, v)
	}
	if !strings.Contains(v, "10326-D64AD-97847-DDE82") || strings.Contains(v, "Enlarge") {
		t.Fatalf("screen:\n%s", v)
	}
}
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		sess bool
		fx   []string
		keys []string
	}{
		{"plans", false, catalog, nil},
		{"help", false, catalog, []string{"?"}},
		{"login", false, catalog, []string{"2"}},
		{"signup", false, catalog, []string{"2", "ctrl+n"}},
		{"esims", true, append(catalog, "listEsimsByEmail/success"), []string{"2"}},
		{"agent", true, catalog, []string{"3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sess := sdk.Session{}
			switch {
			case tt.name == "agent":
				sess = tuitest.AgentSession(t)
			case tt.sess:
				sess = tuitest.RegisteredSession(t)
			}
			c := tuitest.Client(t, sess, tt.fx...)
			base := New(context.Background(), c, options())
			m := tuitest.Drain(t, root{base}, base.Init())
			m = tuitest.Press(t, m, tt.keys...)
			tuitest.Golden(t, 30, func(w, h int) string {
				r, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
				return r.View()
			})
		})
	}
}

// TestViewFitsTheWindow resizes every screen to several terminal sizes: no line is wider
// than the window and the view is never taller.
func TestViewFitsTheWindow(t *testing.T) {
	states := []struct {
		name string
		sess bool
		fx   []string
		keys []string
	}{
		{"plans", false, catalog, nil},
		{"expanded", false, catalog, []string{"down", "enter", "down"}},
		{"search", false, catalog, []string{"/", "t"}},
		{"detail", false, catalog, []string{"tab", "tab", "enter"}},
		{"full-help", false, catalog, []string{"?"}},
		{"login", false, catalog, []string{"2"}},
		{"signup", false, catalog, []string{"2", "ctrl+n"}},
		{"esims", true, append(catalog, "listEsimsByEmail/success", "getEsimInfo/success"), []string{"2", "enter"}},
		{"checkout", true, catalog, []string{"down", "enter", "down", "enter", "b"}},
		{"qr", true, append(catalog, "listEsimsByEmail/success"), []string{"2", "v"}},
		{"topup", true, append(catalog, "listEsimsByEmail/success", "listAreaBundles.topup/success"), []string{"2", "t"}},
		{"agent-verdict", true, append(catalog, "listEsimsByEmail/success", "getEsimInfo/success", "checkEsim/can-continue"),
			[]string{"3", "r", "a", "n", "a", ".", "h", "a", "d", "d", "a", "d", "@", "e", "x", "a", "m", "p", "l", "e", ".", "c", "o", "m", "enter", "enter", "y"}},
	}
	sizes := [][2]int{{40, 12}, {60, 20}, {80, 24}, {120, 40}}
	for _, st := range states {
		t.Run(st.name, func(t *testing.T) {
			sess := sdk.Session{}
			switch {
			case strings.HasPrefix(st.name, "agent"):
				sess = tuitest.AgentSession(t)
			case st.sess:
				sess = tuitest.RegisteredSession(t)
			}
			c := tuitest.Client(t, sess, st.fx...)
			base := New(context.Background(), c, options())
			m := tuitest.Drain(t, root{base}, base.Init())
			m = tuitest.Press(t, m, st.keys...)
			for _, sz := range sizes {
				r, _ := m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				lines := strings.Split(r.View(), "\n")
				if len(lines) > sz[1] {
					t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
				}
				for _, l := range lines {
					if w := ansi.StringWidth(l); w > sz[0] {
						t.Errorf("%dx%d: line %d wide: %q", sz[0], sz[1], w, l)
					}
				}
			}
		})
	}
}

// TestFullHelpFits: ? shows every key of the screen and the global ones at 80 columns and
// narrower, on further rows rather than cut (issue 25.12).
func TestFullHelpFits(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, catalog...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m = tuitest.Press(t, m, "?")
	for _, w := range []int{60, 80} {
		r, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
		v := r.View()
		for _, want := range []string{"previous card", "previous tab", "clear search", "reload", "my eSIMs", "quit", "more keys"} {
			if !strings.Contains(v, want) {
				t.Errorf("%d columns: the full help lacks %q:\n%s", w, want, v)
			}
		}
		if strings.Contains(v, "…\n") || strings.HasSuffix(v, "…") {
			t.Errorf("%d columns: the help is cut:\n%s", w, v)
		}
	}
}
