package spin

import (
	"os"
	"testing"

	"github.com/cedarsim/esim/tui/internal/tuitest"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// TestMain goes through tuitest so that `go test ./tui/... -update` knows the flag here too.
func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

func TestTicksOnlyItsOwnWhileBusy(t *testing.T) {
	m, other := New(), New()
	own := m.Start()().(spinner.TickMsg)
	foreign := other.Start()().(spinner.TickMsg)
	tests := []struct {
		name             string
		msg              tea.Msg
		busy             bool
		wantCmd, wantTik bool
	}{
		{"own tick while busy", own, true, true, true},
		{"own tick when idle ends the chain", own, false, false, true},
		{"another spinner's tick", foreign, true, false, true},
		{"not a tick", tea.KeyMsg{}, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, cmd, tick := m.Update(tt.msg, tt.busy)
			if (cmd != nil) != tt.wantCmd || tick != tt.wantTik {
				t.Fatalf("cmd %v tick %v; want cmd %v tick %v", cmd != nil, tick, tt.wantCmd, tt.wantTik)
			}
		})
	}
	if !m.Owns(own) || m.Owns(foreign) || m.Owns(tea.KeyMsg{}) {
		t.Fatal("Owns is wrong")
	}
}
