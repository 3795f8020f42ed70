// Package signup implements `esim signup`: the checkout's sign-up form from the terminal
// (first and last name, dial code, phone, e-mail), then the e-mail code as in `esim login`.
package signup

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/otpflow"
	"github.com/cedarsim/esim/cli/internal/prompt"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/signupform"
	"github.com/spf13/cobra"
)

// DefaultDialCode is the spec's default country code (Lebanon).
const DefaultDialCode = signupform.DefaultDialCode

// Options are the options of `esim signup`.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Config   func() (*config.Config, error)
	Browser  browser.Browser
	Now      func() time.Time
	Form     sdk.SignupForm
	Code     string
	Captcha  otpflow.CaptchaFlags
	Getenv   func(string) string
	SendOnly bool
	JSON     cmdutil.JSONFlag
}

// Result is the --json shape of `esim signup`.
type Result struct {
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Pending   bool   `json:"pending,omitempty"`
}

// NewCmdSignup builds `esim signup`.
func NewCmdSignup(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Config: f.Config, Browser: f.Browser, Now: f.Now, Getenv: f.Getenv}
	cmd := &cobra.Command{
		Use:   "signup [--first-name NAME --last-name NAME --phone PHONE --email EMAIL]",
		Short: "Create an account: verify your e-mail with a code",
		Long: `Create a customer account as the shop's checkout does: first and last name, country dial
code (default 961, Lebanon), phone and e-mail, all required, the e-mail in a valid form.
esim sends a one-time code to the e-mail; type it (or pass --code - to read it from
stdin) and you are logged in, ready for 'esim buy'. Error texts are the shop's (spec
section 8).

On a terminal, missing fields are asked for; otherwise they must be given as flags.
--send-only sends the code and stops; finish with 'esim login --email EMAIL --code N'.`,
		Example: `  $ esim signup
  $ read-code-from-mail | esim signup --first-name Rana --last-name Haddad --phone 70123456 \
      --email rana@example.com --code - --captcha-token "$TOKEN"
  $ esim signup --first-name Rana --last-name Haddad --country-code 33 --phone 612345678 \
      --email rana@example.com --send-only
  $ esim login --email rana@example.com --code 123456 --captcha-token dev-captcha`,
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			f := &opts.Form
			for _, p := range []*string{&f.FirstName, &f.LastName, &f.CountryCode, &f.Phone, &f.Email} {
				*p = strings.TrimSpace(*p)
			}
			opts.Code = strings.TrimSpace(opts.Code)
			if opts.SendOnly && opts.Code != "" {
				return cmdutil.FlagErrorf("--send-only and --code cannot be combined")
			}
			if opts.Code != "" && opts.Code != "-" {
				// The code does not exist before signup sends it: a code given up front
				// would be a dead one.
				return cmdutil.FlagErrorf("signup sends the code: pass --code - to read it from stdin once it arrives, or --send-only and then 'esim login --email EMAIL --code N'")
			}
			if !opts.IO.CanPrompt() {
				var missing []string
				for _, m := range []struct{ flag, v string }{
					{"--first-name", f.FirstName}, {"--last-name", f.LastName}, {"--phone", f.Phone}, {"--email", f.Email},
				} {
					if m.v == "" {
						missing = append(missing, m.flag)
					}
				}
				if len(missing) > 0 {
					return cmdutil.FlagErrorf("missing %s (required when not running interactively)", strings.Join(missing, ", "))
				}
			}
			return run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Form.FirstName, "first-name", "", "First name")
	fl.StringVar(&opts.Form.LastName, "last-name", "", "Last name")
	fl.StringVar(&opts.Form.CountryCode, "country-code", "", "Phone dial code without + (default 961)")
	fl.StringVar(&opts.Form.Phone, "phone", "", "Phone number")
	fl.StringVarP(&opts.Form.Email, "email", "e", "", "E-mail address")
	fl.StringVar(&opts.Code, "code", "", "- reads the one-time code from stdin once sent (prompted for when omitted)")
	fl.BoolVar(&opts.SendOnly, "send-only", false, "Only send the code; verify later with 'esim login --email EMAIL --code N'")
	opts.Captcha.Register(cmd)
	cmdutil.AddJSONFlags(cmd, &opts.JSON, Result{})
	return cmd
}

// ask fills the missing fields on a terminal, asking again for an answer the form would
// refuse (sdk/signupform: the web's rules and texts).
func ask(ctx context.Context, ios *iostreams.IOStreams, f *sdk.SignupForm) error {
	field := func(label string, p *string, which signupform.Field) error {
		if *p != "" {
			return nil
		}
		v, err := prompt.Ask(ctx, ios, label, func(v string) string { return signupform.Check(which, v) })
		*p = v
		return err
	}
	if err := field("First name: ", &f.FirstName, signupform.FirstName); err != nil {
		return err
	}
	if err := field("Last name: ", &f.LastName, signupform.LastName); err != nil {
		return err
	}
	if f.CountryCode == "" && f.Phone == "" {
		v, err := prompt.Ask(ctx, ios, "Country dial code ("+DefaultDialCode+"): ", func(v string) string {
			if v == "" {
				return "" // the default
			}
			return signupform.Check(signupform.CountryCode, v)
		})
		if err != nil {
			return err
		}
		f.CountryCode = strings.TrimPrefix(v, "+")
	}
	if err := field("Phone: ", &f.Phone, signupform.Phone); err != nil {
		return err
	}
	return field("E-mail: ", &f.Email, signupform.Email)
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
	if ios.CanPrompt() {
		if err := ask(ctx, ios, &opts.Form); err != nil {
			return err
		}
	}
	form := opts.Form
	form.CountryCode = strings.TrimPrefix(form.CountryCode, "+")
	if form.CountryCode == "" {
		form.CountryCode = DefaultDialCode
	}
	send := func(ctx context.Context) (string, error) {
		sent, err := client.Users.SendSignupCode(ctx, form)
		if err != nil {
			var v *sdk.ValidationError
			if errors.As(err, &v) {
				return "", &cmdutil.FlagError{Err: err}
			}
			return "", cmdutil.Message(messages.OTPSendSignup, err, cfg.Support())
		}
		return sent.UserID, nil
	}
	flow := &otpflow.Flow{
		IO: ios, Client: client, Config: cfg, Browser: opts.Browser, Now: opts.Now,
		Email: form.Email, Code: opts.Code, Captcha: opts.Captcha, Getenv: opts.Getenv, Resend: send,
	}
	ios.StartSpinner("Sending the code")
	userID, err := send(ctx)
	ios.StopSpinner()
	if err != nil {
		return err
	}
	if err := flow.Remember(userID); err != nil {
		return err
	}
	fmt.Fprintf(ios.ErrOut, "A one-time code was sent to %s.\n", form.Email)
	res := Result{Email: form.Email, FirstName: form.FirstName, LastName: form.LastName}
	if opts.SendOnly {
		fmt.Fprintln(ios.ErrOut, flow.VerifyHint(false))
		res.Pending = true
		if opts.JSON.Enabled {
			return opts.JSON.Write(ios, res)
		}
		return nil
	}
	account := flow.Account(ctx)
	tok, err := flow.Verify(ctx, userID)
	if err != nil {
		return err
	}
	flow.Switched(account, tok)
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, res)
	}
	fmt.Fprintf(ios.ErrOut, "Signed up and logged in as %s (%s %s). Buy your first eSIM: esim plans, then esim buy.\n",
		tableprinter.Sanitize(form.Email), tableprinter.Sanitize(form.FirstName), tableprinter.Sanitize(form.LastName))
	return nil
}
