package crash

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// bomb panics where it is told to: in Init, Update, View, or a command (plain, batched or
// in a sequence).
type bomb struct{ where string }

func boom() tea.Msg { panic("boom") }

func (b bomb) Init() tea.Cmd {
	switch b.where {
	case "init":
		panic("boom")
	case "init-cmd":
		return boom
	}
	return nil
}

func (b bomb) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch b.where {
	case "update":
		panic("boom")
	case "cmd":
		return b, boom
	case "batch":
		return b, tea.Batch(func() tea.Msg { return nil }, boom)
	case "sequence":
		return b, tea.Sequence(func() tea.Msg { return nil }, boom)
	case "nested":
		return b, tea.Batch(tea.Sequence(tea.Batch(boom)))
	}
	return b, nil
}

func (b bomb) View() string {
	if b.where == "view" {
		panic("boom")
	}
	return "ok"
}

// TestGuardRecoversEveryPanic runs each bomb as a program: the program ends by itself,
// and the report holds the panic and a stack that names the bomb.
func TestGuardRecoversEveryPanic(t *testing.T) {
	for _, where := range []string{"init", "init-cmd", "update", "view", "cmd", "batch", "sequence", "nested"} {
		t.Run(where, func(t *testing.T) {
			g := New(bomb{where})
			p := tea.NewProgram(g, tea.WithInput(strings.NewReader("")), tea.WithOutput(&strings.Builder{}),
				tea.WithoutSignalHandler())
			g.Bind(p.Send)
			go p.Send(tea.KeyMsg{Type: tea.KeyEnter}) // the first Update
			done := make(chan error, 1)
			go func() { _, err := p.Run(); done <- err }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				p.Kill()
				t.Fatal("the program did not end after the panic")
			}
			r := g.Report()
			if r == nil || r.Value != "boom" || !strings.Contains(string(r.Stack), "crash.bomb") && !strings.Contains(string(r.Stack), "crash.boom") {
				t.Fatalf("report %+v", r)
			}
		})
	}
}

func TestNoPanicNoReport(t *testing.T) {
	g := New(bomb{})
	p := tea.NewProgram(g, tea.WithInput(strings.NewReader("")), tea.WithOutput(&strings.Builder{}), tea.WithoutSignalHandler())
	g.Bind(p.Send)
	go p.Quit()
	if _, err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if g.Report() != nil {
		t.Fatalf("report without a panic: %+v", g.Report())
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir() + "/crash"
	now := time.Date(2025, 6, 22, 12, 0, 0, 0, time.UTC)
	path, err := Write(dir, "v1.2.3", now, &Report{Value: "index out of range [5] with length 5", Stack: []byte("goroutine 1 [running]:\nsignup.Model.Update")})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"version: v1.2.3", "time: 2025-06-22T12:00:00Z", "panic: index out of range [5] with length 5", "signup.Model.Update"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q:\n%s", want, b)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("report mode %v, %v; want 0600", fi.Mode().Perm(), err)
	}
}
