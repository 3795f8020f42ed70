package auth_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/jarcoal/httpmock"
)

// answer makes the fake provider answer requests whose URL matches pattern with a
// problem+json of the given status (and headers).
func answer(method, pattern string, status int, detail string, header map[string]string) clitest.Option {
	return func(e *clitest.Env) {
		e.Transport.RegisterRegexpResponder(method, mustRegexp(pattern), func(*http.Request) (*http.Response, error) {
			r := httpmock.NewStringResponse(status, `{"type":"https://www.rfc-editor.org/rfc/rfc9110#status.`+http.StatusText(status)+`","title":"`+http.StatusText(status)+`","status":`+itoa(status)+`,"detail":"`+detail+`"}`)
			r.Header.Set("Content-Type", "application/problem+json")
			for k, v := range header {
				r.Header.Set(k, v)
			}
			return r, nil
		})
	}
}

// TestLoginRateLimited: a 429 on the code e-mail or the code check says to wait, and how long.
func TestLoginRateLimited(t *testing.T) {
	guest := clitest.Guest()
	flags := []string{"login", "--email", "rana.haddad@example.com", "--code", "123456", "--captcha-token", "dev-captcha"}
	clitest.RunCases(t, []clitest.Case{
		{
			Name: "code e-mail",
			Args: []string{"login", "--email", "rana.haddad@example.com", "--send-only"},
			// The answers come before the fixtures, whose catch-all would otherwise win.
			Opts: []clitest.Option{guest,
				answer("POST", `/api/v1/users/otp/send_email/`, 429, "Too many code e-mails for this address.", map[string]string{"Retry-After": "600"}),
				clitest.Fixtures("token.guest/success")},
			WantCode: 1,
			WantErr:  "Too many attempts. Please wait 10 minutes and try again.\n",
		},
		{
			Name: "code check (two-step login: the code of the pending send)",
			Args: flags,
			Opts: []clitest.Option{guest, clitest.Pending("rana.haddad@example.com"),
				answer("POST", `/api/v1/users/otp/email/`, 429, "Too many attempts.", map[string]string{"Retry-After": "45"})},
			WantCode: 1,
			WantErr:  "Too many attempts. Please wait 45 seconds and try again.\n",
		},
	})
}

// TestRefreshHiccupKeepsLogin: a 500 on the token refresh is an error to retry later, not
// "session expired", and the stored session stays; a rejected refresh logs out.
func TestRefreshHiccupKeepsLogin(t *testing.T) {
	expiredRead := answer("GET", `/esims/useremails/`, 401, "Token expired", nil)
	for _, tc := range []struct {
		name     string
		refresh  clitest.Option
		wantCode int
		wantErr  func(string) bool
		kept     bool
	}{
		{"500 on refresh", answer("POST", `/connect/token$`, 500, "Injected fault.", nil), 1,
			func(s string) bool {
				// Worded for people (no status line): the session is kept, try again.
				return strings.Contains(s, "could not renew the session (it is kept; try again)") && !strings.Contains(s, "expired")
			}, true},
		{"400 invalid_grant", answer("POST", `/connect/token$`, 400, "invalid_grant", nil), 4,
			func(s string) bool { return s == expired }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := clitest.New(t, clitest.Customer(), expiredRead, tc.refresh)
			before := e.Session()
			code := e.Run("esims", "list")
			t.Logf("stderr: %s", e.ErrOut.String())
			if code != tc.wantCode || !tc.wantErr(e.ErrOut.String()) {
				t.Fatalf("exit %d, stderr %q", code, e.ErrOut.String())
			}
			if after := e.Session(); (after == before) != tc.kept {
				t.Errorf("session after = %+v, kept want %v", after, tc.kept)
			}
		})
	}
}

func mustRegexp(p string) *regexp.Regexp { return regexp.MustCompile(p) }

func itoa(n int) string { return strconv.Itoa(n) }
