// Package crash keeps a panic in the TUI from passing for a normal exit. Guard wraps the
// root model: a panic in Init, Update, View or in any command they return (batched or in
// sequence) is recovered, kept with its stack, and ends the program through tea.Quit, so
// the terminal is restored by bubbletea's own shutdown. Write then puts the report in a
// file for the user to send, and the command exits non-zero.
package crash

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Report is a recovered panic: its value and the stack where it was raised.
type Report struct {
	Value any
	Stack []byte
}

// state is shared by every copy of a Guard: bubbletea keeps only the latest model, and a
// panic in View (a value method) must still be seen by Run.
type state struct {
	mu     sync.Mutex
	report *Report
	send   func(tea.Msg)
}

// Guard is a tea.Model that recovers the panics of the model it wraps.
type Guard struct {
	inner tea.Model
	st    *state
}

// crashedMsg carries a panic recovered in a command (another goroutine) to Update.
type crashedMsg struct{ report *Report }

// New wraps m.
func New(m tea.Model) Guard { return Guard{inner: m, st: &state{}} }

// Bind gives the guard the program's Send, with which a panic in View ends the program
// (View cannot return a command).
func (g Guard) Bind(send func(tea.Msg)) {
	g.st.mu.Lock()
	g.st.send = send
	g.st.mu.Unlock()
}

// Report is the first panic recovered, or nil.
func (g Guard) Report() *Report {
	g.st.mu.Lock()
	defer g.st.mu.Unlock()
	return g.st.report
}

// keep records r unless a panic was already recorded (the first one is the cause).
func (g Guard) keep(r *Report) {
	g.st.mu.Lock()
	defer g.st.mu.Unlock()
	if g.st.report == nil {
		g.st.report = r
	}
}

func recovered(r any) *Report { return &Report{Value: r, Stack: debug.Stack()} }

// Init implements tea.Model.
func (g Guard) Init() (cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			g.keep(recovered(r))
			cmd = tea.Quit
		}
	}()
	return guardCmd(g.inner.Init())
}

// Update implements tea.Model. Once a panic is recorded, every message quits.
func (g Guard) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	if c, ok := msg.(crashedMsg); ok {
		g.keep(c.report)
	}
	if g.Report() != nil {
		return g, tea.Quit
	}
	defer func() {
		if r := recover(); r != nil {
			g.keep(recovered(r))
			m, cmd = g, tea.Quit
		}
	}()
	inner, c := g.inner.Update(msg)
	return Guard{inner: inner, st: g.st}, guardCmd(c)
}

// View implements tea.Model: after a panic it draws nothing.
func (g Guard) View() (v string) {
	if g.Report() != nil {
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			rep := recovered(r)
			g.keep(rep)
			g.st.mu.Lock()
			send := g.st.send
			g.st.mu.Unlock()
			if send != nil {
				go send(crashedMsg{rep}) // View runs on the event loop: Send from it would block
			}
			v = ""
		}
	}()
	return g.inner.View()
}

// cmdType is the type of the elements of tea.BatchMsg and of tea.Sequence's message.
var cmdType = reflect.TypeFor[tea.Cmd]()

// guardCmd wraps cmd so that a panic in it becomes a crashedMsg, and so do the panics of
// the commands it returns in a batch or a sequence (bubbletea runs those itself).
func guardCmd(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = crashedMsg{recovered(r)}
			}
		}()
		return guardMsg(cmd())
	}
}

// guardMsg wraps the commands of a batch or sequence message. tea.Sequence's message type
// is unexported, so it is rebuilt through reflect as a copy of its own type.
func guardMsg(msg tea.Msg) tea.Msg {
	if msg == nil {
		return nil
	}
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return msg
	}
	out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
	for i := range v.Len() {
		c, _ := v.Index(i).Interface().(tea.Cmd)
		out.Index(i).Set(reflect.ValueOf(guardCmd(c)))
	}
	return out.Interface()
}

// Write puts the report in a new file under dir (created 0700; the file is 0600) and
// returns its path. The report holds the version, the time, the panic and its stack:
// no session data.
func Write(dir, version string, now time.Time, r *Report) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("crash report: %w", err)
	}
	f, err := os.CreateTemp(dir, "tui-"+now.UTC().Format("20060102-150405")+"-*.txt")
	if err != nil {
		return "", fmt.Errorf("crash report: %w", err)
	}
	_, werr := fmt.Fprintf(f, "esim tui crashed\nversion: %s\ntime: %s\npanic: %v\n\n%s",
		version, now.UTC().Format(time.RFC3339), r.Value, r.Stack)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return "", fmt.Errorf("crash report: %w", werr)
	}
	return filepath.Clean(f.Name()), nil
}
