package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// e2e is the built binary pointed at an in-process sandbox.
type e2e struct {
	t   testing.TB
	bin string
	sb  *sandbox.Server
	srv *httptest.Server
	env []string
	dir string // ESIM_CONFIG_DIR
}

func newE2E(t testing.TB) *e2e {
	bin := binary(t)
	sb, err := sandbox.New(sandbox.Options{ActivationDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	env := append(os.Environ(), "ESIM_SERVER="+srv.URL, "ESIM_CONFIG_DIR="+dir, "NO_COLOR=1", "BROWSER=true")
	return &e2e{t: t, bin: bin, sb: sb, srv: srv, env: env, dir: dir}
}

// run runs esim with args and stdin, failing the test unless it exits 0.
func (e *e2e) run(stdin io.Reader, args ...string) string {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.bin, args...)
	cmd.Env = e.env
	cmd.Stdin = stdin
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		e.t.Fatalf("esim %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, out.String(), errOut.String())
	}
	return out.String()
}

func (e *e2e) runJSON(v any, args ...string) {
	e.t.Helper()
	out := e.run(nil, append(args, "--json")...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		e.t.Fatalf("esim %s: %v in %q", strings.Join(args, " "), err, out)
	}
}

// pay submits the sandbox's hosted checkout form with a test card that succeeds.
func (e *e2e) pay(checkoutURL string) {
	e.t.Helper()
	u, err := url.Parse(strings.TrimSpace(checkoutURL))
	if err != nil || !strings.HasPrefix(u.Path, "/sandbox/checkout/") || u.Query().Get("currency") != "usd" || u.Query().Get("quantity") != "1" {
		e.t.Fatalf("checkout link %q", checkoutURL)
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(e.srv.URL+u.Path, url.Values{"cardNumber": {"4242 4242 4242 4242"}})
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || loc == nil || loc.Query().Get("success") != "true" {
		e.t.Fatalf("payment: status %d, redirect %q", resp.StatusCode, resp.Header.Get("Location"))
	}
}

// register signs a customer up through the SDK, so that `esim login` has an account to
// log in to; it returns the customer's client.
func (e *e2e) register(email string) *sdk.Client {
	e.t.Helper()
	ctx := context.Background()
	c, err := sdk.NewClient(sdk.Options{
		APIBase: e.srv.URL + sandbox.APIPath, SupportBase: e.srv.URL + sandbox.SupportPath,
		ESIMCheckBase: e.srv.URL + sandbox.ESIMCheckPath, LogPushURL: e.srv.URL + sandbox.LogPushPath,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "Rima", LastName: "Khoury", CountryCode: "961", Phone: "70123456", Email: email})
	if err != nil {
		e.t.Fatalf("signup: %v", err)
	}
	if _, err := c.Login(ctx, sent.UserID, e.sb.LatestCode(email), "dev-captcha"); err != nil {
		e.t.Fatalf("signup verification: %v", err)
	}
	return c
}

// codeWriter hands `esim login --code -` the mailbox code once a new one has been sent.
type codeWriter struct {
	sb    *sandbox.Server
	email string
	old   string
	done  bool
}

func (c *codeWriter) Read(p []byte) (int, error) {
	if c.done {
		return 0, io.EOF
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if code := c.sb.LatestCode(c.email); code != "" && code != c.old {
			c.done = true
			return copy(p, code+"\n"), nil
		}
		time.Sleep(5 * time.Millisecond)
	}
	return 0, io.ErrUnexpectedEOF
}

func TestEndToEndAgainstSandbox(t *testing.T) {
	e := newE2E(t)
	const email = "rima.khoury@example.com"
	e.register(email)

	// Login with the mailbox code.
	e.run(&codeWriter{sb: e.sb, email: email, old: e.sb.LatestCode(email)},
		"login", "--email", email, "--code", "-", "--captcha-token", "dev-captcha")
	if out := e.run(nil, "whoami"); out != email+"\nRima Khoury\n" {
		t.Fatalf("whoami = %q", out)
	}
	if fi, err := os.Stat(filepath.Join(e.dir, "session.json")); err != nil {
		t.Errorf("session file: %v", err)
	} else if fi.Mode().Perm() != 0o600 {
		t.Errorf("session file mode %v, want 0600", fi.Mode().Perm())
	}

	// Browse and buy a Turkey plan that can be topped up.
	var plans []sdk.Bundle
	e.runJSON(&plans, "plans", "--country", "TR")
	var plan, topup sdk.Bundle
	for _, b := range plans {
		if b.CanTopup && plan.ID == "" {
			plan = b
		} else if b.CanTopup && topup.ID == "" {
			topup = b
		}
	}
	if plan.ID == "" || topup.ID == "" {
		t.Fatalf("no two top-up-able TR plans in %d", len(plans))
	}
	e.pay(e.run(nil, "buy", plan.ID))

	// List, show, QR.
	var esims []sdk.ESIM
	e.runJSON(&esims, "esims", "list")
	if len(esims) != 1 || len(esims[0].Bundles) != 1 {
		t.Fatalf("after purchase: %+v", esims)
	}
	id := esims[0].ICCID
	if table := e.run(nil, "esims", "list", "--email", email); !strings.HasPrefix(table, id+"\t") {
		t.Errorf("piped list %q does not start with the ICCID", table)
	}
	var qr struct{ LPA, SMDPAddress, ActivationCode string }
	e.runJSON(&qr, "esims", "qr", id)
	if !strings.HasPrefix(qr.LPA, "LPA:1$"+qr.SMDPAddress+"$") || qr.ActivationCode == "" {
		t.Errorf("QR %+v", qr)
	}
	if out := e.run(nil, "esims", "qr", id); !strings.Contains(out, "Activation code: "+qr.ActivationCode) {
		t.Errorf("QR output lacks the activation code:\n%s", out)
	}

	// Top up with a second plan and pay.
	var list []sdk.Bundle
	e.runJSON(&list, "topup", "list", id)
	if len(list) == 0 {
		t.Fatal("no top-up plans")
	}
	e.pay(e.run(nil, "topup", "buy", id, topup.Name))
	var bundles []sdk.ESIMBundle
	e.runJSON(&bundles, "esims", "show", id)
	if len(bundles) != 2 {
		t.Fatalf("after top-up: %d bundles, want 2", len(bundles))
	}

	e.run(nil, "logout")
	cmd := exec.Command(e.bin, "whoami")
	cmd.Env = e.env
	if err := cmd.Run(); err == nil || cmd.ProcessState.ExitCode() != 4 {
		t.Errorf("whoami after logout: %v, want exit 4", err)
	}
}
