// Package login implements `esim login`: e-mail code login with a captcha token.
package login

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/auth/captcha"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/spf13/cobra"
)

// Options are the options of `esim login`.
type Options struct {
	Factory      *factory.Factory
	Email        string
	Code         string
	CaptchaToken string
	NoBrowser    bool
	JSON         cmdutil.JSONFlag

	// CaptchaTimeout bounds the wait for the browser page.
	CaptchaTimeout time.Duration
}

// Result is the --json shape of a successful login.
type Result struct {
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
}

// maxCodeAttempts is how many wrong codes an interactive login accepts before giving up;
// the provider locks the account after a few failures anyway.
const maxCodeAttempts = 3

// NewCmdLogin builds `esim login`.
func NewCmdLogin(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f, CaptchaTimeout: 5 * time.Minute}
	cmd := &cobra.Command{
		Use:   "login [--email EMAIL] [--code CODE] [--captcha-token TOKEN]",
		Short: "Log in with a code sent to your e-mail",
		Long: `Log in as a customer: esim sends a one-time code to your e-mail, you type it (or
pass --code), and the session is stored in the esim config directory (file mode 0600).

The provider requires a captcha token to verify the code. It comes from --captcha-token,
else ESIM_CAPTCHA_TOKEN (or captcha_token in the config file), else, in a terminal, from
a page on 127.0.0.1 that esim opens in your browser. Without a captcha site key
(ESIM_CAPTCHA_SITE_KEY) that page uses the development provider, which the sandbox accepts.`,
		Example: `  $ esim login
  $ esim login --email me@example.com
  $ ESIM_CAPTCHA_TOKEN=dev-captcha esim login --email me@example.com --code 123456
  $ read-code-from-mail | esim login --email me@example.com --code - --captcha-token "$TOKEN"`,
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Email = strings.TrimSpace(opts.Email)
			opts.Code = strings.TrimSpace(opts.Code)
			ios := f.IOStreams
			if opts.Email == "" && !ios.CanPrompt() {
				return cmdutil.FlagErrorf("--email is required when not running interactively")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Email, "email", "e", "", "E-mail address of your account")
	fl.StringVar(&opts.Code, "code", "", "The one-time code from the e-mail (prompted for when omitted; - reads it from stdin)")
	fl.StringVar(&opts.CaptchaToken, "captcha-token", "", "Captcha token (default: ESIM_CAPTCHA_TOKEN, or the browser page)")
	fl.BoolVar(&opts.NoBrowser, "no-browser", false, "Print the captcha page's address instead of opening the browser")
	cmdutil.AddJSONFlag(fl, &opts.JSON)
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	f := opts.Factory
	ios := f.IOStreams
	client, err := f.Client()
	if err != nil {
		return err
	}
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	if opts.Email == "" {
		if opts.Email, err = prompt(ctx, ios, "E-mail: "); err != nil {
			return err
		}
	}

	ios.StartSpinner("Sending the code")
	sent, err := client.Users.SendLoginCode(ctx, opts.Email)
	ios.StopSpinner()
	if err != nil {
		return cmdutil.Message(messages.OTPSendLogin, err, cfg.Support())
	}
	fmt.Fprintf(ios.ErrOut, "A one-time code was sent to %s.\n", opts.Email)

	token := firstNonEmpty(opts.CaptchaToken, cfg.CaptchaToken)
	code := opts.Code
	if code == "-" {
		// Scripts pass the code on stdin once it has arrived (the send happens first).
		line, err := readLine(ctx, ios)
		if err != nil {
			return fmt.Errorf("reading the code from stdin: %w", err)
		}
		if code = strings.TrimSpace(line); code == "" {
			return cmdutil.FlagErrorf("no code on stdin")
		}
	}
	for attempt := 1; ; attempt++ {
		if code == "" {
			if !ios.CanPrompt() {
				return cmdutil.FlagErrorf("--code is required when not running interactively")
			}
			if code, err = prompt(ctx, ios, "Code (or r to resend): "); err != nil {
				return err
			}
			if strings.EqualFold(code, "r") || strings.EqualFold(code, "resend") {
				ios.StartSpinner("Sending a new code")
				again, err := client.Users.SendLoginCode(ctx, opts.Email)
				ios.StopSpinner()
				if err != nil {
					return cmdutil.Message(messages.OTPSendLogin, err, cfg.Support())
				}
				sent, code = again, ""
				fmt.Fprintf(ios.ErrOut, "A new code was sent to %s.\n", opts.Email)
				attempt-- // asking again is not a failed attempt
				continue
			}
		}
		if token == "" {
			if token, err = browserCaptcha(ctx, opts, cfg.CaptchaSiteKey); err != nil {
				return err
			}
		}
		ios.StartSpinner("Verifying")
		tok, err := client.Login(ctx, sent.UserID, code, token)
		ios.StopSpinner()
		if err == nil {
			return success(ctx, opts, client, tok)
		}
		verr := cmdutil.Message(messages.OTPVerify, err, cfg.Support())
		// Like the web form, a wrong code clears the field and lets the user try again.
		if sdk.IsInvalidOTP(err) && opts.Code == "" && ios.CanPrompt() && attempt < maxCodeAttempts {
			fmt.Fprintln(ios.ErrOut, verr)
			code = ""
			if opts.CaptchaToken == "" && cfg.CaptchaToken == "" {
				token = "" // captcha tokens are single-use
			}
			continue
		}
		return verr
	}
}

func success(ctx context.Context, opts *Options, client *sdk.Client, tok *sdk.Token) error {
	ios := opts.Factory.IOStreams
	res := Result{Email: tok.Claims.Email, FirstName: tok.Claims.FirstName, LastName: tok.Claims.LastName}
	if res.Email == "" {
		res.Email = opts.Email
	}
	// The current-user lookup fills names the token lacks; its failure is ignored (section 8).
	if u, err := client.Users.CurrentUser(ctx); err == nil && u != nil {
		res.FirstName = firstNonEmpty(u.FirstName, res.FirstName)
		res.LastName = firstNonEmpty(u.LastName, res.LastName)
	}
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, res)
	}
	name := strings.TrimSpace(res.FirstName + " " + res.LastName)
	if name != "" {
		name = " (" + name + ")"
	}
	fmt.Fprintf(ios.ErrOut, "Logged in as %s%s.\n", tableprinter.Sanitize(res.Email), tableprinter.Sanitize(name))
	return nil
}

func browserCaptcha(ctx context.Context, opts *Options, siteKey string) (string, error) {
	ios := opts.Factory.IOStreams
	if !ios.CanPrompt() {
		return "", cmdutil.FlagErrorf("a captcha token is required: pass --captcha-token or set ESIM_CAPTCHA_TOKEN")
	}
	s, err := captcha.Start(siteKey)
	if err != nil {
		return "", err
	}
	defer s.Close()
	fmt.Fprintf(ios.ErrOut, "Complete the captcha in your browser: %s\n", s.URL)
	if !opts.NoBrowser {
		if err := opts.Factory.Browser.Browse(ctx, s.URL); err != nil {
			fmt.Fprintf(ios.ErrOut, "Could not open the browser (%v); open the address above yourself.\n", err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, opts.CaptchaTimeout)
	defer cancel()
	ios.StartSpinner("Waiting for the captcha")
	defer ios.StopSpinner()
	return s.Wait(ctx)
}

// prompt asks on stderr and reads a line from stdin; an empty answer is a usage error.
func prompt(ctx context.Context, ios *iostreams.IOStreams, label string) (string, error) {
	fmt.Fprint(ios.ErrOut, label)
	what, _, _ := strings.Cut(strings.TrimSuffix(label, ": "), " (")
	v, err := readLine(ctx, ios)
	if err != nil {
		return "", fmt.Errorf("reading the %s: %w", strings.ToLower(what), err)
	}
	if v = strings.TrimSpace(v); v == "" {
		return "", cmdutil.FlagErrorf("no %s given", strings.ToLower(what))
	}
	return v, nil
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// readLine reads a line from stdin but gives up when ctx ends: SIGINT cancels ctx and
// must not leave the user stuck at a prompt. The reading goroutine is abandoned then; the
// process is about to exit.
func readLine(ctx context.Context, ios *iostreams.IOStreams) (string, error) {
	type result struct {
		line string
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		l, err := ios.ReadLine()
		ch <- result{l, err}
	}()
	select {
	case r := <-ch:
		return r.line, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
