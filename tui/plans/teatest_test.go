package plans

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// host runs the browser as a program of its own.
type host struct{ m Model }

func (h host) Init() tea.Cmd { return h.m.Init() }
func (h host) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && k.String() == "ctrl+c" {
		return h, tea.Quit
	}
	m, cmd := h.m.Update(msg)
	return host{m}, cmd
}
func (h host) View() string { return h.m.View() }

// outage is a catalogue that answers HTTP 500 until it is over.
type outage struct {
	mu   sync.Mutex
	down bool
}

func (o *outage) err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.down {
		return &sdk.APIError{Status: 500, Title: "Internal Server Error"}
	}
	return nil
}
func (o *outage) Countries(context.Context) ([]sdk.Country, error) {
	if err := o.err(); err != nil {
		return nil, err
	}
	return []sdk.Country{{Name: "Lebanon", ISOCode: "LB"}}, nil
}
func (o *outage) Regions(context.Context) ([]sdk.Region, error)             { return nil, o.err() }
func (o *outage) SpecialBundles(context.Context) ([]sdk.Bundle, error)      { return nil, o.err() }
func (o *outage) AreaBundles(context.Context, string) ([]sdk.Bundle, error) { return nil, o.err() }
func (o *outage) Search(context.Context, []string) ([]sdk.Bundle, error)    { return nil, o.err() }

// TestRetryAfterOutage: with the catalogue failing (HTTP 500) the screen says so rather
// than 'Nothing to show'; once it is back, r loads the list.
func TestRetryAfterOutage(t *testing.T) {
	o := &outage{down: true}
	m := New(context.Background(), Config{Catalog: o, Styles: DefaultStyles(theme.New()), Keys: DefaultKeyMap()})
	tm := teatest.NewTestModel(t, host{m}, teatest.WithInitialTermSize(80, 24))
	wait := func(want string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(want)) },
			teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	wait("Press r to try again.")
	o.mu.Lock()
	o.down = false
	o.mu.Unlock()
	tm.Send(tuitest.Key("r"))
	wait("LB  Lebanon")
	tm.Send(tuitest.Key("ctrl+c"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(host).m
	if v := final.View(); bytes.Contains([]byte(v), []byte("went wrong")) || bytes.Contains([]byte(v), []byte("Nothing to show")) {
		t.Fatalf("after the retry:\n%s", v)
	}
}
