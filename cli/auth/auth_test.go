// Package auth_test tests esim login, logout and whoami against the fixtures.
package auth_test

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/auth/login"
	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/sdk"
)

const usage = "Run 'esim --help' (or add --help to the command) for usage.\n"

const expired = "Your session has expired or you are not logged in. Run `esim login` to log in (new here? `esim signup`).\n"

func loggedIn(t *testing.T, e *clitest.Env) {
	t.Helper()
	s := e.Session()
	want, _ := clitest.Tokens(t, "token.otp", "success")
	if s.IsGuest != "false" || s.Token != want {
		t.Errorf("stored session = %+v, want the customer's token with isGuest false", s)
	}
}

func stillGuest(t *testing.T, e *clitest.Env) {
	t.Helper()
	if s := e.Session(); s.IsGuest != "true" {
		t.Errorf("stored session = %+v, want the guest session kept", s)
	}
}

const rana = "rana.haddad@example.com"

func TestLogin(t *testing.T) {
	guest := clitest.Guest()
	pend := clitest.Pending(rana)
	ok := []string{"verifyOtp/success", "token.otp/success", "getCurrentUser/success"}
	flags := []string{"login", "--email", rana, "--code", "123456", "--captcha-token", "dev-captcha"}
	verifyFails := func(scenario string) []clitest.Option {
		return []clitest.Option{guest, pend, clitest.Fixtures("verifyOtp/" + scenario)}
	}
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "code for the pending send",
			Args:    flags,
			Opts:    []clitest.Option{guest, pend, clitest.Fixtures(ok...)},
			WantErr: "Logged in as rana.haddad@example.com (Rana Haddad).\n",
			Check: func(t *testing.T, e *clitest.Env) {
				loggedIn(t, e)
				if _, err := os.Stat(filepath.Join(e.Config.Dir, "pending.json")); !os.IsNotExist(err) {
					t.Errorf("pending code kept after the login: %v", err)
				}
			},
		},
		{
			Name:    "send only with a configured captcha token: the hint needs no token",
			Args:    []string{"login", "--email", rana, "--send-only"},
			Opts:    []clitest.Option{guest, clitest.Fixtures("sendOtp/login"), func(e *clitest.Env) { e.Config.CaptchaToken = "dev-captcha" }},
			WantErr: "A one-time code was sent to rana.haddad@example.com.\nVerify it with: esim login --email rana.haddad@example.com --code CODE\n",
		},
		{
			Name:    "JSON",
			Args:    append(flags, "--json"),
			Opts:    []clitest.Option{guest, pend, clitest.Fixtures(ok...)},
			WantOut: "{\n  \"email\": \"rana.haddad@example.com\",\n  \"firstName\": \"Rana\",\n  \"lastName\": \"Haddad\",\n  \"role\": \"customer\"\n}\n",
			Check:   loggedIn,
		},
		{
			Name: "send only",
			Args: []string{"login", "--email", rana, "--send-only"},
			Opts: []clitest.Option{guest, clitest.Fixtures("sendOtp/login")},
			WantErr: "A one-time code was sent to rana.haddad@example.com.\n" +
				"Verify it with: esim login --email rana.haddad@example.com --code CODE --captcha-token TOKEN\n" +
				"(TOKEN: a captcha token, or set ESIM_CAPTCHA_TOKEN; on a terminal, leave --captcha-token out to solve the captcha in the browser.)\n",
			Check: func(t *testing.T, e *clitest.Env) {
				b, err := os.ReadFile(filepath.Join(e.Config.Dir, "pending.json"))
				if err != nil || !strings.Contains(string(b), `"userId":"`) || !strings.Contains(string(b), rana) {
					t.Errorf("pending code = %s, %v", b, err)
				}
				stillGuest(t, e)
			},
		},
		{
			Name:     "a code with nothing pending sends nothing",
			Args:     flags,
			Opts:     []clitest.Option{guest},
			WantCode: 2,
			WantErr:  "no code is pending for rana.haddad@example.com: run 'esim login --email rana.haddad@example.com --send-only' first, then pass the code from the e-mail\n" + usage,
		},
		{
			Name:     "agent login with a customer account",
			Args:     append(flags, "--agent"),
			Opts:     []clitest.Option{guest, pend, clitest.Fixtures("verifyOtp/success", "token.otp/success")},
			WantCode: 1,
			WantErr:  "rana.haddad@example.com is not a support agent account: its session was not kept, the previous one stays (log in without --agent as a customer)\n",
			Check: func(t *testing.T, e *clitest.Env) {
				if s := e.Session(); s.Registered() {
					t.Errorf("customer session kept after --agent: %+v", s)
				}
			},
		},
		{
			Name:     "a failed agent login keeps the session there was (issue 25.13)",
			Args:     append(flags, "--agent"),
			Opts:     []clitest.Option{clitest.Agent(), pend, clitest.Fixtures("verifyOtp/success", "token.otp/success")},
			WantCode: 1,
			WantErr:  "rana.haddad@example.com is not a support agent account: its session was not kept, the previous one stays (log in without --agent as a customer)\n",
			Check: func(t *testing.T, e *clitest.Env) {
				c, _ := sdk.ParseClaims(e.Session().Token)
				if !c.IsAgent() {
					t.Errorf("the agent's session was thrown away: %+v", c)
				}
			},
		},
		{
			Name:     "agent code with nothing pending names --agent",
			Args:     []string{"login", "--agent", "--email", "agent@cedarsim.test", "--code", "123456"},
			WantCode: 2,
			WantErr:  "no code is pending for agent@cedarsim.test: run 'esim login --agent --email agent@cedarsim.test --send-only' first, then pass the code from the e-mail\n" + usage,
		},
		{
			Name:     "unknown e-mail",
			Args:     []string{"login", "--email", "nobody@example.com", "--send-only"},
			Opts:     []clitest.Option{guest, clitest.Fixtures("sendOtp/login-unknown-email")},
			WantCode: 1,
			// Spec section 8: a send failure other than 400 shows the server's detail.
			WantErr: "User not found\n",
			Check:   stillGuest,
		},
		{Name: "wrong code", Args: flags, Opts: verifyFails("invalid-otp"), WantCode: 1,
			WantErr: "Invalid OTP please try again\n", Check: stillGuest},
		{Name: "conflict", Args: flags, Opts: verifyFails("conflict"), WantCode: 1,
			WantErr: "Conflict error, contact support!\n"},
		{Name: "bad captcha", Args: flags, Opts: verifyFails("invalid-captcha"), WantCode: 1,
			WantErr: "Invalid Captcha\n"},
		{Name: "locked", Args: flags, Opts: verifyFails("account-locked"), WantCode: 1,
			WantErr: "Account is locked due to multiple failed attempts. Please try again later.\n"},
		{Name: "other bad request", Args: flags, Opts: verifyFails("bad-request"), WantCode: 1,
			WantErr: "Unexpected error\n"},
		{Name: "server error", Args: flags, Opts: verifyFails("server-error"), WantCode: 1,
			WantErr: "Invalid OTP\n"},
		{
			Name:     "no captcha token when piped",
			Args:     []string{"login", "--email", rana, "--code", "123456"},
			Opts:     []clitest.Option{guest, pend},
			WantCode: 2,
			WantErr:  "a captcha token is required: pass --captcha-token or set ESIM_CAPTCHA_TOKEN\n" + usage,
		},
		{
			Name:     "code not a number",
			Args:     []string{"login", "--email", rana, "--code", "12a456", "--captcha-token", "x"},
			Opts:     []clitest.Option{guest, pend},
			WantCode: 2,
			WantErr:  "the code is the number from the e-mail\n" + usage,
		},
		{
			Name:     "no e-mail when piped",
			Args:     []string{"login"},
			WantCode: 2,
			WantErr:  "--email is required when not running interactively\n" + usage,
		},
		{
			Name:     "malformed e-mail",
			Args:     []string{"login", "--email", "rana@", "--send-only"},
			Opts:     []clitest.Option{guest},
			WantCode: 2,
			WantErr:  "invalid email \"rana@\": is not a valid e-mail address\n" + usage,
		},
	})
}

// TestTwoStepLoginAsDocumented runs the two-step example of `esim login --help`: the
// first command sends one code and exits 0, the second verifies it and sends nothing.
func TestTwoStepLoginAsDocumented(t *testing.T) {
	e := clitest.New(t, clitest.Guest(), clitest.Fixtures(
		"sendOtp/login", "verifyOtp/success", "token.otp/success", "getCurrentUser/success"))
	cmd := login.NewCmdLogin(e.Factory)
	var steps [][]string
	for _, l := range strings.Split(cmd.Example, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "$"))
		if strings.HasPrefix(l, "esim login --email me@example.com --send-only") || strings.HasPrefix(l, "esim login --email me@example.com --code ") {
			steps = append(steps, strings.Fields(strings.ReplaceAll(l, "me@example.com", rana))[1:])
		}
	}
	if len(steps) != 2 {
		t.Fatalf("documented two-step example not found in:\n%s", cmd.Example)
	}
	for _, args := range steps {
		if code := e.Run(args...); code != 0 {
			t.Fatalf("esim %v: exit %d: %s", args, code, e.ErrOut)
		}
	}
	if n := e.Transport.GetCallCountInfo()["POST https://api.provider.test/api/v1/users/otp/send_email/rana.haddad@example.com/true"]; n != 1 {
		t.Errorf("codes sent = %d, want 1", n)
	}
	loggedIn(t, e)
}

// TestAgentLoginAndWhoami: an agent's token (role agent) is accepted by --agent and shown
// as such by whoami.
func TestAgentWhoami(t *testing.T) {
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "whoami shows the agent",
			Args:    []string{"whoami"},
			Opts:    []clitest.Option{clitest.Agent(), clitest.Fixtures("getCurrentUser/success")},
			WantOut: "rana.haddad@example.com\nRana Haddad\nRole: support agent\n",
		},
		{
			Name:    "whoami --jq .agent",
			Args:    []string{"whoami", "--jq", ".agent"},
			Opts:    []clitest.Option{clitest.Agent(), clitest.Fixtures("getCurrentUser/success")},
			WantOut: "true\n",
		},
		{
			Name:    "customer whoami --template",
			Args:    []string{"whoami", "--template", "{{.email}} ({{.role}})"},
			Opts:    []clitest.Option{clitest.Customer(), clitest.Fixtures("getCurrentUser/success")},
			WantOut: "rana.haddad@example.com (customer)",
		},
	})
}

func TestLoginInteractiveRetriesAWrongCode(t *testing.T) {
	e := clitest.New(t, clitest.TTY(80), clitest.Guest(), clitest.Fixtures(
		"sendOtp/login", "verifyOtp/invalid-otp", "verifyOtp/success",
		"token.otp/success", "getCurrentUser/success"))
	e.In.WriteString("rana.haddad@example.com\n111111\n123456\n")
	if code := e.Run("login", "--captcha-token", "dev-captcha"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	want := "E-mail: A one-time code was sent to rana.haddad@example.com.\n" +
		"Code (or r to resend): Invalid OTP please try again\n" +
		"Code (or r to resend): Logged in as rana.haddad@example.com (Rana Haddad).\n"
	if e.ErrOut.String() != want {
		t.Errorf("stderr = %q, want %q", e.ErrOut.String(), want)
	}
	loggedIn(t, e)
}

// TestPromptsAskAgain: an answer the form refuses is asked for again with the reason,
// rather than ending the command (issue 25.5).
func TestPromptsAskAgain(t *testing.T) {
	t.Run("login e-mail", func(t *testing.T) {
		e := clitest.New(t, clitest.TTY(80), clitest.Guest(), clitest.Fixtures(
			"sendOtp/login", "verifyOtp/success", "token.otp/success", "getCurrentUser/success"))
		e.In.WriteString("rana@\nrana.haddad@example.com\n123456\n")
		if code := e.Run("login", "--captcha-token", "dev-captcha"); code != 0 {
			t.Fatalf("exit %d: %s", code, e.ErrOut)
		}
		want := "E-mail: X Enter a valid e-mail address\nE-mail: A one-time code was sent to rana.haddad@example.com.\n"
		if !strings.HasPrefix(e.ErrOut.String(), want) {
			t.Errorf("stderr = %q, want it to start %q", e.ErrOut.String(), want)
		}
		loggedIn(t, e)
	})
	t.Run("sign-up fields", func(t *testing.T) {
		e := clitest.New(t, clitest.TTY(80), clitest.Guest(), clitest.Fixtures("sendOtp/signup"))
		e.In.WriteString("\nRana\nHaddad\nlb\n961\ncall me\n71123456\nrana.haddad@example\nrana.haddad@example.com\n")
		if code := e.Run("signup", "--send-only"); code != 0 {
			t.Fatalf("exit %d: %s", code, e.ErrOut)
		}
		want := "First name: X First name is required\nFirst name: Last name: " +
			"Country dial code (961): X Enter the dial code in digits, e.g. 961\nCountry dial code (961): " +
			"Phone: X Enter digits only\nPhone: E-mail: X Enter a valid e-mail address\nE-mail: " +
			"A one-time code was sent to rana.haddad@example.com.\n"
		if !strings.HasPrefix(e.ErrOut.String(), want) {
			t.Errorf("stderr = %q, want it to start %q", e.ErrOut.String(), want)
		}
	})
	t.Run("flags stay strict", func(t *testing.T) {
		e := clitest.New(t, clitest.TTY(80), clitest.Guest())
		if code := e.Run("login", "--email", "rana@", "--send-only"); code != 2 {
			t.Fatalf("exit %d, want 2: %s", code, e.ErrOut)
		}
	})
}

func TestLoginResend(t *testing.T) {
	// The code request answers twice (the fixture keeps answering): once at start, once
	// for the resend.
	e := clitest.New(t, clitest.TTY(80), clitest.Guest(), clitest.Fixtures(
		"sendOtp/login", "verifyOtp/success", "token.otp/success", "getCurrentUser/success"))
	e.In.WriteString("r\n123456\n")
	if code := e.Run("login", "--email", "rana.haddad@example.com", "--captcha-token", "dev-captcha"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	want := "A one-time code was sent to rana.haddad@example.com.\n" +
		"Code (or r to resend): A new code was sent to rana.haddad@example.com.\n" +
		"Code (or r to resend): Logged in as rana.haddad@example.com (Rana Haddad).\n"
	if e.ErrOut.String() != want {
		t.Errorf("stderr = %q, want %q", e.ErrOut.String(), want)
	}
	if n := e.Transport.GetCallCountInfo()["POST =~^https://api\\.provider\\.test/api/v1/"]; n != 4 {
		t.Errorf("API POST calls = %d, want 4 (send, resend, verify, token)", n)
	}
	loggedIn(t, e)
}

// captchaBrowser plays the user's browser: it posts the dev token to the captcha page.
type captchaBrowser struct{ urls []string }

func (b *captchaBrowser) Browse(ctx context.Context, u string) error {
	b.urls = append(b.urls, u)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u+"token", strings.NewReader("dev-captcha"))
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

func TestLoginCaptchaFromTheBrowserPage(t *testing.T) {
	e := clitest.New(t, clitest.TTY(80), clitest.Guest(), clitest.Fixtures(
		"sendOtp/login", "verifyOtp/success", "token.otp/success", "getCurrentUser/success"))
	b := &captchaBrowser{}
	e.Factory.Browser = b
	e.In.WriteString("123456\n")
	if code := e.Run("login", "-e", "rana.haddad@example.com"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	if len(b.urls) != 1 || !strings.HasPrefix(b.urls[0], "http://127.0.0.1:") {
		t.Fatalf("browser opened %v, want one 127.0.0.1 page", b.urls)
	}
	want := "A one-time code was sent to rana.haddad@example.com.\n" +
		"Code (or r to resend): Complete the captcha in your browser: " + b.urls[0] + "\n" +
		"Logged in as rana.haddad@example.com (Rana Haddad).\n"
	if e.ErrOut.String() != want {
		t.Errorf("stderr = %q, want %q", e.ErrOut.String(), want)
	}
	loggedIn(t, e)
}

func TestWhoamiLogout(t *testing.T) {
	customer := clitest.Customer()
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "whoami",
			Args:    []string{"whoami"},
			Opts:    []clitest.Option{customer, clitest.Fixtures("getCurrentUser/success")},
			WantOut: "rana.haddad@example.com\nRana Haddad\n",
		},
		{
			Name:    "whoami JSON",
			Args:    []string{"whoami", "--json"},
			Opts:    []clitest.Option{customer, clitest.Fixtures("getCurrentUser/success")},
			WantOut: "{\n  \"email\": \"rana.haddad@example.com\",\n  \"firstName\": \"Rana\",\n  \"lastName\": \"Haddad\",\n  \"role\": \"customer\",\n  \"agent\": false\n}\n",
		},
		{
			Name:    "whoami after a silent refresh",
			Args:    []string{"whoami"},
			Opts:    []clitest.Option{customer, clitest.Fixtures("getCurrentUser/expired-token-refresh")},
			WantOut: "rana.haddad@example.com\nRana Haddad\n",
		},
		{
			Name:     "refresh rejected: log in again, exit 4, session cleared",
			Args:     []string{"whoami"},
			Opts:     []clitest.Option{customer, clitest.Fixtures("getCurrentUser/refresh-rejected")},
			WantCode: 4,
			WantErr:  expired,
			Check: func(t *testing.T, e *clitest.Env) {
				if s := e.Session(); s.Token != "" {
					t.Errorf("session kept after a rejected refresh: %+v", s)
				}
			},
		},
		{Name: "whoami as guest", Args: []string{"whoami"}, Opts: []clitest.Option{clitest.Guest()}, WantCode: 4, WantErr: expired},
		{
			Name:    "logout",
			Args:    []string{"logout"},
			Opts:    []clitest.Option{customer},
			WantErr: "Logged out.\n",
			Check: func(t *testing.T, e *clitest.Env) {
				if s := e.Session(); s.Token != "" || s.RefreshToken != "" || s.IsGuest != "" {
					t.Errorf("session after logout = %+v", s)
				}
			},
		},
	})
}

// TestLoginCaptchaOverSSH: --captcha-port puts the page on a port the user can forward,
// and on SSH the forwarding command is printed (issue 25.11).
func TestLoginCaptchaOverSSH(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0") // a free port to give --captcha-port
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	e := clitest.New(t, clitest.TTY(80), clitest.Guest(), clitest.Fixtures(
		"sendOtp/login", "verifyOtp/success", "token.otp/success", "getCurrentUser/success"))
	b := &captchaBrowser{}
	e.Factory.Browser = b
	e.Factory.Getenv = func(k string) string {
		if k == "SSH_CONNECTION" {
			return "10.0.0.2 51000 10.0.0.1 22"
		}
		return ""
	}
	e.In.WriteString("123456\n")
	if code := e.Run("login", "-e", "rana.haddad@example.com", "--captcha-port", strconv.Itoa(port)); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	p := strconv.Itoa(port)
	if len(b.urls) != 1 || !strings.HasPrefix(b.urls[0], "http://127.0.0.1:"+p+"/") {
		t.Fatalf("browser opened %v, want the page on port %s", b.urls, p)
	}
	if hint := "ssh -L " + p + ":127.0.0.1:" + p + " HOST"; !strings.Contains(e.ErrOut.String(), hint) {
		t.Errorf("no forwarding hint %q in:\n%s", hint, e.ErrOut)
	}
	loggedIn(t, e)
}
