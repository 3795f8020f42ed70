// The root when things go wrong: an expired session, no server, Run's own exits.

package tui

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	tea "github.com/charmbracelet/bubbletea"
)

// TestExpiredSessionLeadsToLogin: a screen reports that the session could not be renewed;
// the root forgets the customer and shows the login in its place.
func TestExpiredSessionLeadsToLogin(t *testing.T) {
	c := tuitest.Client(t, tuitest.RegisteredSession(t), append(catalog, "listEsimsByEmail/success")...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m = tuitest.Press(t, m, "2")
	if m.cur != scrESIMs || !m.registered {
		t.Fatalf("screen %d registered %v", m.cur, m.registered)
	}
	m, _ = m.Update(nav.LoginMsg{Expired: true})
	if m.cur != scrLogin || m.registered || m.account != "" {
		t.Fatalf("after expiry: screen %d registered %v account %q", m.cur, m.registered, m.account)
	}
	if _, ok := m.screens[scrESIMs]; ok {
		t.Error("the stale My eSIMs screen is still kept")
	}
	if v := m.View(); !strings.Contains(v, "Your session has expired. Please log in again.") {
		t.Errorf("the login screen does not say why:\n%s", v)
	}
}

// TestServerDownNamesTheServer: with no server listening, the plans say which server could
// not be reached and how to point esim at another, as the CLI does (issue 25.12).
func TestServerDownNamesTheServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	c, err := sdk.NewClient(sdk.Options{APIBase: "http://" + addr + "/api/v1/", SupportBase: "http://" + addr + "/esim-service/api/v1/",
		ESIMCheckBase: "http://" + addr + "/esimcheck/api/v1/", Store: sdk.NewMemoryStore(), Timeout: 5 * time.Second,
		ClientID: "c", ClientSecret: "s", GuestUsername: "g", GuestPassword: "p"})
	if err != nil {
		t.Fatal(err)
	}
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	v := m.View()
	for _, want := range []string{"Could not reach http://" + addr + ": connection refused.", "--server or ESIM_SERVER"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q:\n%s", want, v)
		}
	}
}

func TestRun(t *testing.T) {
	if err := Run(context.Background(), nil, Options{}); err == nil {
		t.Fatal("Run without a client: no error")
	}
	c := tuitest.Client(t, sdk.Session{}, catalog...)
	var out bytes.Buffer
	opts := options()
	opts.In, opts.Out = strings.NewReader("q"), &out
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), c, opts) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("q did not end Run")
	}
	if !strings.Contains(out.String(), "CedarSIM") {
		t.Errorf("nothing drawn: %q", out.String())
	}

	ctx, cancel := context.WithCancel(context.Background())
	opts.In = blockingReader{ctx}
	go func() { done <- Run(ctx, c, opts) }()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run after cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("cancelling the context did not end Run")
	}
}

// blockingReader is a terminal with nothing typed until ctx ends.
type blockingReader struct{ ctx context.Context }

func (r blockingReader) Read([]byte) (int, error) {
	<-r.ctx.Done()
	return 0, r.ctx.Err()
}
