package tui

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// panicky panics on the first key, as the sign-up screen did on Enter (issue 25.1).
type panicky struct{}

func (panicky) Init() tea.Cmd { return nil }
func (panicky) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		var inputs [5]int
		i := 5
		_ = inputs[i] // index out of range [5] with length 5
	}
	return panicky{}, nil
}
func (panicky) View() string { return "" }

// TestPanicEndsWithACrashError: a panic in the TUI is not a normal exit: Run returns a
// CrashError, and the report with the stack is in a file under CrashDir.
func TestPanicEndsWithACrashError(t *testing.T) {
	dir := t.TempDir()
	var out strings.Builder
	err := run(context.Background(), panicky{}, Options{In: strings.NewReader("\r"), Out: &out, CrashDir: dir, Version: "test",
		ProgramOptions: []tea.ProgramOption{tea.WithoutSignalHandler()}})
	var ce *CrashError
	if !errors.As(err, &ce) {
		t.Fatalf("run returned %v, want a CrashError", err)
	}
	if !strings.Contains(ce.Error(), "index out of range [5] with length 5") || ce.Path == "" || ce.WriteErr != nil {
		t.Fatalf("crash error %+v", ce)
	}
	b, err := os.ReadFile(ce.Path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "tui.panicky.Update") || !strings.Contains(string(b), "version: test") {
		t.Fatalf("report:\n%s", b)
	}
	if strings.Contains(out.String(), "goroutine") {
		t.Errorf("the stack went to the screen:\n%s", out.String())
	}
}
