package auth_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
)

func TestSignup(t *testing.T) {
	guest := clitest.Guest()
	form := []string{"signup", "--first-name", "Rana", "--last-name", "Haddad", "--phone", "71123456", "--email", rana}
	ok := clitest.Fixtures("sendOtp/signup", "verifyOtp/success", "token.otp/success")
	stdin := func(s string) clitest.Option { return func(e *clitest.Env) { e.In.WriteString(s) } }
	signedUp := "A one-time code was sent to rana.haddad@example.com.\nSigned up and logged in as rana.haddad@example.com (Rana Haddad). Buy your first eSIM: esim plans, then esim buy.\n"
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "flags, the code from stdin",
			Args:    append(form, "--code", "-", "--captcha-token", "dev-captcha"),
			Opts:    []clitest.Option{guest, ok, stdin("123456\n")},
			WantErr: signedUp,
			Check:   loggedIn,
		},
		{
			Name: "prompts on a terminal, dial code 961 by default",
			Args: []string{"signup", "--captcha-token", "dev-captcha"},
			Opts: []clitest.Option{clitest.TTY(80), guest, ok, stdin("Rana\nHaddad\n\n71123456\nrana.haddad@example.com\n123456\n")},
			WantErr: "First name: Last name: Country dial code (961): Phone: E-mail: " +
				"A one-time code was sent to rana.haddad@example.com.\nCode (or r to resend): " +
				"Signed up and logged in as rana.haddad@example.com (Rana Haddad). Buy your first eSIM: esim plans, then esim buy.\n",
			Check: loggedIn,
		},
		{
			Name: "send only, then login finishes",
			Args: append(form, "--send-only"),
			Opts: []clitest.Option{guest, clitest.Fixtures("sendOtp/signup")},
			WantErr: "A one-time code was sent to rana.haddad@example.com.\n" +
				"Verify it with: esim login --email rana.haddad@example.com --code CODE --captcha-token TOKEN\n" +
				"(TOKEN: a captcha token, or set ESIM_CAPTCHA_TOKEN; on a terminal, leave --captcha-token out to solve the captcha in the browser.)\n",
			Check: func(t *testing.T, e *clitest.Env) {
				b, err := os.ReadFile(filepath.Join(e.Config.Dir, "pending.json"))
				if err != nil || !strings.Contains(string(b), "e7ab0df2-2fee-5bdd-b616-73c43b51fdf9") {
					t.Errorf("pending = %s, %v", b, err)
				}
			},
		},
		{
			Name:     "missing fields when piped",
			Args:     []string{"signup", "--first-name", "Rana"},
			WantCode: 2,
			WantErr:  "missing --last-name, --phone, --email (required when not running interactively)\n" + usage,
		},
		{
			Name:     "malformed e-mail",
			Args:     []string{"signup", "--first-name", "Rana", "--last-name", "Haddad", "--phone", "71123456", "--email", "rana@", "--send-only"},
			Opts:     []clitest.Option{guest},
			WantCode: 2,
			WantErr:  "invalid email \"rana@\": is not a valid e-mail address\n" + usage,
		},
		{
			Name:     "a code given up front would be dead",
			Args:     append(form, "--code", "123456"),
			WantCode: 2,
			WantErr:  "signup sends the code: pass --code - to read it from stdin once it arrives, or --send-only and then 'esim login --email EMAIL --code N'\n" + usage,
		},
		{
			Name:     "server validation error shows the server's text",
			Args:     []string{"signup", "--first-name", "Rana", "--last-name", "Haddad", "--phone", "71123456", "--email", "rana.haddad@example", "--send-only"},
			Opts:     []clitest.Option{guest, clitest.Fixtures("sendOtp/validation-error")},
			WantCode: 1,
			WantErr:  "One or more validation errors occurred.\n",
		},
	})
}
