package sandbox_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// The abuse cases of issue 21 (items 5 to 8): what one client must not be able to do to
// the others.

// memEnv is a sandbox without a state file, for floods (with one, each change is a synced
// write: the store's cost, not what these tests look at).
func memEnv(t *testing.T, opts sandbox.Options) *env {
	t.Helper()
	if opts.Clock == nil {
		opts.Clock = sandbox.NewFakeClock(t0)
	}
	sb, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sb)
	t.Cleanup(func() { srv.Close(); _ = sb.Close() })
	e := &env{sb: sb, srv: srv}
	e.clock, _ = opts.Clock.(*sandbox.FakeClock)
	return e
}

// from is an HTTP client whose connections come from the loopback address ip (Linux routes
// all of 127.0.0.0/8 to the loopback interface): another client address, without proxies.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

// call sends one request through hc and returns the status, the answer headers and body.
func call(t *testing.T, hc *http.Client, e *env, method, path, ctype, body string, hdr map[string]string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

func refreshForm(token string) string {
	return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {token},
		"client_id": {sandbox.DefaultClientID}, "client_secret": {sandbox.DefaultClientSecret}}.Encode()
}

// TestConcurrentRefreshesShareThePair (issue 21.5): 20 refreshes of one token at once all
// succeed with the same new pair (two tabs or CLI processes refreshing together stay
// signed in); after the grace period the used token is refused.
func TestConcurrentRefreshesShareThePair(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	tok := signup(t, context.Background(), e, e.client(t), "tabs@example.com")
	type answer struct {
		status int
		body   string
	}
	answers := make([]answer, 20)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() {
			st, _, body := call(t, e.srv.Client(), e, "POST", sandbox.APIPath+"connect/token", "application/x-www-form-urlencoded", refreshForm(tok.RefreshToken), nil)
			answers[i] = answer{st, body}
		})
	}
	wg.Wait()
	var first struct{ AccessToken, RefreshToken string }
	for i, a := range answers {
		var got struct {
			AccessToken  string `json:"access_token"`
			RefreshToken string `json:"refresh_token"`
		}
		if a.status != 200 || json.Unmarshal([]byte(a.body), &got) != nil || got.RefreshToken == "" {
			t.Fatalf("refresh %d: %d %s", i, a.status, a.body)
		}
		if i == 0 {
			first.AccessToken, first.RefreshToken = got.AccessToken, got.RefreshToken
		} else if got.AccessToken != first.AccessToken || got.RefreshToken != first.RefreshToken {
			t.Fatalf("refresh %d answered another pair", i)
		}
	}
	// The new refresh token works (once); the used one only within the grace period.
	if st, _, body := call(t, e.srv.Client(), e, "POST", sandbox.APIPath+"connect/token", "application/x-www-form-urlencoded", refreshForm(first.RefreshToken), nil); st != 200 {
		t.Fatalf("the new refresh token: %d %s", st, body)
	}
	e.clock.Advance(31 * time.Second)
	if st, _, body := call(t, e.srv.Client(), e, "POST", sandbox.APIPath+"connect/token", "application/x-www-form-urlencoded", refreshForm(tok.RefreshToken), nil); st != 400 || !strings.Contains(body, "invalid_grant") {
		t.Fatalf("the used token after the grace period: %d %s", st, body)
	}
}

// TestCodeSendsPerClient (issue 21.6): one client cannot send codes to address after
// address without end; another client still can.
func TestCodeSendsPerClient(t *testing.T) {
	e := newEnv(t, sandbox.Options{CodeSendClientLimit: 5, AccessTokenLifetime: time.Hour})
	auth := guestBearer(t, e)
	send := func(hc *http.Client, email string) (int, http.Header, string) {
		return call(t, hc, e, "POST", sandbox.APIPath+"users/otp/send_email/"+email+"/false", "application/json",
			signupJSON("A", "B", "961", "1"), map[string]string{"Authorization": auth})
	}
	for i := range 5 {
		if st, _, body := send(e.srv.Client(), fmt.Sprintf("flood%d@example.com", i)); st != 200 {
			t.Fatalf("send %d: %d %s", i, st, body)
		}
	}
	st, hdr, body := send(e.srv.Client(), "flood5@example.com")
	assertTooMany(t, st, hdr.Get("Retry-After"), body, 15*time.Minute)
	if !strings.Contains(body, "from your network") {
		t.Fatalf("429 detail: %s", body)
	}
	if st, _, body := send(from("127.0.0.2"), "flood5@example.com"); st != 200 {
		t.Fatalf("another client: %d %s", st, body)
	}
}

// TestGuestLoginFloodKeepsCustomersSignedIn (issue 21.6): the guest credential is public,
// and each guest login stores a refresh token. A flood of them past the table's size drops
// guest sessions, never the customers': a customer who signed in before it still refreshes.
// (The soonest to expire went first, so the customers who signed in earliest were signed
// out by anyone with the shop's public configuration.)
func TestGuestLoginFloodKeepsCustomersSignedIn(t *testing.T) {
	const table = 50
	e := memEnv(t, sandbox.WithGrantLimit(sandbox.Options{}, table))
	tok := signup(t, context.Background(), e, e.client(t), "early@example.com")
	guest := url.Values{"grant_type": {"password"}, "username": {sandbox.DefaultGuestUsername}, "password": {sandbox.DefaultGuestPassword}}.Encode()
	basic := map[string]string{"Authorization": "Basic " + base64.StdEncoding.EncodeToString([]byte(sandbox.DefaultClientID+":"+sandbox.DefaultClientSecret))}
	for i := range 3 * table {
		e.clock.Advance(time.Second) // later guests expire later than the customer
		if st, _, body := call(t, e.srv.Client(), e, "POST", sandbox.APIPath+"connect/token", "application/x-www-form-urlencoded", guest, basic); st != 200 {
			t.Fatalf("guest login %d: %d %s", i, st, body)
		}
	}
	if st, _, body := call(t, e.srv.Client(), e, "POST", sandbox.APIPath+"connect/token", "application/x-www-form-urlencoded", refreshForm(tok.RefreshToken), nil); st != 200 {
		t.Fatalf("the customer's refresh after %d guest logins: %d %s", 3*table, st, body)
	}
}

// TestNobodyUsesUpTheOwnersCodes (issue 21.7): a client that asks for login codes to
// someone else's address (a customer's, the support agent's) uses up its own allowance of
// code e-mails to that address, never the owner's: the owner, on their own network, still
// gets a code. (The allowance was per address: five requests from anywhere kept the owner
// out for 15 minutes, again and again.)
func TestNobodyUsesUpTheOwnersCodes(t *testing.T) {
	e := newEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	const owner = "owner@example.com"
	signup(t, context.Background(), e, e.client(t), owner)
	for _, victim := range []string{owner, sandbox.DefaultAgentEmail} {
		send := func(hc *http.Client) (int, http.Header, string) {
			return call(t, hc, e, "POST", sandbox.APIPath+"users/otp/send_email/"+victim+"/true", "application/json", `{"email":"`+victim+`"}`, auth)
		}
		attacker := from("127.0.0.2")
		for i := range 5 {
			if st, _, body := send(attacker); st != 200 {
				t.Fatalf("%s: the other client's code %d: %d %s", victim, i+1, st, body)
			}
		}
		st, hdr, body := send(attacker)
		assertTooMany(t, st, hdr.Get("Retry-After"), body, 15*time.Minute)
		if !strings.Contains(body, "to this address") {
			t.Fatalf("429 detail: %s", body)
		}
		if st, _, body := send(e.srv.Client()); st != 200 {
			t.Fatalf("%s: the owner's own code after another client's five: %d %s", victim, st, body)
		}
	}
}

// TestUnverifiedSignupsDoNotBlockSignups (issue 21.6): a table full of accounts nobody
// verified does not refuse new sign-ups (the oldest unverified one makes room), and
// unverified accounts are pruned after 24 hours. (The same at 50,000 accounts:
// internal/state's TestUnverifiedAccountsMakeRoom.)
func TestUnverifiedSignupsDoNotBlockSignups(t *testing.T) {
	const table = 200
	e := memEnv(t, sandbox.WithStateLimits(sandbox.Options{CodeSendClientLimit: 10 * table, AccessTokenLifetime: 48 * time.Hour}, table, 1000, 1000))
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	send := func(email string, login bool) (int, string) {
		st, _, body := call(t, e.srv.Client(), e, "POST", fmt.Sprintf("%susers/otp/send_email/%s/%v", sandbox.APIPath, email, login), "application/json",
			signupJSON("A", "B", "961", "1"), auth)
		return st, body
	}
	signup(t, context.Background(), e, e.client(t), "verified@example.com")
	for i := range table {
		if st, body := send(fmt.Sprintf("junk%d@example.com", i), false); st != 200 {
			t.Fatalf("sign-up %d: %d %s", i, st, body)
		}
	}
	if st, body := send("real@example.com", false); st != 200 {
		t.Fatalf("a sign-up with the table full of unverified accounts: %d %s", st, body)
	}
	if st, _ := send("junk0@example.com", true); st != 404 {
		t.Fatalf("the oldest unverified account is still there: %d", st)
	}
	if st, body := send("verified@example.com", true); st != 200 {
		t.Fatalf("a verified account was dropped: %d %s", st, body)
	}
	e.clock.Advance(25 * time.Hour)
	if st, body := send("late@example.com", false); st != 200 {
		t.Fatalf("sign-up after a day: %d %s", st, body)
	}
	if st, _ := send("junk150@example.com", true); st != 404 {
		t.Fatalf("an unverified account older than 24 h was kept: %d", st)
	}
}

// TestMailFloodKeepsLiveCodes (issue 21.6): a flood of other mail (1,200 contact-form
// mails; the mailbox keeps 1,000) does not push a code the customer can still use out of
// the mailbox.
func TestMailFloodKeepsLiveCodes(t *testing.T) {
	e := memEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	const email = "waiting@example.com"
	if st, _, body := call(t, e.srv.Client(), e, "POST", sandbox.APIPath+"users/otp/send_email/"+email+"/false", "application/json", signupJSON("A", "B", "961", "1"), auth); st != 200 {
		t.Fatalf("send: %d %s", st, body)
	}
	code := e.sb.LatestCode(email)
	body := contactJSON("Flood", "flood@example.com", "m", "d", "")
	for i := range 600 {
		if st, _, b := call(t, e.srv.Client(), e, "POST", sandbox.SupportPath+"support/contact-us", "application/json", body, auth); st != 200 {
			t.Fatalf("message %d: %d %s", i, st, b)
		}
	}
	if n := len(e.sb.Mailbox()); n != 1000 {
		t.Fatalf("mailbox holds %d mails, want 1000", n)
	}
	if got := e.sb.LatestCode(email); got != code || code == "" {
		t.Fatalf("the live code %q was pushed out of the mailbox (latest %q)", code, got)
	}
}

// TestSignupFloodKeepsARealCode (issue 21.6): a flood of sign-up codes, live ones too, from
// several addresses does not push a customer's code out of the mailbox: the senders of the
// most mails lose theirs first. (Live codes went oldest first, so 1,500 sign-ups from 15
// addresses pushed out every real code sent before them.)
func TestSignupFloodKeepsARealCode(t *testing.T) {
	const mailbox = 100
	e := memEnv(t, sandbox.WithStateLimits(sandbox.Options{AccessTokenLifetime: time.Hour}, 10_000, mailbox, 1000))
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	send := func(hc *http.Client, email string) {
		t.Helper()
		if st, _, body := call(t, hc, e, "POST", sandbox.APIPath+"users/otp/send_email/"+email+"/false", "application/json", signupJSON("A", "B", "961", "1"), auth); st != 200 {
			t.Fatalf("send to %s: %d %s", email, st, body)
		}
	}
	const real = "real@example.com"
	send(from("127.0.0.9"), real)
	code := e.sb.LatestCode(real)
	for _, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		flood := from(ip)
		for i := range 60 {
			send(flood, fmt.Sprintf("flood%d-%s@example.com", i, ip))
		}
	}
	if n := len(e.sb.Mailbox()); n != mailbox {
		t.Fatalf("the mailbox holds %d mails, want %d", n, mailbox)
	}
	if got := e.sb.LatestCode(real); got != code || code == "" {
		t.Fatalf("the customer's code %q was pushed out by the flood (latest %q)", code, got)
	}
}

// TestLockIsPerAccountAndClient (issue 21.7): wrong codes lock the account for the client
// that made them (the spec's lock), not for its owner elsewhere; guesses from many clients
// void the code instead, and a fresh code lets the owner in.
func TestLockIsPerAccountAndClient(t *testing.T) {
	e := newEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	const email = "owner@example.com"
	signup(t, context.Background(), e, e.client(t), email)
	login := func() (string, string) {
		st, _, body := call(t, e.srv.Client(), e, "POST", sandbox.APIPath+"users/otp/send_email/"+email+"/true", "application/json", `{"email":"`+email+`"}`, auth)
		if st != 200 {
			t.Fatalf("login code: %d %s", st, body)
		}
		return userIDOf(t, body), e.sb.LatestCode(email)
	}
	verify := func(hc *http.Client, id, code string) (int, string) {
		st, _, body := call(t, hc, e, "POST", sandbox.APIPath+"users/otp/email/"+id, "application/json", verifyBody(id, code, ""), auth)
		return st, body
	}
	wrongFor := func(code string) string {
		if code == "000000" {
			return "111111"
		}
		return "000000"
	}

	id, code := login()
	attacker := from("127.0.0.2")
	for i := range 5 {
		if st, body := verify(attacker, id, wrongFor(code)); st != 400 || !strings.Contains(body, "Invalid OTP") {
			t.Fatalf("wrong code %d: %d %s", i+1, st, body)
		}
	}
	if st, body := verify(attacker, id, code); st != 400 || !strings.Contains(body, "locked") {
		t.Fatalf("the guessing client after 5 wrong codes: %d %s, want the lock", st, body)
	}
	if st, body := verify(e.srv.Client(), id, code); st != 200 {
		t.Fatalf("the owner, from elsewhere: %d %s", st, body)
	}

	// Five wrong codes from each of three clients void the code: guessing from many
	// addresses gains nothing. The owner asks for a fresh code and gets in.
	id, code = login()
	for _, ip := range []string{"127.0.0.3", "127.0.0.4", "127.0.0.5"} {
		for range 5 {
			verify(from(ip), id, wrongFor(code))
		}
	}
	if st, body := verify(e.srv.Client(), id, code); st != 400 || !strings.Contains(body, "Invalid OTP") {
		t.Fatalf("a code after 15 wrong guesses: %d %s, want it void", st, body)
	}
	id, code = login()
	if st, body := verify(e.srv.Client(), id, code); st != 200 {
		t.Fatalf("the owner with a fresh code: %d %s", st, body)
	}
}

// TestAuditJunkReadsAreCounted (issue 21.8): 10,000 agent reads of eSIMs that do not exist
// are one counted entry, and do not push the real reads out of the audit log.
func TestAuditJunkReadsAreCounted(t *testing.T) {
	e := memEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	buy(t, e, "a@example.com", tr)
	_, agent := login(t, e, sandbox.DefaultAgentEmail)
	hdr := map[string]string{"Authorization": "Bearer " + agent.AccessToken}
	if st, _, body := raw(t, e, "GET", sandbox.SupportPath+"esims/useremails/a@example.com", "", "", hdr); st != 200 {
		t.Fatalf("real read: %d %s", st, body)
	}
	const junk = 10_000
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := g; i < junk; i += 4 {
				if st, _, body := raw(t, e, "GET", fmt.Sprintf("%sesims/8996199%013d/info", sandbox.SupportPath, i), "", "", hdr); st != 404 {
					t.Errorf("junk read %d: %d %s", i, st, body)
					return
				}
			}
		})
	}
	wg.Wait()
	audit := e.sb.Audit()
	var real, counted int
	for _, a := range audit {
		switch {
		case a.Call == "listEsimsByEmail" && a.Target == "a@example.com":
			real++
		case a.Call == "getEsimInfo" && a.Target == "":
			counted += a.Count
		}
	}
	if real != 1 || counted != junk || len(audit) > 3 {
		t.Fatalf("audit: %d entries, the real read %d times, %d junk reads counted (want 1 and %d)", len(audit), real, counted, junk)
	}
}

// TestAuditCountsReadsOfUnfinishedSignups (issue 21.8): an agent's reads of addresses whose
// sign-up was never finished (no verified account, no eSIMs) are junk reads like unknown
// addresses: counted on one entry. Anyone can make tens of thousands of such accounts in
// minutes; each read of one took an entry of its own, so an agent's script could fill the
// audit log with entries too young to evict, and every later agent read was refused.
func TestAuditCountsReadsOfUnfinishedSignups(t *testing.T) {
	const unfinished = 300
	e := memEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour, CodeSendClientLimit: 10 * unfinished})
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	for i := range unfinished {
		if st, _, body := call(t, e.srv.Client(), e, "POST", fmt.Sprintf("%susers/otp/send_email/half%d@example.com/false", sandbox.APIPath, i), "application/json",
			signupJSON("A", "B", "961", "1"), auth); st != 200 {
			t.Fatalf("sign-up %d: %d %s", i, st, body)
		}
	}
	_, agent := login(t, e, sandbox.DefaultAgentEmail)
	hdr := map[string]string{"Authorization": "Bearer " + agent.AccessToken}
	for i := range unfinished {
		if st, _, body := raw(t, e, "GET", fmt.Sprintf("%sesims/useremails/half%d@example.com", sandbox.SupportPath, i), "", "", hdr); st != 200 {
			t.Fatalf("read %d: %d %s", i, st, body)
		}
	}
	audit := e.sb.Audit()
	counted := 0
	for _, a := range audit {
		if a.Call == "listEsimsByEmail" && a.Target == "" {
			counted += a.Count
		}
	}
	if len(audit) != 1 || counted != unfinished {
		t.Fatalf("audit: %d entries, %d reads counted as found-nothing (want 1 entry counting %d)", len(audit), counted, unfinished)
	}
}
