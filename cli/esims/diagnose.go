package esims

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/catalog"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/internal/install"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/support"
	"github.com/spf13/cobra"
)

// DiagnoseOptions are the options of `esim esims diagnose`.
type DiagnoseOptions struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Config   func() (*config.Config, error)
	Now      func() time.Time
	ICCID    string
	Country  string
	Email    string
	Name     string
	Reply    bool
	WhatsApp bool
	Phone    string
	JSON     cmdutil.JSONFlag
}

// DiagnoseResult is the --json shape: the verdict, and the reply when asked for.
type DiagnoseResult struct {
	diagnose.Verdict
	Reply    string `json:"reply,omitempty"`
	WhatsApp string `json:"whatsappLink,omitempty"`
}

// NewCmdDiagnose builds `esim esims diagnose ICCID`.
func NewCmdDiagnose(f *factory.Factory) *cobra.Command {
	opts := &DiagnoseOptions{IO: f.IOStreams, Client: f.Client, Config: f.Config, Now: f.Now}
	cmd := &cobra.Command{
		Use:   "diagnose ICCID [--country COUNTRY] [--reply [--whatsapp]]",
		Short: "Check why an eSIM does not work, with advice and a ready reply",
		Long: `Run a checklist over what the provider answers for an eSIM: its bundles and their
states (Processing for too long, Queued behind another bundle, Depleted, expiring within
24 hours, Expired, Revoked), top-up eligibility through the eSIM check, and, with
--country, whether a usable bundle covers the country the customer is in. Each failing
line carries the setup guide's or FAQ's advice.

--reply prints a ready-to-send message for the customer instead (what was found, the
next step, the iPhone and Android install links); --whatsapp prints a wa.me link that
opens WhatsApp with that message (--phone picks the chat). The exit code is 0 whatever
the verdict; scripts read it from --json (.status is pass, warn or fail).`,
		Example: `  $ esim esims diagnose 8996199000000000010
  $ esim esims diagnose 8996199000000000010 --country turkey
  $ esim esims diagnose 8996199000000000010 --reply --name Rana
  $ esim esims diagnose 8996199000000000010 --reply --whatsapp --phone "+961 70 123 456"
  $ esim esims diagnose 8996199000000000010 --jq '.checks[] | select(.status == "fail") | .finding'`,
		Args: cmdutil.ExactArgs(1, "the ICCID of the eSIM"),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseICCID(args[0])
			if err != nil {
				return err
			}
			opts.ICCID = id
			if opts.WhatsApp {
				opts.Reply = true
			}
			if opts.Phone != "" && !opts.WhatsApp {
				return cmdutil.FlagErrorf("--phone goes with --whatsapp")
			}
			if opts.Phone != "" {
				// "abc" made wa.me/?text=: a chat with nobody (issue 25.13).
				given := strings.TrimSpace(opts.Phone)
				if opts.Phone, err = support.WhatsAppNumber(given); err != nil {
					return cmdutil.FlagErrorf("invalid --phone %q: want the customer's number in international form, e.g. \"+961 70 123 456\"", given)
				}
			}
			return diagnoseRun(cmd.Context(), opts)
		},
		ValidArgsFunction: complete.ICCIDs(f.Config),
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Country, "country", "c", "", "Country the customer is in: ISO code or name")
	fl.StringVarP(&opts.Email, "email", "e", "", "Owner's e-mail, to read the install details from their eSIM list")
	fl.StringVar(&opts.Name, "name", "", "Customer's first name for the reply's greeting")
	fl.BoolVar(&opts.Reply, "reply", false, "Print a ready-to-send reply for the customer")
	fl.BoolVar(&opts.WhatsApp, "whatsapp", false, "Print a wa.me link with the reply (implies --reply)")
	fl.StringVar(&opts.Phone, "phone", "", "Customer's WhatsApp number for --whatsapp")
	cmdutil.AddJSONFlags(cmd, &opts.JSON, DiagnoseResult{})
	_ = cmd.RegisterFlagCompletionFunc("country", complete.Countries(f.Client, f.Config))
	return cmd
}

func diagnoseRun(ctx context.Context, opts *DiagnoseOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	ios := opts.IO
	in := diagnose.Input{ICCID: opts.ICCID, Now: opts.Now()}
	if opts.Country != "" {
		list, err := catalog.Cache{Dir: cfg.Dir}.Countries(ctx, client.Catalog)
		if err != nil {
			return err
		}
		c, err := catalog.ResolveCountry(list, opts.Country)
		if err != nil {
			return err
		}
		in.Country, in.CountryName = strings.ToUpper(c.ISOCode), c.Name
	}
	ios.StartSpinner("Checking the eSIM")
	defer ios.StopSpinner()
	in.Bundles, err = client.ESIMs.Info(ctx, opts.ICCID)
	if sdk.IsNotFound(err) {
		return notFoundICCID(opts.ICCID)
	}
	if err != nil {
		return fmt.Errorf("loading eSIM %s: %w", opts.ICCID, err)
	}
	if cur, ok := diagnose.Current(in.Bundles); ok && diagnose.TopupAllowed(cur) && cur.Name != "" {
		can, err := client.ESIMCheck.Check(ctx, cur.Name, opts.ICCID)
		if err != nil {
			msg, _ := cmdutil.Describe(err, false, "")
			in.Topup = diagnose.TopupCheck{Err: msg}
		} else {
			in.Topup = diagnose.TopupCheck{Done: true, CanContinue: can}
		}
	}
	var listed *sdk.ESIM
	if opts.Email != "" {
		if listed, err = findListed(ctx, client, opts.Email, opts.ICCID); err != nil {
			return err
		}
	}
	if code, _, err := install.Find(ctx, client.ESIMs, opts.ICCID, listed, 500*time.Millisecond); err == nil {
		in.Install = diagnose.InstallFor(code)
	} else {
		ios.StopSpinner()
		msg, _ := cmdutil.Describe(err, false, "")
		fmt.Fprintf(ios.ErrOut, "warning: no install details: %s\n", msg)
	}
	ios.StopSpinner()

	res := DiagnoseResult{Verdict: diagnose.Diagnose(in)}
	if opts.Reply {
		res.Reply = diagnose.Reply(res.Verdict, diagnose.ReplyOptions{FirstName: opts.Name, Support: cfg.Support()})
		if opts.WhatsApp {
			res.WhatsApp = diagnose.WhatsAppLink(opts.Phone, res.Reply)
		}
	}
	switch {
	case opts.JSON.Enabled:
		return opts.JSON.Write(ios, res)
	case opts.WhatsApp:
		_, err = fmt.Fprintln(ios.Out, res.WhatsApp)
		return err
	case opts.Reply:
		_, err = fmt.Fprint(ios.Out, res.Reply)
		return err
	}
	return printVerdict(ios, res.Verdict)
}

var marks = map[diagnose.Status]struct {
	mark  string
	style tableprinter.Style
}{
	diagnose.Pass: {"✓", tableprinter.Green},
	diagnose.Info: {"•", tableprinter.Cyan},
	diagnose.Warn: {"!", tableprinter.Yellow},
	diagnose.Fail: {"✗", tableprinter.Red},
}

func printVerdict(ios *iostreams.IOStreams, v diagnose.Verdict) error {
	st := func(s diagnose.Status, text string) string {
		return tableprinter.Styled(ios.ColorEnabled(), marks[s].style, text)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "eSIM %s: %s\n\n", v.ICCID, st(v.Status, tableprinter.Sanitize(v.Summary)))
	for _, c := range v.Checks {
		width := 0
		if ios.IsStdoutTTY() {
			width = ios.TerminalWidth() - 4
		}
		for i, l := range wrap(tableprinter.Sanitize(c.Finding), width+2) {
			if i == 0 {
				fmt.Fprintf(&b, "%s %s\n", st(c.Status, marks[c.Status].mark), l)
			} else {
				fmt.Fprintf(&b, "    %s\n", l)
			}
		}
		for _, a := range c.Advice {
			for i, l := range wrap(a, width) {
				indent := "    "
				if i > 0 {
					indent = "      "
				}
				fmt.Fprintf(&b, "%s%s\n", indent, l)
			}
		}
	}
	if v.Install.Known() {
		fmt.Fprintf(&b, "\nInstall:\n  SM-DP+ address:  %s\n  Activation code: %s\n  iPhone:          %s\n  Android:         %s\n",
			v.Install.SMDPAddress, v.Install.ActivationCode, v.Install.IOSLink, v.Install.AndroidLink)
	}
	_, err := fmt.Fprint(ios.Out, b.String())
	if err != nil {
		return fmt.Errorf("writing the verdict: %w", err)
	}
	return nil
}

// wrap breaks text into lines of at most width columns at spaces (width 0: one line);
// the lines after the first leave room for a deeper indent.
func wrap(text string, width int) []string {
	if width <= 20 || len([]rune(text)) <= width {
		return []string{text}
	}
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		limit := width
		if len(lines) > 0 {
			limit = width - 2
		}
		if line != "" && len([]rune(line))+1+len([]rune(w)) > limit {
			lines = append(lines, line)
			line = w
			continue
		}
		if line == "" {
			line = w
		} else {
			line += " " + w
		}
	}
	return append(lines, line)
}
