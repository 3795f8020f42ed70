package esims

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

// emptyUser is the customer of the listEsimsByEmail/empty fixture.
const emptyUser = "karim.nassar@example.com"

func loaded(t *testing.T, fixtures ...string) Model {
	t.Helper()
	c := tuitest.Client(t, tuitest.RegisteredSession(t), fixtures...)
	user := tuitest.User(c)
	if fixtures[0] == "listEsimsByEmail/empty" {
		user = func(context.Context) (sdk.CurrentUser, error) {
			return sdk.CurrentUser{Email: emptyUser, FirstName: "Karim", LastName: "Nassar"}, nil
		}
	}
	m := New(context.Background(), Config{Source: c.ESIMs, User: user, Styles: theme.New(), Keys: DefaultKeyMap()})
	return tuitest.Drain(t, m, m.Init())
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name     string
		fixtures []string
		keys     []string
	}{
		{"active", []string{"listEsimsByEmail/success"}, nil},
		{"active-expanded", []string{"listEsimsByEmail/success", "getEsimInfo/success"}, []string{"enter"}},
		{"expired", []string{"listEsimsByEmail/success"}, []string{"tab"}},
		{"history", []string{"listEsimsByEmail/success"}, []string{"tab", "tab"}},
		{"empty", []string{"listEsimsByEmail/empty"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tuitest.Press(t, loaded(t, tt.fixtures...), tt.keys...)
			tuitest.Golden(t, 30, func(w, h int) string { return m.SetSize(w, h).View() })
		})
	}
}

func TestTabsFollowTheProfileRules(t *testing.T) {
	m := loaded(t, "listEsimsByEmail/success")
	states := func(tab int) string {
		var s []string
		for _, e := range m.tabs[tab] {
			s = append(s, string(e.Bundle.BundleState))
		}
		return strings.Join(s, ",")
	}
	if got := states(0); got != "Active,Queued,Processing" {
		t.Errorf("Active tab states = %s", got)
	}
	if got := states(1); got != "Depleted,Expired" {
		t.Errorf("Expired tab states = %s", got)
	}
	var dates []string
	for _, e := range m.tabs[2] {
		dates = append(dates, e.Bundle.AssignmentDatetime.Format("2006-01-02"))
	}
	if got := strings.Join(dates, ","); got != "2025-06-21,2025-06-20,2025-06-10,2025-03-12,2025-03-02" {
		t.Errorf("history order = %s, want newest first", got)
	}
}

func TestEmptyListsReadNothingToShow(t *testing.T) {
	m := loaded(t, "listEsimsByEmail/empty")
	for tab := range tabNames {
		if v := m.View(); !strings.Contains(v, "Nothing to show") {
			t.Errorf("tab %d: %q", tab, v)
		}
		m = tuitest.Press(t, m, "tab")
	}
}

func TestActions(t *testing.T) {
	m := loaded(t, "listEsimsByEmail/success")
	_, cmd := m.Update(tuitest.Key("v"))
	if q, ok := cmd().(nav.ShowQRMsg); !ok || q.ESIM.ICCID != "89961010025061000016" {
		t.Fatalf("v: got %#v", q)
	}
	_, cmd = m.Update(tuitest.Key("t"))
	tp, ok := cmd().(nav.TopupMsg)
	if !ok || tp.ESIM.ICCID != "89961010025061000016" || tp.Origin != "TR" || tp.Provider != 0 {
		t.Fatalf("t: got %#v", tp)
	}
}

func TestCursorStaysVisible(t *testing.T) {
	for _, h := range []int{8, 12, 20} {
		m := tuitest.Press(t, loaded(t, "listEsimsByEmail/success").SetSize(80, h), "tab", "tab", "down", "down", "down", "down")
		if v := m.View(); !strings.Contains(v, "> France 3GB 15 Days") {
			t.Errorf("height %d: last entry focused but not shown:\n%s", h, v)
		}
	}
}

type expired struct{}

func (expired) ByEmail(context.Context, string) ([]sdk.ESIM, error) {
	return nil, fmt.Errorf("esims by e-mail: %w", sdk.ErrSessionExpired)
}
func (expired) Info(context.Context, string) ([]sdk.ESIMBundle, error) { return nil, nil }

// TestExpiredSessionAsksForLogin: the expiry is said on the screen first; r does not leave
// it (it went into the login e-mail field: issue 25.12), enter logs in again.
func TestExpiredSessionAsksForLogin(t *testing.T) {
	user := func(context.Context) (sdk.CurrentUser, error) { return sdk.CurrentUser{Email: emptyUser}, nil }
	m := New(context.Background(), Config{Source: expired{}, User: user, Styles: theme.New(), Keys: DefaultKeyMap()})
	m, msgs := tuitest.Collect(t, m, m.Init())
	for _, msg := range msgs {
		if _, ok := msg.(nav.LoginMsg); ok {
			t.Fatalf("left for the login before saying why: %#v", msgs)
		}
	}
	if v := m.View(); !strings.Contains(v, "Your session has expired. Please log in again.") || !strings.Contains(v, ExpiredHint) {
		t.Fatalf("view:\n%s", v)
	}
	m, cmd := m.Update(tuitest.Key("r"))
	if _, msgs = tuitest.Collect(t, m, cmd); len(msgs) > 0 {
		for _, msg := range msgs {
			if _, ok := msg.(nav.LoginMsg); ok {
				t.Fatalf("r went to the login: %#v", msgs)
			}
		}
	}
	_, cmd = m.Update(tuitest.Key("enter"))
	if cmd == nil {
		t.Fatal("enter did nothing")
	}
	if l, ok := cmd().(nav.LoginMsg); !ok || !l.Expired {
		t.Fatalf("enter: %#v", cmd())
	}
}

type failing struct{ calls int }

func (f *failing) ByEmail(context.Context, string) ([]sdk.ESIM, error) {
	f.calls++
	if f.calls == 1 {
		return nil, &sdk.APIError{Status: 500, Title: "Internal Server Error"}
	}
	return nil, nil
}
func (f *failing) Info(context.Context, string) ([]sdk.ESIMBundle, error) { return nil, nil }

// TestErrorIsNotEmpty: a failed load says so with a retry; r loads again and an empty
// answer then reads 'Nothing to show'.
func TestErrorIsNotEmpty(t *testing.T) {
	user := func(context.Context) (sdk.CurrentUser, error) { return sdk.CurrentUser{Email: emptyUser}, nil }
	f := &failing{}
	m := New(context.Background(), Config{Source: f, User: user, Styles: theme.New(), Keys: DefaultKeyMap()})
	m = tuitest.Drain(t, m, m.Init())
	v := m.View()
	if !strings.Contains(v, "Something went wrong. Please try again.") || !strings.Contains(v, "Press r to try again.") || strings.Contains(v, "Nothing to show") {
		t.Fatalf("failed load:\n%s", v)
	}
	tuitest.Golden(t, 12, func(w, h int) string { return m.SetSize(w, h).View() })
	m = tuitest.Press(t, m, "r")
	if v := m.View(); f.calls != 2 || !strings.Contains(v, "Nothing to show") || strings.Contains(v, "went wrong") {
		t.Fatalf("after r (%d calls):\n%s", f.calls, v)
	}
}

// TestRevokedNeverOffersTopup: a Revoked bundle is not offered a top-up, whatever its
// canTopup says (the rule of sdk/diagnose, as the CLI).
func TestRevokedNeverOffersTopup(t *testing.T) {
	revoked := []sdk.ESIM{{ICCID: "8996100000000000099", Bundles: []sdk.ESIMBundle{{
		BundleID: "r1", BundleDisplayName: "Turkey 5GB", BundleState: "Revoked", CanTopup: true,
		Countries: []sdk.Country{{Name: "Turkey", ISOCode: "TR"}}}}}}
	user := func(context.Context) (sdk.CurrentUser, error) { return sdk.CurrentUser{Email: emptyUser}, nil }
	m := New(context.Background(), Config{Source: fixed{revoked}, User: user, Styles: theme.New(), Keys: DefaultKeyMap()})
	m = tuitest.Drain(t, m, m.Init())
	m = tuitest.Press(t, m, "tab") // Revoked is on the Expired tab
	if v := m.View(); !strings.Contains(v, "Turkey 5GB") || strings.Contains(v, "top-up available") {
		t.Fatalf("revoked bundle:\n%s", v)
	}
	if _, cmd := m.Update(tuitest.Key("t")); cmd != nil {
		t.Fatal("t on a Revoked bundle asked for a top-up")
	}
}

type fixed struct{ esims []sdk.ESIM }

func (l fixed) ByEmail(context.Context, string) ([]sdk.ESIM, error)    { return l.esims, nil }
func (l fixed) Info(context.Context, string) ([]sdk.ESIMBundle, error) { return nil, nil }

// TestUsageNotice: an Active bundle with 90% of its data used and a day's end near says so
// (sdk/usage, the web shop's rule), with the top-up key; a fresh one says nothing.
func TestUsageNotice(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	bundle := func(remaining int64, end time.Time) []sdk.ESIM {
		return []sdk.ESIM{{ICCID: "8996100000000000099", Bundles: []sdk.ESIMBundle{{
			BundleID: "b1", BundleDisplayName: "Turkey 5GB", BundleState: "Active", CanTopup: true,
			InitialQuantity: 5_000_000_000, RemainingQuantity: remaining, EndTime: end,
			Countries: []sdk.Country{{Name: "Turkey", ISOCode: "TR"}}}}}}
	}
	user := func(context.Context) (sdk.CurrentUser, error) { return sdk.CurrentUser{Email: emptyUser}, nil }
	tests := []struct {
		name  string
		esims []sdk.ESIM
		want  string
	}{
		{"low and ending", bundle(500_000_000, now.Add(6*time.Hour)), "! 90% of the data used, ends within 24 hours: press t to top up"},
		{"fresh", bundle(4_000_000_000, now.Add(72*time.Hour)), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New(context.Background(), Config{Source: fixed{tt.esims}, User: user, Styles: theme.New(), Keys: DefaultKeyMap(),
				Now: func() time.Time { return now }})
			m = tuitest.Drain(t, m, m.Init())
			v := m.SetSize(120, 30).View()
			if tt.want == "" {
				if strings.Contains(v, "! ") {
					t.Fatalf("unexpected notice:\n%s", v)
				}
				return
			}
			if !strings.Contains(v, tt.want) {
				t.Fatalf("no %q:\n%s", tt.want, v)
			}
		})
	}
}
