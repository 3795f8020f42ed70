package topup

import (
	"context"
	"os"
	"testing"

	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	"github.com/cedarsim/esim/tui/theme"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

const (
	phone = "+961 1 555 010"
	email = "support@cedarsim.example"
)

func target(t *testing.T) nav.TopupMsg {
	e := tuitest.ESIMs(t)[0]
	return nav.TopupMsg{ESIM: e, Origin: e.Bundles[0].Countries[0].ISOCode, Provider: 0}
}

func newTopup(t *testing.T, sel func(ctx context.Context, iccid, name string, provider int) (string, error), fixtures ...string) Model {
	t.Helper()
	c := tuitest.Client(t, tuitest.RegisteredSession(t), append([]string{"listAreaBundles.topup/success"}, fixtures...)...)
	if sel == nil {
		sel = c.TopupSelect
	}
	m := New(context.Background(), target(t), Config{Bundles: c.Catalog.TopupBundles, Select: sel,
		SupportPhone: phone, SupportEmail: email, Styles: theme.New(), Keys: DefaultKeyMap()})
	return tuitest.Drain(t, m, m.Init())
}

// refusedSelect answers with the SDK's own error for the refused top-up fixture.
func refusedSelect(t *testing.T) func(ctx context.Context, iccid, name string, provider int) (string, error) {
	c := tuitest.Client(t, tuitest.RegisteredSession(t), "topupBundleSelected/refused")
	_, err := c.Catalog.TopupBundleSelected(context.Background(), "89961010025061000016", "TR_1GB_7D", 0)
	if err == nil {
		t.Fatal("refused fixture answered without an error")
	}
	return func(context.Context, string, string, int) (string, error) { return "", err }
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name     string
		fixtures []string
		keys     []string
		refused  bool
	}{
		{"list", nil, nil, false},
		{"second-focused", nil, []string{"right"}, false},
		{"invalid-plan", []string{"checkEsim/cannot-continue"}, []string{"enter"}, false},
		{"refused", nil, []string{"enter"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sel func(ctx context.Context, iccid, name string, provider int) (string, error)
			if tt.refused {
				sel = refusedSelect(t)
			}
			m := tuitest.Press(t, newTopup(t, sel, tt.fixtures...), tt.keys...)
			tuitest.Golden(t, 24, func(w, h int) string { return m.SetSize(w, h).View() })
		})
	}
}

func TestMessages(t *testing.T) {
	tests := []struct {
		name     string
		fixtures []string
		refused  bool
		want     string
	}{
		{"cannot continue", []string{"checkEsim/cannot-continue"}, false, "Invalid plan, please try selecting another one."},
		{"selection refused", nil, true, "Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sel func(ctx context.Context, iccid, name string, provider int) (string, error)
			if tt.refused {
				sel = refusedSelect(t)
			}
			m := tuitest.Press(t, newTopup(t, sel, tt.fixtures...), "enter")
			if m.err != tt.want {
				t.Fatalf("message %q, want %q", m.err, tt.want)
			}
		})
	}
}

func TestSelectionLeadsToCheckout(t *testing.T) {
	m := newTopup(t, nil, "checkEsim/can-continue", "topupBundleSelected/success")
	m = tuitest.Press(t, m, "right") // TR_5GB_30D
	_, cmd := m.Update(tuitest.Key("enter"))
	_, msgs := tuitest.Collect(t, m, cmd)
	var got *nav.TopupCheckoutMsg
	for _, msg := range msgs {
		if c, ok := msg.(nav.TopupCheckoutMsg); ok {
			got = &c
		}
	}
	want := nav.TopupCheckoutMsg{BundleID: "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6", TopupAccountID: "cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4"}
	if got == nil || got.BundleID != want.BundleID || got.TopupAccountID != want.TopupAccountID || got.Bundle.Name != "TR_5GB_30D" {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}
