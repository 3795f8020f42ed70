// Package customer implements `esim customer show EMAIL`: the support agent's single view
// of a customer, every eSIM with its bundles, usage, validity, coverage, top-up
// eligibility and install details (sdk/diagnose.View).
package customer

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/textmatch"
	"github.com/spf13/cobra"
)

// NewCmdCustomer builds the `esim customer` group.
func NewCmdCustomer(f *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "customer <command>",
		Short:   "Look a customer up (support agents)",
		GroupID: "support",
		Example: "  $ esim customer show customer@example.com",
	}
	cmd.AddCommand(NewCmdShow(f))
	return cmdutil.GroupCommand(cmd)
}

// ShowOptions are the options of `esim customer show`.
type ShowOptions struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	Config func() (*config.Config, error)
	Email  string
	JSON   cmdutil.JSONFlag
}

// NewCmdShow builds `esim customer show EMAIL`.
func NewCmdShow(f *factory.Factory) *cobra.Command {
	opts := &ShowOptions{IO: f.IOStreams, Client: f.Client, Config: f.Config}
	cmd := &cobra.Command{
		Use:   "show EMAIL",
		Short: "Show a customer's eSIMs: states, usage, validity, coverage, top-up, install details",
		Long: `Show everything support needs about a customer in one view: each eSIM with its
install details (SM-DP+ address, activation code, iPhone and Android install links) and
each bundle with its state, usage, validity, coverage and top-up eligibility. Dates are
in Beirut time with the zone shown. Needs a support agent's session (esim login --agent);
which customers an agent may read is decided by the server, which logs every read.`,
		Example: `  $ esim customer show customer@example.com
  $ esim customer show customer@example.com --json
  $ esim customer show customer@example.com --jq '.esims[].install.androidLink'`,
		Args: cmdutil.ExactArgs(1, "the customer's EMAIL"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Email = strings.TrimSpace(args[0])
			if !strings.Contains(opts.Email, "@") {
				return cmdutil.FlagErrorf("invalid e-mail %q", args[0])
			}
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlags(cmd, &opts.JSON, diagnose.Customer{})
	return cmd
}

func run(ctx context.Context, opts *ShowOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	if _, err := session.Agent(ctx, client); err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading the customer")
	list, err := client.ESIMs.ByEmail(ctx, opts.Email)
	ios.StopSpinner()
	switch {
	case sdk.IsStatus(err, 403):
		return fmt.Errorf("not allowed to read %s's eSIMs: %w", opts.Email, err)
	case sdk.IsNotFound(err):
		return &cmdutil.NotFoundError{What: "customer", Value: opts.Email, Hint: "no account with this e-mail"}
	case err != nil:
		return fmt.Errorf("loading eSIMs of %s: %w", opts.Email, err)
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	if len(list) == 0 {
		// An empty list is also what an unknown address gets: ask the look-up (issue 25.3).
		if err := known(ctx, client, cfg.Dir, opts.Email); err != nil {
			return err
		}
	}
	seen.AddCustomer(cfg.Dir, opts.Email)
	view := diagnose.View(opts.Email, list)
	ids := make([]string, 0, len(view.ESIMs))
	for _, e := range view.ESIMs {
		ids = append(ids, e.ICCID)
	}
	seen.Add(cfg.Dir, ids...)
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, view)
	}
	return print(ios, view)
}

// known checks that a customer has email, with the sandbox's look-up (sdk.LookupCustomer):
// nobody is an unknown customer (exit 1) with the nearest address this agent has looked up
// before; a server without the look-up (a provider) cannot tell, and the empty list stands.
func known(ctx context.Context, client *sdk.Client, dir, email string) error {
	l, err := client.LookupCustomer(ctx, email)
	switch {
	case errors.Is(err, sdk.ErrNoLookup):
		return nil
	case err != nil:
		return fmt.Errorf("looking %s up: %w", email, err)
	case l.Exists:
		return nil
	}
	hint := "no account with this e-mail"
	if near, ok := textmatch.Closest(email, seen.Customers(dir), 3); ok {
		hint += "; did you mean " + near + "?"
	}
	return &cmdutil.NotFoundError{What: "customer", Value: email, Hint: hint}
}

func print(ios *iostreams.IOStreams, c diagnose.Customer) error {
	var b strings.Builder
	color := ios.ColorEnabled()
	fmt.Fprintf(&b, "%s\n", tableprinter.Styled(color, tableprinter.Bold, tableprinter.Sanitize(c.Email)))
	fmt.Fprintf(&b, "%s, %d active and %d expired bundles\n", format.Count(len(c.ESIMs), "eSIM"), c.Active, c.Expired)
	if len(c.ESIMs) == 0 {
		fmt.Fprintln(&b, messages.NothingToShow)
	}
	for _, e := range c.ESIMs {
		fmt.Fprintf(&b, "\n%s %s\n", tableprinter.Styled(color, tableprinter.Bold, "eSIM "+e.ICCID), purchased(e.ActionText))
		if e.Install.Known() {
			fmt.Fprintf(&b, "  SM-DP+ address:   %s\n  Activation code:  %s\n  iPhone install:   %s\n  Android install:  %s\n",
				tableprinter.Sanitize(e.Install.SMDPAddress), tableprinter.Sanitize(e.Install.ActivationCode), e.Install.IOSLink, e.Install.AndroidLink)
		} else {
			fmt.Fprintln(&b, "  Install details: not in the eSIM list (esim esims qr "+e.ICCID+" fetches them)")
		}
		if len(e.Bundles) == 0 {
			fmt.Fprintln(&b, "  No bundle")
		}
		for _, bu := range e.Bundles {
			fmt.Fprintf(&b, "\n  %s  %s\n", tableprinter.Styled(color, tableprinter.Bold, tableprinter.Sanitize(bu.Name)), tableprinter.Sanitize(bu.State))
			line := func(label, v string) {
				if v != "" {
					fmt.Fprintf(&b, "    %-10s %s\n", label+":", tableprinter.Sanitize(v))
				}
			}
			line("Usage", bu.Usage.Text)
			line("Validity", validity(bu))
			line("Purchased", bu.PurchasedText)
			line("Top-up", render.YesNo(bu.Topup))
			if bu.Origin != nil {
				line("Origin", render.Countries([]sdk.Country{*bu.Origin}))
			}
			line("Coverage", render.Countries(bu.Coverage))
		}
	}
	if _, err := fmt.Fprint(ios.Out, b.String()); err != nil {
		return fmt.Errorf("writing the customer: %w", err)
	}
	return nil
}

func validity(b diagnose.Bundle) string {
	switch {
	case b.StartText != "" && b.EndText != "":
		return b.StartText + " to " + b.EndText
	case b.EndText != "":
		return "until " + b.EndText
	case b.StartText != "":
		return "from " + b.StartText
	}
	return "not started"
}

func purchased(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}
