package tuitest

import (
	"runtime/debug"
	"slices"
	"testing"

	"github.com/charmbracelet/bubbles/help"
)

// Screen is a component the focus-cycle tests drive: it takes keys and draws itself.
type Screen[M any] interface {
	Updater[M]
	View() string
	KeyMap() help.KeyMap
}

// State is one focus position (or mode) of a screen, reached by Reach from a fresh model.
type State[M any] struct {
	Name  string
	Reach func(t *testing.T) M
}

// BaseKeys are pressed at every state on top of the screen's own bindings: moving, editing,
// the global keys of the root, and a few runes, so that a key a screen does not expect
// is tried as well.
var BaseKeys = []string{
	"enter", "esc", "tab", "shift+tab", "up", "down", "left", "right", "home", "end",
	"pgup", "pgdown", "backspace", "delete", "space", "ctrl+n", "ctrl+r", "ctrl+u",
	"q", "?", "1", "2", "3", "r", "c", "w", "a", "@", "/", "0",
}

// KeysOf lists every key bound in a help.KeyMap (short and full help), each once.
func KeysOf(km help.KeyMap) []string {
	var out []string
	for _, b := range km.ShortHelp() {
		out = append(out, b.Keys()...)
	}
	for _, col := range km.FullHelp() {
		for _, b := range col {
			out = append(out, b.Keys()...)
		}
	}
	return dedupe(out)
}

// Explore presses, at every state, every key of BaseKeys and of the state's own key map,
// each from a freshly reached state, running the commands each key leads to. A panic
// fails the test with the state and the key, rather than ending the test binary; check
// (optional) verifies what the key did.
func Explore[M Screen[M]](t *testing.T, states []State[M], check func(t *testing.T, state, key string, before, after M)) {
	t.Helper()
	for _, st := range states {
		t.Run(st.Name, func(t *testing.T) {
			keys := append(slices.Clone(BaseKeys), KeysOf(st.Reach(t).KeyMap())...)
			for _, k := range dedupe(keys) {
				before := st.Reach(t)
				after, ok := pressSafely(t, before, k)
				if !ok {
					continue
				}
				if check != nil {
					check(t, st.Name, k, before, after)
				}
			}
		})
	}
}

// pressSafely presses k and draws the result, turning a panic into a test failure.
func pressSafely[M Screen[M]](t *testing.T, m M, k string) (out M, ok bool) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("key %q panicked: %v\n%s", k, r, debug.Stack())
			ok = false
		}
	}()
	m = Press(t, m, k)
	_ = m.View()
	return m, true
}

func dedupe(keys []string) []string {
	var out []string
	for _, k := range keys {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}
