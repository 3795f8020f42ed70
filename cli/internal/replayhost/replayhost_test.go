package replayhost

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/fixtures/replay"
	"github.com/cedarsim/esim/sdk/forwarded"
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

// The replay's pages show the recorded codes, so they follow the sandbox admin surface's
// rule: an allowed Host, then the admin token or a direct loopback client.
func TestReplayPagesFollowTheAdminRule(t *testing.T) {
	listen := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	hosts := forwarded.DefaultHosts(listen, "")
	open := func(token string) http.Handler {
		f := Flags{Dir: "../../../fixtures", Mode: string(replay.Strict)}
		h, _, err := f.Load(context.Background(), Deps{Gate: sb.AdminGate{Token: token, Hosts: hosts}})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	get := func(h http.Handler, host, peer string, hdr map[string]string) int {
		r := httptest.NewRequest(http.MethodGet, replay.MailboxPath, nil)
		r.Host, r.RemoteAddr = host, peer
		for k, v := range hdr {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	plain, withToken := open(""), open("s3cret-admin-token")
	tests := []struct {
		name string
		h    http.Handler
		host string
		peer string
		hdr  map[string]string
		want int
	}{
		{"direct loopback", plain, "127.0.0.1:8080", "127.0.0.1:5000", nil, http.StatusOK},
		{"through a proxy on this machine", plain, "127.0.0.1:8080", "127.0.0.1:5000", map[string]string{"X-Forwarded-For": "203.0.113.5"}, http.StatusForbidden},
		{"X-Real-IP", plain, "127.0.0.1:8080", "127.0.0.1:5000", map[string]string{"X-Real-IP": "203.0.113.5"}, http.StatusForbidden},
		{"DNS rebinding", plain, "rebind.attacker.example", "127.0.0.1:5000", nil, http.StatusForbidden},
		{"remote without token", plain, "127.0.0.1:8080", "192.0.2.7:5000", nil, http.StatusForbidden},
		{"token required from loopback too", withToken, "127.0.0.1:8080", "127.0.0.1:5000", nil, http.StatusForbidden},
		{"token given", withToken, "127.0.0.1:8080", "192.0.2.7:5000", map[string]string{sb.AdminTokenHeader: "s3cret-admin-token"}, http.StatusOK},
		{"token given, foreign host", withToken, "rebind.attacker.example", "192.0.2.7:5000", map[string]string{sb.AdminTokenHeader: "s3cret-admin-token"}, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := get(tt.h, tt.host, tt.peer, tt.hdr); got != tt.want {
				t.Fatalf("GET %s: %d, want %d", replay.MailboxPath, got, tt.want)
			}
		})
	}
}

// The banner lists the pages of the mode only, and what was left out of a browser's HAR.
func TestBannerListsThePagesOfTheMode(t *testing.T) {
	api := &har.File{Path: "api/c/s.har.json", Log: har.Log{Entries: []har.Entry{{Service: har.ServiceAPI}}}}
	checkout := &har.File{Path: "checkout/c/s.har.json", Log: har.Log{Entries: []har.Entry{{Service: har.ServiceCheckout}}}}
	tests := []struct {
		name      string
		mode      replay.Mode
		loaded    replay.Loaded
		want, not []string
	}{
		{"strict, no checkout recorded", replay.Strict, replay.Loaded{Files: []*har.File{api}},
			[]string{"Replaying 1 recorded exchanges in 1 files on http://h (strict", "Mailbox      http://h/sandbox/mailbox", "Replay       http://h/sandbox/replay.json"},
			[]string{"Checkout", "Audit log", "Faults"}},
		{"strict, checkout recorded", replay.Strict, replay.Loaded{Files: []*har.File{api, checkout}},
			[]string{"Checkout     http://h/sandbox/checkout/"}, []string{"Audit log", "Faults"}},
		{"lenient: the emulator's pages too", replay.Lenient, replay.Loaded{Files: []*har.File{api}},
			[]string{"Checkout", "Audit log    http://h/sandbox/audit", "Faults       http://h/sandbox/faults"}, nil},
		{"spy: the upstream's admin pages are not this server's", replay.Spy, replay.Loaded{Files: []*har.File{api}},
			[]string{"(spy: a request no recording matches goes to the upstream)"}, []string{"Audit log", "Faults"}},
		{"a browser's HAR", replay.Strict, replay.Loaded{Files: []*har.File{api}, Imported: []replay.Import{{Path: "s.har", Entries: 1, Skipped: 2, Incomplete: 3}}},
			[]string{"  (s.har: a HAR from another tool, 1 exchanges kept, 2 outside the services, 3 that never got an answer left out)\n"}, []string{"left out left out"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			Banner(&b, "http://h", tt.mode, tt.loaded)
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("banner lacks %q:\n%s", w, b.String())
				}
			}
			for _, n := range tt.not {
				if strings.Contains(b.String(), n) {
					t.Errorf("banner has %q:\n%s", n, b.String())
				}
			}
		})
	}
}
