package show

import (
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/tui/internal/tuitest"
)

// TestMain goes through tuitest so that `go test ./tui/... -update` knows the flag here too.
func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

func TestFlag(t *testing.T) {
	tests := []struct {
		code  string
		emoji bool
		want  string
	}{
		{"TR", false, "TR"},
		{"tr", true, "🇹🇷"},
		{"Europe", true, "EUROPE"},
		{"middle east", false, "MIDDLE-EAST"},
		{"haj", false, "HAJ"},
		{"../etc", false, "--"},
		{"", true, "--"},
	}
	for _, tt := range tests {
		if got := Flag(tt.code, tt.emoji); got != tt.want {
			t.Errorf("Flag(%q, %v) = %q, want %q", tt.code, tt.emoji, got, tt.want)
		}
	}
}

func TestUsage(t *testing.T) {
	tests := []struct {
		b    sdk.ESIMBundle
		want string
	}{
		{sdk.ESIMBundle{Unlimited: true, InitialQuantity: 5e9}, "Unlimited"},
		{sdk.ESIMBundle{InitialQuantity: 5e9, RemainingQuantity: 2.5e9}, "50% · 2500 MB used of 5.00 GB"},
		{sdk.ESIMBundle{}, "0% · 0 MB used of 0.00 GB"},
	}
	for _, tt := range tests {
		if got := Usage(tt.b); got != tt.want {
			t.Errorf("Usage(%+v) = %q, want %q", tt.b, got, tt.want)
		}
	}
}

func TestProfileTabs(t *testing.T) {
	at := func(d int) time.Time { return time.Date(2025, 1, d, 0, 0, 0, 0, time.UTC) }
	e := sdk.ESIM{ICCID: "1", Bundles: []sdk.ESIMBundle{
		{BundleID: "a", BundleState: "Active", AssignmentDatetime: at(1)},
		{BundleID: "b", BundleState: "Expired", AssignmentDatetime: at(3)},
		{BundleID: "c", BundleState: "Weird"},
		{BundleID: "d", BundleState: "Queued", AssignmentDatetime: at(2)},
	}}
	tabs := ProfileTabs([]sdk.ESIM{e})
	ids := func(l []Entry) string {
		s := ""
		for _, x := range l {
			s += x.Bundle.BundleID
		}
		return s
	}
	if got := [3]string{ids(tabs[0]), ids(tabs[1]), ids(tabs[2])}; got != [3]string{"ad", "b", "bdac"} {
		t.Fatalf("tabs = %v", got)
	}
}

func TestMessage(t *testing.T) {
	tests := []struct {
		name string
		c    messages.Context
		err  error
		want string
	}{
		{"validation", messages.OTPSendLogin, &sdk.ValidationError{Field: "email", Reason: "not an e-mail address"}, "Please check the email: not an e-mail address."},
		{"session", messages.Payment, fmt.Errorf("x: %w", sdk.ErrSessionExpired), "Your session has expired. Please log in again."},
		{"payment", messages.Payment, errors.New("boom"), "Unexpected error, please contact support P or E"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Message(tt.c, tt.err, messages.Support{Phone: "P", Email: "E"}).Text; got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}
