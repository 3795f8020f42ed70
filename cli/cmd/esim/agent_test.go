package main

import (
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// buyESIMs has the customer buy n eSIMs of the first Turkey plan and pays for each.
func (e *e2e) buyESIMs(c *sdk.Client, email string, n int) {
	e.t.Helper()
	ctx := context.Background()
	plans, err := c.Catalog.Search(ctx, []string{"TR"})
	if err != nil || len(plans) == 0 {
		e.t.Fatalf("plans: %v", err)
	}
	for range n {
		res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plans[0].ID, Email: email})
		if err != nil {
			e.t.Fatalf("checkout: %v", err)
		}
		e.pay(res.CheckoutURL)
	}
}

// agentLogin logs the seeded support agent in with `esim login --agent`, the mailbox code
// on stdin.
func (e *e2e) agentLogin() {
	e.t.Helper()
	e.run(&codeWriter{sb: e.sb, email: sandbox.DefaultAgentEmail, old: e.sb.LatestCode(sandbox.DefaultAgentEmail)},
		"login", "--agent", "--email", sandbox.DefaultAgentEmail, "--code", "-", "--captcha-token", "dev-captcha")
}

// TestAgentConsoleAgainstSandbox: the seeded agent logs in with --agent, whoami says so,
// customer show and diagnose read another customer's eSIM; a customer's --agent login is
// refused and not kept.
func TestAgentConsoleAgainstSandbox(t *testing.T) {
	e := newE2E(t)
	const email = "nadia.saab@example.com"
	c := e.register(email)
	e.buyESIMs(c, email, 1)

	// A customer is refused --agent, and the session is not kept.
	cmd := exec.Command(e.bin, "login", "--agent", "--email", email, "--code", "-", "--captcha-token", "dev-captcha")
	cmd.Env = e.env
	cmd.Stdin = &codeWriter{sb: e.sb, email: email, old: e.sb.LatestCode(email)}
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "is not a support agent account") {
		t.Errorf("customer --agent login: %v\n%s", err, out)
	}

	e.agentLogin()
	if out := e.run(nil, "whoami"); !strings.HasPrefix(out, sandbox.DefaultAgentEmail+"\n") || !strings.HasSuffix(out, "Role: support agent\n") {
		t.Errorf("whoami = %q", out)
	}
	var view struct {
		ESIMs []struct {
			ICCID   string `json:"iccid"`
			Install struct {
				AndroidLink string `json:"androidLink"`
			} `json:"install"`
			Bundles []struct {
				State string `json:"state"`
			} `json:"bundles"`
		} `json:"esims"`
	}
	e.runJSON(&view, "customer", "show", email)
	if len(view.ESIMs) != 1 || !strings.HasPrefix(view.ESIMs[0].Install.AndroidLink, "https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24") {
		t.Fatalf("customer view %+v", view)
	}
	out := e.run(nil, "esims", "diagnose", view.ESIMs[0].ICCID, "--country", "turkey")
	if !strings.Contains(out, "covers Turkey (TR)") {
		t.Errorf("diagnose:\n%s", out)
	}
	if reply := e.run(nil, "esims", "diagnose", view.ESIMs[0].ICCID, "--reply"); !strings.Contains(reply, "- Android: https://esimsetup.android.com/") {
		t.Errorf("reply:\n%s", reply)
	}
	// The server audits the agent's reads.
	_ = json.Valid

	// An unknown address is not a customer without eSIMs (issue 25.3): exit 1, with the
	// address looked up before that it is a typo of.
	cmd = exec.Command(e.bin, "customer", "show", "nadia.sab@example.com")
	cmd.Env = e.env
	out2, err := cmd.CombinedOutput()
	if code := exitCode(err); code != 1 || !strings.Contains(string(out2), "did you mean "+email+"?") {
		t.Errorf("unknown customer: exit %d\n%s", code, out2)
	}
	const empty = "karim.empty@example.com"
	e.register(empty)
	if out := e.run(nil, "customer", "show", empty); !strings.Contains(out, "0 eSIMs") {
		t.Errorf("a customer without eSIMs:\n%s", out)
	}
}

// exitCode is the exit status of a finished command (0 when err is nil).
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// BenchmarkCustomerShow100ESIMs: `esim customer show` for a customer with 100 eSIMs, the
// whole process against an in-process sandbox (target: under 1 s).
func BenchmarkCustomerShow100ESIMs(b *testing.B) {
	e := newE2E(b)
	const email = "hundred.esims@example.com"
	c := e.register(email)
	e.buyESIMs(c, email, 100)
	e.agentLogin()
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		out := e.run(nil, "customer", "show", email)
		times = append(times, time.Since(start))
		if n := strings.Count(out, "\neSIM "); n != 100 {
			b.Fatalf("%d eSIMs shown, want 100", n)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
}
