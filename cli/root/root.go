// Package root assembles the esim command tree and maps errors to exit codes.
package root

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/cli/version"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/textmatch"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// SessionExpiredMessage is printed when a 401 cannot be recovered (exit code 4).
const SessionExpiredMessage = "Your session has expired or you are not logged in. Run `esim login` to log in (new here? `esim signup`)."

// Command groups of `esim --help`; set a command's GroupID to one of these.
const (
	GroupShop    = "shop"
	GroupAccount = "account"
	GroupSupport = "support"
	GroupDev     = "dev"
)

// NewCmdRoot builds the whole command tree.
func NewCmdRoot(f *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "esim <command> <subcommand> [flags]",
		Short: "CedarSIM eSIM shop from the command line",
		Long: `Browse travel eSIM plans, log in with an e-mail code, look up eSIMs and their QR codes,
buy and top up, from the terminal. Support agents log in with 'esim login --agent', look
a customer up with 'esim customer show' and check an eSIM with 'esim esims diagnose'.

Settings come from flags, then ESIM_* environment variables, then config.yaml (or
config.json) in the esim config directory; by default esim talks to a local sandbox
(esim sandbox) at http://127.0.0.1:8080.

Environment: ` + environmentHelp + `

Exit codes: 0 ok, 1 error (also an unknown country, region, ICCID or customer), 2 usage
error or interrupted, 4 not logged in or session expired. See 'esim help exit-codes' and
'esim help config'.`,
		Example: `  $ esim plans --country turkey
  $ esim signup
  $ esim login --email me@example.com
  $ esim esims list --email customer@example.com --state active
  $ esim esims qr 8996199000000000010`,
		Version:       f.AppVersion,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	cmd.SetVersionTemplate(version.Format(f.AppVersion))
	cmd.SuggestionsMinimumDistance = 2
	cmd.SetOut(f.IOStreams.Out)
	cmd.SetErr(f.IOStreams.ErrOut)
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &cmdutil.FlagError{Err: suggestFlag(c, err)}
	})

	pf := cmd.PersistentFlags()
	pf.StringVar(&f.Overrides.Server, "server", "", "Origin of a server laid out like the sandbox (sets every service URL)")
	pf.StringVar(&f.Overrides.APIURL, "api-url", "", "Base URL of the provider API (ends in /api/v1/)")
	pf.StringVar(&f.Overrides.SupportURL, "support-url", "", "Base URL of the support/eSIM service")
	pf.StringVar(&f.Overrides.ESIMCheckURL, "esimcheck-url", "", "Base URL of the eSIM check service")
	pf.StringVar(&f.Overrides.ConfigDir, "config-dir", "", "Directory of config.yaml and the stored session")
	pf.DurationVar(&f.Overrides.Timeout, "timeout", 0, "Time limit of each call to the provider, e.g. 30s or 2m (default 30s)")
	pf.BoolVar(&f.Overrides.Debug, "debug", false, "Show errors in full, with the call, method and URL (or ESIM_DEBUG=1)")

	used := map[string]bool{}
	for _, c := range commands(f) {
		cmd.AddCommand(c)
		used[c.GroupID] = true
	}
	for _, t := range helpTopics() {
		cmd.AddCommand(t)
	}
	cmd.SetHelpCommand(newCmdHelp(cmd))
	addCompletionExamples(cmd)
	// Only groups that hold a command, so help shows no empty headings.
	for _, g := range []*cobra.Group{
		{ID: GroupShop, Title: "Shop commands:"},
		{ID: GroupAccount, Title: "Account commands:"},
		{ID: GroupSupport, Title: "Support commands:"},
		{ID: GroupDev, Title: "Development commands:"},
	} {
		if used[g.ID] {
			cmd.AddGroup(g)
		}
	}
	return cmd
}

const environmentHelp = `ESIM_SERVER, ESIM_API_URL, ESIM_SUPPORT_URL, ESIM_ESIMCHECK_URL, ESIM_LOG_PUSH_URL,
ESIM_TIMEOUT, ESIM_DEBUG,
ESIM_CLIENT_ID, ESIM_CLIENT_SECRET, ESIM_GUEST_USERNAME, ESIM_GUEST_PASSWORD,
ESIM_CAPTCHA_TOKEN, ESIM_CAPTCHA_SITE_KEY, ESIM_CAPTCHA_PORT, ESIM_SUPPORT_PHONE, ESIM_SUPPORT_EMAIL,
ESIM_CONFIG_DIR, NO_COLOR, BROWSER`

// Main runs the command line and returns the process exit code.
func Main(ctx context.Context, f *factory.Factory, args []string) int {
	cmd := NewCmdRoot(f)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(ctx)
	f.IOStreams.StopSpinner()
	return handle(f, cmd, err, ctx.Err() != nil)
}

func handle(f *factory.Factory, root *cobra.Command, err error, interrupted bool) int {
	if err == nil {
		return cmdutil.ExitOK
	}
	debug := f.Overrides.Debug
	if f.Getenv != nil {
		if v := f.Getenv("ESIM_DEBUG"); v != "" && v != "0" && !strings.EqualFold(v, "false") {
			debug = true
		}
	}
	server := ""
	if f.Config != nil {
		if cfg, cerr := f.Config(); cerr == nil {
			debug = debug || cfg.Debug
			server = cfg.Server
			if server == "" {
				server = strings.TrimSuffix(cfg.APIURL, "/api/v1/")
			}
		}
	}
	return HandleError(f.IOStreams.ErrOut, root, err, interrupted, debug, server)
}

// HandleError prints err the way the user should see it and returns the exit code: the
// words of cmdutil.Describe (in full with debug), and a hint where one helps.
func HandleError(w io.Writer, root *cobra.Command, err error, interrupted, debug bool, server string) int {
	if err == nil {
		return cmdutil.ExitOK
	}
	var flagErr *cmdutil.FlagError
	var authErr *cmdutil.AuthError
	var validErr *sdk.ValidationError
	var setErr *config.SettingError
	switch {
	case errors.Is(err, cmdutil.ErrSilent):
		return cmdutil.ExitError
	case interrupted || errors.Is(err, cmdutil.ErrCancel) || errors.Is(err, context.Canceled):
		fmt.Fprintln(w)
		return cmdutil.ExitCancel
	case errors.As(err, &authErr), errors.Is(err, sdk.ErrSessionExpired):
		if authErr != nil && authErr.Message != "" {
			fmt.Fprintln(w, safeLines(authErr.Message))
		} else {
			fmt.Fprintln(w, SessionExpiredMessage)
		}
		return cmdutil.ExitAuth
	case errors.As(err, &setErr):
		// A setting esim cannot use is a usage error wherever it was given (flag,
		// environment, file), as a bad flag value is.
		fmt.Fprintln(w, safeLines(err.Error()))
		fmt.Fprintln(w, "See 'esim help config' for the settings.")
		return cmdutil.ExitUsage
	case errors.As(err, &flagErr), errors.As(err, &validErr), isCobraUsageError(err):
		// A ValidationError is the SDK refusing an argument before any request.
		fmt.Fprintln(w, safeLines(err.Error()))
		fmt.Fprintln(w, "Run 'esim --help' (or add --help to the command) for usage.")
		return cmdutil.ExitUsage
	}
	msg, hint := cmdutil.Describe(err, debug, server)
	fmt.Fprintln(w, safeLines(msg))
	if hint != "" {
		fmt.Fprintln(w, hint)
	}
	return cmdutil.ExitError
}

// safeLines strips control characters from each line of an error text: errors can quote
// a server's answer, which must not drive the terminal.
func safeLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = tableprinter.Sanitize(l)
	}
	return strings.Join(lines, "\n")
}

// suggestFlag adds the nearest flag of c to pflag's "unknown flag: --contry".
func suggestFlag(c *cobra.Command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	c.InheritedFlags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	if near, ok := textmatch.Closest(name, names, 2); ok {
		return fmt.Errorf("%w (did you mean --%s?)", err, near)
	}
	return err
}

// newCmdHelp is `esim help [command]`: cobra's, except that an unknown topic is an error
// (exit 1, as gh's) with the nearest commands, not the root's help and exit 0.
func newCmdHelp(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help provides help for any command or topic in the application.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			var out []string
			for _, sub := range root.Commands() {
				if sub.IsAvailableCommand() || sub.IsAdditionalHelpTopicCommand() {
					if strings.HasPrefix(sub.Name(), toComplete) {
						out = append(out, sub.Name()+"\t"+sub.Short)
					}
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || target == nil || len(rest) > 0 {
				msg := fmt.Sprintf("unknown help topic %q", strings.Join(args, " "))
				if s := root.SuggestionsFor(strings.Join(args, " ")); len(s) > 0 {
					msg += "\n\nDid you mean this?\n  " + strings.Join(s, "\n  ")
				}
				return errors.New(msg + "\n\nRun 'esim --help' for the commands and topics.")
			}
			target.InitDefaultHelpFlag()
			return target.Help()
		},
	}
}

// Cobra reports unknown commands and argument-count errors as plain errors.
func isCobraUsageError(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "invalid argument"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// addCompletionExamples creates cobra's completion command now (it would otherwise appear
// at Execute) and gives it and its shells examples like every other command.
func addCompletionExamples(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Example = "  $ esim completion bash > /etc/bash_completion.d/esim\n  $ esim completion zsh > \"${fpath[1]}/_esim\""
		for _, sh := range c.Commands() {
			switch sh.Name() {
			case "bash":
				sh.Example = "  $ source <(esim completion bash)"
			case "zsh":
				sh.Example = "  $ esim completion zsh > \"${fpath[1]}/_esim\""
			case "fish":
				sh.Example = "  $ esim completion fish > ~/.config/fish/completions/esim.fish"
			case "powershell":
				sh.Example = "  PS> esim completion powershell | Out-String | Invoke-Expression"
			}
		}
	}
}
