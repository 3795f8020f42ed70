// Package clitest runs esim commands in tests: the real command tree and error handling,
// buffers for the streams, and the provider answered by httpmock from the contract
// fixtures. Every fixture entry loaded must be used, or the test fails.
package clitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/pending"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/root"
	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/fixtures"
	"github.com/cedarsim/esim/fixtures/mock"
	"github.com/cedarsim/esim/sdk"
	"github.com/golang-jwt/jwt/v5"
	"github.com/jarcoal/httpmock"
)

// Now is the clock of every Env: shortly after the fixtures' latest purchase (the UAE
// bundle, Processing since Jun 22, 2025, 1:05 AM Beirut time).
var Now = time.Date(2025, 6, 22, 9, 0, 0, 0, time.UTC)

// Env is one command run's world.
type Env struct {
	T          testing.TB
	Factory    *factory.Factory
	IO         *iostreams.IOStreams
	In         *bytes.Buffer
	Out        *bytes.Buffer
	ErrOut     *bytes.Buffer
	Store      sdk.TokenStore
	Browser    *browser.Recorder // replaced when a test sets Factory.Browser itself
	Transport  *httpmock.MockTransport
	Registry   *mock.Registry
	Config     *config.Config
	checkUnuse bool

	mu       sync.Mutex
	requests []request
}

// Option changes an Env.
type Option func(*Env)

// TTY makes stdin, stdout and stderr terminals of the given width (colour stays off, so
// output can be compared exactly; see Color).
func TTY(width int) Option {
	return func(e *Env) {
		e.IO.SetStdinTTY(true)
		e.IO.SetStdoutTTY(true)
		e.IO.SetStderrTTY(true)
		e.IO.DisableSpinner() // no spinner frames in the captured stderr
		e.IO.SetTerminalWidth(width)
	}
}

// Color turns ANSI colour on.
func Color() Option { return func(e *Env) { e.IO.SetColorEnabled(true) } }

// Fixtures loads the named "call/scenario" fixtures; each entry must be answered.
func Fixtures(names ...string) Option {
	return func(e *Env) {
		var files []*har.File
		for _, n := range names {
			call, scenario, ok := strings.Cut(n, "/")
			if !ok {
				e.T.Fatalf("fixture name %q: want call/scenario", n)
			}
			f, err := fixtures.Scenario(call, scenario)
			if err != nil {
				e.T.Fatalf("fixture %s: %v", n, err)
			}
			files = append(files, f)
		}
		e.Registry = mock.Register(e.Transport, fixtures.DefaultBases(), files...)
		if err := e.Registry.Err(); err != nil {
			e.T.Fatalf("registering fixtures: %v", err)
		}
	}
}

// Guest stores the guest session of the token.guest fixture.
func Guest() Option {
	return func(e *Env) {
		at, rt := Tokens(e.T, "token.guest", "success")
		e.save(sdk.Session{Token: at, RefreshToken: rt, IsGuest: "true"})
	}
}

// Customer stores the registered session of the token.otp fixture
// (rana.haddad@example.com).
func Customer() Option {
	return func(e *Env) {
		at, rt := Tokens(e.T, "token.otp", "success")
		e.save(sdk.Session{Token: at, RefreshToken: rt, IsGuest: "false"})
	}
}

// Agent stores a registered session whose token carries the agent role (an HS256 token
// signed with the fixtures' published test key; the CLI never verifies it).
func Agent() Option {
	return func(e *Env) {
		tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
			"sub": "agent-1", "email": "agent@cedarsim.test", "first_name": "Maya", "last_name": "Support",
			"role": "agent", "is_guest": false, "iat": Now.Unix(), "exp": Now.Add(time.Hour).Unix(),
		}).SignedString([]byte("cedarsim-fixtures-hs256-test-key-not-a-secret"))
		if err != nil {
			e.T.Fatal(err)
		}
		e.save(sdk.Session{Token: tok, RefreshToken: "agent-refresh", IsGuest: "false"})
	}
}

// Pending stores the code of the sendOtp/login fixture as pending for email, as
// `esim login --send-only` would.
func Pending(email string) Option {
	return func(e *Env) {
		var sent wire.OtpSentAnswer
		f, err := fixtures.Scenario("sendOtp", "login")
		if err != nil {
			e.T.Fatal(err)
		}
		if err := json.Unmarshal([]byte(f.Log.Entries[0].Response.Content.Text), &sent); err != nil {
			e.T.Fatal(err)
		}
		if err := pending.Save(e.Config.Dir, pending.Code{Email: email, UserID: sent.Data.UserID, Sent: Now}); err != nil {
			e.T.Fatal(err)
		}
	}
}

func (e *Env) save(s sdk.Session) {
	if err := e.Store.Save(context.Background(), s); err != nil {
		e.T.Fatal(err)
	}
}

// Tokens reads access_token and refresh_token from the first answer of a token fixture.
func Tokens(t testing.TB, call, scenario string) (access, refresh string) {
	t.Helper()
	f, err := fixtures.Scenario(call, scenario)
	if err != nil {
		t.Fatal(err)
	}
	var tok wire.TokenAnswer
	if err := json.Unmarshal([]byte(f.Log.Entries[0].Response.Content.Text), &tok); err != nil {
		t.Fatalf("token fixture %s/%s: %v", call, scenario, err)
	}
	return tok.AccessToken, tok.RefreshToken
}

// New builds an Env. Without Fixtures, any request fails.
func New(t testing.TB, opts ...Option) *Env {
	t.Helper()
	ios, in, out, errOut := iostreams.Test()
	e := &Env{
		T: t, IO: ios, In: in, Out: out, ErrOut: errOut,
		Store:     sdk.NewMemoryStore(),
		Browser:   &browser.Recorder{},
		Transport: httpmock.NewMockTransport(),
	}
	b := fixtures.DefaultBases()
	e.Config = &config.Config{
		APIURL: b.API, SupportURL: b.Support, ESIMCheckURL: b.ESIMCheck, LogPushURL: b.Logs,
		ClientID: config.SandboxClientID, ClientSecret: config.SandboxClientSecret,
		GuestUsername: config.SandboxGuestUsername, GuestPassword: config.SandboxGuestPassword,
		SupportPhone: config.DefaultSupportPhone, SupportEmail: config.DefaultSupportEmail,
		Dir: t.TempDir(),
	}
	f := &factory.Factory{
		AppVersion: "1.2.3",
		IOStreams:  ios,
		Browser:    e.Browser,
		Getenv:     func(string) string { return "" },
		HTTPClient: &http.Client{Transport: recorder{e: e, next: e.Transport}},
		Store:      e.Store,
		Now:        func() time.Time { return Now },
	}
	f.Config = func() (*config.Config, error) { return e.Config, nil }
	f.Client = func() (*sdk.Client, error) { return f.NewClient() }
	e.Factory = f
	for _, o := range opts {
		o(e)
	}
	t.Cleanup(func() {
		if e.Registry == nil {
			return
		}
		if u := e.Registry.Unused(); len(u) > 0 {
			t.Errorf("fixture entries never requested: %v", u)
		}
	})
	return e
}

// Run executes the command line and returns the exit code.
func (e *Env) Run(args ...string) int {
	e.T.Helper()
	return root.Main(context.Background(), e.Factory, args)
}

// LastBody returns the body of the last request whose method is method and whose URL
// contains path ("" when there was none); clitest records every request's body.
func (e *Env) LastBody(method, path string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := len(e.requests) - 1; i >= 0; i-- {
		if r := e.requests[i]; r.method == method && strings.Contains(r.url, path) {
			return r.body
		}
	}
	return ""
}

type request struct{ method, url, body string }

// recorder keeps each request's body before the mock transport answers it.
type recorder struct {
	e    *Env
	next http.RoundTripper
}

func (r recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	r.e.mu.Lock()
	r.e.requests = append(r.e.requests, request{req.Method, req.URL.String(), string(body)})
	r.e.mu.Unlock()
	return r.next.RoundTrip(req)
}

// Session is the stored session after the run.
func (e *Env) Session() sdk.Session {
	s, err := e.Store.Load(context.Background())
	if err != nil {
		e.T.Fatal(err)
	}
	return s
}

// Case is one command run and what it must print.
type Case struct {
	Name     string
	Args     []string
	Opts     []Option
	WantCode int
	WantOut  string
	WantErr  string
	// Check, when set, runs after the comparisons (for stored sessions, browser calls).
	Check func(t *testing.T, e *Env)
}

// RunCases runs each case in a fresh Env and compares exit code, stdout and stderr exactly.
func RunCases(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			e := New(t, c.Opts...)
			code := e.Run(c.Args...)
			if code != c.WantCode {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, c.WantCode, e.ErrOut.String())
			}
			if got := e.Out.String(); got != c.WantOut {
				t.Errorf("stdout:\n%s\nwant:\n%s", got, c.WantOut)
			}
			if got := e.ErrOut.String(); got != c.WantErr {
				t.Errorf("stderr:\n%q\nwant:\n%q", got, c.WantErr)
			}
			if c.Check != nil {
				c.Check(t, e)
			}
		})
	}
}

// FixtureJSON returns the value at data (or data.data, data.esims...) of a fixture's
// answer re-encoded the way the CLI's --json writes it, for comparing JSON output with
// what the fixture implies. path lists the keys to descend.
func FixtureJSON(t testing.TB, call, scenario string, entry int, path ...string) any {
	t.Helper()
	f, err := fixtures.Scenario(call, scenario)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal([]byte(f.Log.Entries[entry].Response.Content.Text), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("fixture %s/%s: no object at %q", call, scenario, k)
		}
		v = m[k]
	}
	return v
}
