package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/list"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

// now is the clock of the fixtures' verdicts.
func now() time.Time { return time.Date(2025, 6, 22, 12, 0, 0, 0, time.UTC) }

func config(src Source, check func(context.Context, string, string) (bool, error)) Config {
	return Config{Source: src, Check: check, Now: now, Brand: "CedarSIM",
		Support: messages.Support{Phone: "+961 1 555 010", Email: "support@cedarsim.example"},
		Styles:  DefaultStyles(theme.New()), Keys: DefaultKeyMap()}
}

func withFixtures(t *testing.T, fixtures ...string) Model {
	t.Helper()
	c := tuitest.Client(t, tuitest.AgentSession(t), fixtures...)
	return New(context.Background(), config(c.ESIMs, c.ESIMCheck.Check))
}

// fake answers the lookups with an error or a list.
type fake struct {
	err   error
	esims []sdk.ESIM
	calls int
}

func (f *fake) ByEmail(context.Context, string) ([]sdk.ESIM, error) {
	f.calls++
	return f.esims, f.err
}
func (f *fake) Info(context.Context, string) ([]sdk.ESIMBundle, error) { return nil, f.err }

func lookup(t *testing.T, m Model, email string) Model {
	t.Helper()
	return tuitest.Press(t, tuitest.Type(t, m, email), "enter")
}

func TestGolden(t *testing.T) {
	forbidden := &sdk.APIError{Status: 403, Title: "Forbidden", Detail: "agents only"}
	tests := []struct {
		name string
		m    func(t *testing.T) Model
	}{
		{"start", func(t *testing.T) Model { return New(context.Background(), config(&fake{}, nil)) }},
		{"customer", func(t *testing.T) Model {
			return lookup(t, withFixtures(t, "listEsimsByEmail/success"), tuitest.RegisteredEmail)
		}},
		{"verdict", func(t *testing.T) Model {
			m := lookup(t, withFixtures(t, "listEsimsByEmail/success", "getEsimInfo/success", "checkEsim/can-continue"), tuitest.RegisteredEmail)
			return tuitest.Press(t, m, "enter")
		}},
		{"verdict-reply", func(t *testing.T) Model {
			m := lookup(t, withFixtures(t, "listEsimsByEmail/success", "getEsimInfo/success", "checkEsim/can-continue"), tuitest.RegisteredEmail)
			return tuitest.Press(t, m, "enter", "y")
		}},
		{"no-esims", func(t *testing.T) Model {
			return lookup(t, New(context.Background(), config(&fake{}, nil)), "karim.nassar@example.com")
		}},
		{"failed", func(t *testing.T) Model {
			return lookup(t, New(context.Background(), config(&fake{err: errors.New("HTTP 500")}, nil)), tuitest.RegisteredEmail)
		}},
		{"forbidden", func(t *testing.T) Model {
			return lookup(t, New(context.Background(), config(&fake{err: fmt.Errorf("esims: %w", forbidden)}, nil)), tuitest.RegisteredEmail)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.m(t)
			tuitest.Golden(t, 40, func(w, h int) string { return m.SetSize(w, h).View() })
		})
	}
}

func TestLookupShowsTheCustomer(t *testing.T) {
	m := lookup(t, withFixtures(t, "listEsimsByEmail/success"), tuitest.RegisteredEmail)
	c := m.Customer()
	if c.Email != tuitest.RegisteredEmail || len(c.ESIMs) == 0 || c.ESIMs[0].ICCID != "89961010025061000016" {
		t.Fatalf("customer %+v", c)
	}
	v := m.View()
	for _, want := range []string{"ICCID 89961010025061000016", "TR_5GB_30D · top-up yes", "EEST", "code 10326-D64AD-97847-DDE82"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

func TestDiagnoseUsesTheSharedVerdict(t *testing.T) {
	c := tuitest.Client(t, tuitest.AgentSession(t), "listEsimsByEmail/success", "getEsimInfo/success", "checkEsim/can-continue")
	m := lookup(t, New(context.Background(), config(c.ESIMs, c.ESIMCheck.Check)), tuitest.RegisteredEmail)
	m = tuitest.Press(t, m, "enter")
	got, ok := m.Verdict()
	if !ok {
		t.Fatalf("no verdict:\n%s", m.View())
	}
	bundles, err := c.ESIMs.Info(context.Background(), "89961010025061000016")
	if err != nil {
		t.Fatal(err)
	}
	cur, _ := diagnose.Current(bundles)
	in := diagnose.Input{ICCID: "89961010025061000016", Bundles: bundles, Now: now(), Install: m.Customer().ESIMs[0].Install}
	if diagnose.TopupAllowed(cur) {
		in.Topup = diagnose.TopupCheck{Done: true, CanContinue: true}
	}
	want := diagnose.Diagnose(in)
	if got.Status != want.Status || got.Summary != want.Summary || len(got.Checks) != len(want.Checks) {
		t.Fatalf("verdict %+v\nwant %+v", got, want)
	}
	if v := m.SetSize(120, 60).View(); !strings.Contains(v, want.Summary) || !strings.Contains(v, want.Checks[0].Finding) {
		t.Fatalf("view lacks the verdict:\n%s", v)
	}
	m = tuitest.Press(t, m, "y")
	if v := m.SetSize(120, 200).View(); !strings.Contains(v, "Hello there,") {
		t.Fatalf("no reply after y:\n%s", v)
	}
	// The reply also goes out on WhatsApp: a wa.me link without a number (the agent picks the chat).
	wa := diagnose.WhatsAppLink("", diagnose.Reply(want, diagnose.ReplyOptions{Brand: "CedarSIM", Support: m.cfg.Support}))
	if v := strings.ReplaceAll(m.SetSize(4000, 400).View(), "\n  ", ""); !strings.Contains(v, "Send on WhatsApp") || !strings.Contains(v, wa) {
		t.Fatalf("no WhatsApp link %s after y:\n%s", wa, v)
	}
	m = tuitest.Press(t, m, "esc")
	if _, ok := m.Verdict(); ok || !strings.Contains(m.View(), "ICCID 89961010025061000016") {
		t.Fatalf("esc did not go back to the customer:\n%s", m.View())
	}
}

func TestFailedLookupOffersRetry(t *testing.T) {
	f := &fake{err: errors.New("HTTP 500")}
	m := lookup(t, New(context.Background(), config(f, nil)), tuitest.RegisteredEmail)
	if m.list.Status() != list.Failed || !strings.Contains(m.View(), list.RetryHint) {
		t.Fatalf("failed lookup:\n%s", m.View())
	}
	if strings.Contains(m.View(), "No eSIMs") {
		t.Fatalf("an error looks like an empty result:\n%s", m.View())
	}
	f.err = nil
	m = tuitest.Press(t, m, "r")
	if f.calls != 2 || m.list.Status() != list.Ready || !strings.Contains(m.View(), "No eSIMs for "+tuitest.RegisteredEmail) {
		t.Fatalf("after retry (%d calls):\n%s", f.calls, m.View())
	}
}

func TestKeys(t *testing.T) {
	m := New(context.Background(), config(&fake{}, nil))
	if !m.Capturing() {
		t.Fatal("the e-mail field does not capture keys")
	}
	_, cmd := m.Update(tuitest.Key("esc"))
	if cmd == nil {
		t.Fatal("esc with no customer did nothing")
	}
	if _, ok := cmd().(nav.BackMsg); !ok {
		t.Fatal("esc with no customer did not go back")
	}
	m = lookup(t, m, "someone@example.com")
	if m.Capturing() {
		t.Fatal("still capturing after the lookup")
	}
	m = tuitest.Press(t, m, "e")
	if !m.Capturing() {
		t.Fatal("e did not focus the e-mail field")
	}
}

// TestCopyKeys: on a verdict, c copies the ready reply and w the WhatsApp link, whole; the
// links on screen are one line each (issue 25.7).
func TestCopyKeys(t *testing.T) {
	c := tuitest.Client(t, tuitest.AgentSession(t), "listEsimsByEmail/success", "getEsimInfo/success", "checkEsim/can-continue")
	var copied []string
	cfg := config(c.ESIMs, c.ESIMCheck.Check)
	cfg.Copy = func(s string) (bool, error) { copied = append(copied, s); return true, nil }
	m := lookup(t, New(context.Background(), cfg), tuitest.RegisteredEmail)
	m = tuitest.Press(t, m, "enter", "c", "w")
	v, ok := m.Verdict()
	if !ok {
		t.Fatalf("no verdict:\n%s", m.View())
	}
	reply := diagnose.Reply(v, diagnose.ReplyOptions{Brand: "CedarSIM", Support: cfg.Support})
	want := []string{reply, diagnose.WhatsAppLink("", reply)}
	if len(copied) != 2 || copied[0] != want[0] || copied[1] != want[1] {
		t.Fatalf("copied %q,\nwant %q", copied, want)
	}
	view := m.SetSize(80, 200).View()
	if !strings.Contains(view, "Copied the WhatsApp link to the clipboard.") {
		t.Errorf("no copy message:\n%s", view)
	}
	for _, l := range strings.Split(view, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "https://") && !strings.HasSuffix(l, "…") && ansi.StringWidth(l) >= 80 {
			t.Errorf("a link broken over lines: %q", l)
		}
	}
}

// TestOneESIM: one eSIM reads "1 eSIM", not "1 eSIMs" (issue 25.13).
func TestOneESIM(t *testing.T) {
	one := tuitest.ESIMs(t)[:1]
	m := lookup(t, New(context.Background(), config(&fake{esims: one}, nil)), tuitest.RegisteredEmail)
	if v := m.View(); !strings.Contains(v, "1 eSIM ·") {
		t.Fatalf("header:\n%s", v)
	}
}

// TestNobodyIsNotEmpty: an address without eSIMs is asked about: nobody's reads "No
// customer with this e-mail." with the nearest address looked up before; a customer's
// without eSIMs, or a server without the look-up, reads "No eSIMs for ..." (issue 25.3).
func TestNobodyIsNotEmpty(t *testing.T) {
	tests := []struct {
		name   string
		lookup func(context.Context, string) (*sdk.CustomerLookup, error)
		want   string
	}{
		{"nobody", func(_ context.Context, e string) (*sdk.CustomerLookup, error) {
			return &sdk.CustomerLookup{Email: e}, nil
		},
			NoCustomer + " Did you mean karim.nassar@example.com?"},
		{"a customer without eSIMs", func(_ context.Context, e string) (*sdk.CustomerLookup, error) {
			return &sdk.CustomerLookup{Email: e, Exists: true}, nil
		}, "No eSIMs for karim.nasar@example.com."},
		{"no look-up", func(context.Context, string) (*sdk.CustomerLookup, error) { return nil, sdk.ErrNoLookup },
			"No eSIMs for karim.nasar@example.com."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := config(&fake{}, nil)
			cfg.Lookup = tt.lookup
			cfg.Known = func() []string { return []string{"karim.nassar@example.com"} }
			m := lookup(t, New(context.Background(), cfg), "karim.nasar@example.com")
			if v := m.SetSize(120, 20).View(); !strings.Contains(v, tt.want) {
				t.Fatalf("view lacks %q:\n%s", tt.want, v)
			}
		})
	}
}
