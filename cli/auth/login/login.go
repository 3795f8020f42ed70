// Package login implements `esim login`: e-mail code login with a captcha token, in one
// step on a terminal or in two steps from scripts (--send-only, then --code).
package login

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/otpflow"
	"github.com/cedarsim/esim/cli/internal/pending"
	"github.com/cedarsim/esim/cli/internal/prompt"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/signupform"
	"github.com/spf13/cobra"
)

// Options are the options of `esim login`.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Config   func() (*config.Config, error)
	Browser  browser.Browser
	Now      func() time.Time
	Email    string
	Code     string
	Captcha  otpflow.CaptchaFlags
	Getenv   func(string) string
	SendOnly bool
	Agent    bool
	JSON     cmdutil.JSONFlag

	// CaptchaTimeout bounds the wait for the browser page.
	CaptchaTimeout time.Duration
}

// Result is the --json shape of a successful login (and of --send-only).
type Result struct {
	Email     string `json:"email"`
	FirstName string `json:"firstName,omitempty"`
	LastName  string `json:"lastName,omitempty"`
	Role      string `json:"role,omitempty"`
	Pending   bool   `json:"pending,omitempty"` // --send-only: the code is sent, not yet verified
}

// NewCmdLogin builds `esim login`.
func NewCmdLogin(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Config: f.Config, Browser: f.Browser, Now: f.Now, Getenv: f.Getenv, CaptchaTimeout: 5 * time.Minute}
	cmd := &cobra.Command{
		Use:   "login [--email EMAIL] [--code CODE | --send-only] [--agent]",
		Short: "Log in with a code sent to your e-mail",
		Long: `Log in as a customer, or with --agent as a support agent: esim sends a one-time code
to your e-mail, you type it (or pass --code), and the session is stored in the esim
config directory (file mode 0600). New customers sign up with 'esim signup'.

Scripts log in in two steps: 'esim login --email X --send-only' sends the code, stores
the pending user id and exits 0; 'esim login --email X --code N' then verifies N against
that pending id without sending another code. --code - reads the code from stdin (the
code is sent first unless one is pending).

--agent logs in a support agent: the same e-mail code, and the session must carry the
agent role, or the login is undone and esim exits 1.

The provider requires a captcha token to verify the code. It comes from --captcha-token,
else ESIM_CAPTCHA_TOKEN (or captcha_token in the config file), else, in a terminal, from
a page on 127.0.0.1 that esim opens in your browser. Without a captcha site key
(ESIM_CAPTCHA_SITE_KEY) that page uses the development provider, which the sandbox accepts.`,
		Example: `  $ esim login
  $ esim login --email me@example.com
  $ esim login --agent --email agent@cedarsim.test

  # two steps, from a script
  $ esim login --email me@example.com --send-only
  $ esim login --email me@example.com --code 123456 --captcha-token dev-captcha

  $ read-code-from-mail | esim login --email me@example.com --code - --captcha-token "$TOKEN"`,
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Email = strings.TrimSpace(opts.Email)
			opts.Code = strings.TrimSpace(opts.Code)
			if opts.Email == "" && !opts.IO.CanPrompt() {
				return cmdutil.FlagErrorf("--email is required when not running interactively")
			}
			if opts.SendOnly && opts.Code != "" {
				return cmdutil.FlagErrorf("--send-only and --code cannot be combined: send first, then verify")
			}
			return run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Email, "email", "e", "", "E-mail address of your account")
	fl.StringVar(&opts.Code, "code", "", "The one-time code from the e-mail (prompted for when omitted; - reads it from stdin)")
	fl.BoolVar(&opts.SendOnly, "send-only", false, "Only send the code and remember it; verify later with --code")
	fl.BoolVar(&opts.Agent, "agent", false, "Log in as a support agent (the account must have the agent role)")
	opts.Captcha.Register(cmd)
	cmdutil.AddJSONFlags(cmd, &opts.JSON, Result{})
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	ios := opts.IO
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	if opts.Email == "" {
		check := func(v string) string { return signupform.Check(signupform.Email, v) }
		if opts.Email, err = prompt.Ask(ctx, ios, "E-mail: ", check); err != nil {
			return err
		}
	}
	send := func(ctx context.Context) (string, error) {
		sent, err := client.Users.SendLoginCode(ctx, opts.Email)
		if err != nil {
			return "", cmdutil.Message(messages.OTPSendLogin, err, cfg.Support())
		}
		return sent.UserID, nil
	}
	flow := &otpflow.Flow{
		IO: ios, Client: client, Config: cfg, Browser: opts.Browser, Now: opts.Now,
		Email: opts.Email, Code: opts.Code, Captcha: opts.Captcha, Getenv: opts.Getenv,
		CaptchaTimeout: opts.CaptchaTimeout, Resend: send,
	}

	// A code given on the command line belongs to a code already sent: verify it against
	// the pending user id, never send another one (which would make it dead).
	var userID string
	if p, ok := pending.Load(cfg.Dir, opts.Email, opts.Now()); ok && !opts.SendOnly {
		userID = p.UserID
		if opts.Code == "" {
			fmt.Fprintf(ios.ErrOut, "Enter the code sent to %s at %s (r sends a new one).\n", opts.Email, format.DateZone(p.Sent))
		}
	} else if opts.Code != "" && opts.Code != "-" {
		return cmdutil.FlagErrorf("no code is pending for %s: run 'esim login %s--email %s --send-only' first, then pass the code from the e-mail", opts.Email, agentFlag(opts), opts.Email)
	}
	if userID == "" {
		ios.StartSpinner("Sending the code")
		userID, err = send(ctx)
		ios.StopSpinner()
		if err != nil {
			return err
		}
		if err := flow.Remember(userID); err != nil {
			return err
		}
		fmt.Fprintf(ios.ErrOut, "A one-time code was sent to %s.\n", opts.Email)
	}
	if opts.SendOnly {
		fmt.Fprintln(ios.ErrOut, flow.VerifyHint(opts.Agent))
		if opts.JSON.Enabled {
			return opts.JSON.Write(ios, Result{Email: opts.Email, Pending: true})
		}
		return nil
	}
	// The session before this login: a failed agent login puts it back (issue 25.13).
	prev, _ := client.Store().Load(ctx)
	account := flow.Account(ctx)
	tok, err := flow.Verify(ctx, userID)
	if err != nil {
		return err
	}
	if opts.Agent && !tok.Claims.IsAgent() {
		if err := restore(ctx, client, prev); err != nil {
			return fmt.Errorf("%s is not a support agent account, and the previous session could not be put back: %w", opts.Email, err)
		}
		return fmt.Errorf("%s is not a support agent account: its session was not kept, the previous one stays (log in without --agent as a customer)", opts.Email)
	}
	flow.Switched(account, tok)
	return success(ctx, opts, client, tok)
}

// restore puts back the session stored before a login (none: logged out).
func restore(ctx context.Context, client *sdk.Client, prev sdk.Session) error {
	if prev.Token == "" {
		return client.Auth.Logout(ctx)
	}
	return client.Store().Save(ctx, prev)
}

func success(ctx context.Context, opts *Options, client *sdk.Client, tok *sdk.Token) error {
	ios := opts.IO
	res := Result{Email: tok.Claims.Email, FirstName: tok.Claims.FirstName, LastName: tok.Claims.LastName, Role: tok.Claims.Role}
	if res.Email == "" {
		res.Email = opts.Email
	}
	// The current-user lookup fills names the token lacks; its failure is ignored (section 8).
	if u, err := client.Users.CurrentUser(ctx); err == nil && u != nil {
		res.FirstName = firstNonEmpty(u.FirstName, res.FirstName)
		res.LastName = firstNonEmpty(u.LastName, res.LastName)
	}
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, res)
	}
	name := strings.TrimSpace(res.FirstName + " " + res.LastName)
	if name != "" {
		name = " (" + name + ")"
	}
	as := ""
	if tok.Claims.IsAgent() {
		as = ", a support agent"
	}
	fmt.Fprintf(ios.ErrOut, "Logged in as %s%s%s.\n", tableprinter.Sanitize(res.Email), tableprinter.Sanitize(name), as)
	return nil
}

func agentFlag(opts *Options) string {
	if opts.Agent {
		return "--agent "
	}
	return ""
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
