// Package otpflow is the code step shared by `esim login` and `esim signup`: the code from
// --code, stdin (--code -) or a prompt, the captcha token, verification with retries on a
// terminal, resending on request, and the pending code kept between two runs.
package otpflow

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/internal/captcha"
	"github.com/cedarsim/esim/cli/internal/pending"
	"github.com/cedarsim/esim/cli/internal/prompt"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/spf13/cobra"
)

// MaxAttempts is how many wrong codes an interactive run accepts before giving up; the
// provider locks the account after a few failures anyway.
const MaxAttempts = 3

// CaptchaFlags are the captcha flags of login and signup.
type CaptchaFlags struct {
	Token     string // --captcha-token
	NoBrowser bool   // --no-browser
	Port      int    // --captcha-port, when given
	portSet   bool
}

// Register adds --captcha-token, --no-browser and --captcha-port to cmd.
func (c *CaptchaFlags) Register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&c.Token, "captcha-token", "", "Captcha token (default: ESIM_CAPTCHA_TOKEN, or the browser page)")
	fl.BoolVar(&c.NoBrowser, "no-browser", false, "Print the captcha page's address instead of opening the browser")
	fl.IntVar(&c.Port, "captcha-port", 0, "Port of the captcha page on 127.0.0.1, to forward it over SSH (default: ESIM_CAPTCHA_PORT, or any free port)")
	prev := cmd.PreRunE
	cmd.PreRunE = func(cmd *cobra.Command, args []string) error {
		c.portSet = cmd.Flags().Changed("captcha-port")
		if c.Port < 0 || c.Port > 65535 {
			return cmdutil.FlagErrorf("--captcha-port %d: want a port number from 1 to 65535 (0: any free port)", c.Port)
		}
		if prev != nil {
			return prev(cmd, args)
		}
		return nil
	}
}

// port is the captcha page's port: the flag, else the setting (0: any free port).
func (c CaptchaFlags) port(cfg *config.Config) int {
	if c.portSet {
		return c.Port
	}
	return cfg.CaptchaPortNumber()
}

// Flow verifies a sent code.
type Flow struct {
	IO      *iostreams.IOStreams
	Client  *sdk.Client
	Config  *config.Config
	Browser browser.Browser
	Now     func() time.Time
	Getenv  func(string) string // tells an SSH session (the forwarding hint)
	Email   string
	Code    string // the --code flag: "", "-" or the code
	Captcha CaptchaFlags
	// CaptchaTimeout bounds the wait for the browser page.
	CaptchaTimeout time.Duration
	// Resend sends a new code and returns its user id (interactive "r").
	Resend func(ctx context.Context) (string, error)
}

// Account is the e-mail of the registered session stored now ("" when none): read it
// before Verify, which stores the new session, and give it to Switched after.
func (f *Flow) Account(ctx context.Context) string {
	s, err := f.Client.Store().Load(ctx)
	if err != nil || !s.Registered() {
		return ""
	}
	c, _ := sdk.ParseClaims(s.Token)
	return c.Email
}

// Switched forgets what the previous account's commands remembered (ICCIDs, customers)
// when the session now belongs to another account.
func (f *Flow) Switched(before string, tok *sdk.Token) {
	if tok != nil && !strings.EqualFold(before, tok.Claims.Email) {
		_ = seen.Clear(f.Config.Dir) // only completion is lost if this fails
	}
}

// VerifyHint is the command that finishes a --send-only run, whole: in a script without
// a configured captcha token, --captcha-token is needed too (the browser page needs a
// terminal). agent adds --agent.
func (f *Flow) VerifyHint(agent bool) string {
	cmd := "esim login "
	if agent {
		cmd += "--agent "
	}
	cmd += "--email " + f.Email + " --code CODE"
	if f.Captcha.Token == "" && f.Config.CaptchaToken == "" {
		return "Verify it with: " + cmd + " --captcha-token TOKEN\n" +
			"(TOKEN: a captcha token, or set ESIM_CAPTCHA_TOKEN; on a terminal, leave --captcha-token out to solve the captcha in the browser.)"
	}
	return "Verify it with: " + cmd
}

// Remember stores the sent code as pending for the two-step login.
func (f *Flow) Remember(userID string) error {
	return pending.Save(f.Config.Dir, pending.Code{Email: f.Email, UserID: userID, Sent: f.Now().UTC()})
}

// Verify checks the code against userID and stores the session; the pending code is
// cleared on success.
func (f *Flow) Verify(ctx context.Context, userID string) (*sdk.Token, error) {
	ios := f.IO
	token := firstNonEmpty(f.Captcha.Token, f.Config.CaptchaToken)
	code := f.Code
	if code == "-" {
		// Scripts pass the code on stdin once it has arrived.
		line, err := prompt.ReadLine(ctx, ios)
		if err != nil {
			return nil, fmt.Errorf("reading the code from stdin: %w", err)
		}
		if code = strings.TrimSpace(line); code == "" {
			return nil, cmdutil.FlagErrorf("no code on stdin")
		}
	}
	for attempt := 1; ; attempt++ {
		if code == "" {
			if !ios.CanPrompt() {
				return nil, cmdutil.FlagErrorf("--code is required when not running interactively")
			}
			var err error
			if code, err = prompt.Line(ctx, ios, "Code (or r to resend): "); err != nil {
				return nil, err
			}
			if strings.EqualFold(code, "r") || strings.EqualFold(code, "resend") {
				ios.StartSpinner("Sending a new code")
				id, err := f.Resend(ctx)
				ios.StopSpinner()
				if err != nil {
					return nil, err
				}
				userID, code = id, ""
				_ = f.Remember(id)
				fmt.Fprintf(ios.ErrOut, "A new code was sent to %s.\n", f.Email)
				attempt-- // asking again is not a failed attempt
				continue
			}
		}
		if !isDigits(code) {
			return nil, cmdutil.FlagErrorf("the code is the number from the e-mail")
		}
		if token == "" {
			var err error
			if token, err = f.browserCaptcha(ctx); err != nil {
				return nil, err
			}
		}
		ios.StartSpinner("Verifying")
		tok, err := f.Client.Login(ctx, userID, code, token)
		ios.StopSpinner()
		if err == nil {
			_ = pending.Clear(f.Config.Dir)
			return tok, nil
		}
		verr := cmdutil.Message(messages.OTPVerify, err, f.Config.Support())
		// Like the web form, a wrong code clears the field and lets the user try again.
		if sdk.IsInvalidOTP(err) && f.Code == "" && ios.CanPrompt() && attempt < MaxAttempts {
			fmt.Fprintln(ios.ErrOut, verr)
			code = ""
			if f.Captcha.Token == "" && f.Config.CaptchaToken == "" {
				token = "" // captcha tokens are single-use
			}
			continue
		}
		return nil, verr
	}
}

func (f *Flow) browserCaptcha(ctx context.Context) (string, error) {
	ios := f.IO
	if !ios.CanPrompt() {
		return "", cmdutil.FlagErrorf("a captcha token is required: pass --captcha-token or set ESIM_CAPTCHA_TOKEN")
	}
	s, err := captcha.Start(f.Config.CaptchaSiteKey, f.Captcha.port(f.Config))
	if err != nil {
		return "", err
	}
	defer s.Close()
	fmt.Fprintf(ios.ErrOut, "Complete the captcha in your browser: %s\n", s.URL)
	if f.Getenv != nil {
		if hint := captcha.ForwardHint(s.URL, f.Getenv); hint != "" {
			fmt.Fprintln(ios.ErrOut, hint)
		}
	}
	if !f.Captcha.NoBrowser {
		if err := f.Browser.Browse(ctx, s.URL); err != nil {
			fmt.Fprintf(ios.ErrOut, "Could not open the browser (%v); open the address above yourself.\n", err)
		}
	}
	timeout := f.CaptchaTimeout
	if timeout <= 0 {
		timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	ios.StartSpinner("Waiting for the captcha (Ctrl-C cancels)")
	defer ios.StopSpinner()
	tok, err := s.Wait(ctx)
	if err != nil && ctx.Err() == context.DeadlineExceeded {
		return "", fmt.Errorf("no captcha within %s: open %s, or pass --captcha-token", timeout, s.URL)
	}
	return tok, err
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
