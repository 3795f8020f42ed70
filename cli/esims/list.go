// Package esims implements `esim esims list|show|qr|diagnose`: eSIMs, their bundles, usage,
// install codes, and the support agents' checklist for an eSIM that does not work.
package esims

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/diagnose"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/profile"
	"github.com/spf13/cobra"
)

// NewCmdESIMs builds the `esim esims` group.
func NewCmdESIMs(f *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "esims <command>",
		Short:   "List eSIMs, show their bundles and usage, print install QR codes, diagnose",
		GroupID: "support",
		Example: `  $ esim esims list --email customer@example.com
  $ esim esims show 8996199000000000010
  $ esim esims qr 8996199000000000010 --png esim.png
  $ esim esims diagnose 8996199000000000010 --country TR --reply`,
	}
	cmd.AddCommand(NewCmdList(f), NewCmdShow(f), NewCmdQR(f), NewCmdDiagnose(f))
	return cmdutil.GroupCommand(cmd)
}

// ListOptions are the options of `esim esims list`.
type ListOptions struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	Config func() (*config.Config, error)
	Email  string
	State  string
	JSON   cmdutil.JSONFlag
}

// States of the --state flag.
const (
	StateActive  = "active"
	StateExpired = "expired"
	StateAll     = "all"
)

// NewCmdList builds `esim esims list`.
func NewCmdList(f *factory.Factory) *cobra.Command {
	opts := &ListOptions{IO: f.IOStreams, Client: f.Client, Config: f.Config}
	cmd := &cobra.Command{
		Use:   "list [--email EMAIL] [--state active|expired|all]",
		Short: "List a customer's eSIMs with their bundles, usage and end dates",
		Long: `List the eSIMs of a customer, one line per bundle: ICCID, plan, state, data used, end
date (Beirut time, zone shown) and whether a top-up is allowed (never for a Revoked
bundle). On a terminal the bundles are grouped under their ICCID; piped output has the
ICCID in the first column. Usage is "used of total" in MB below 1 GB. Without --email, the logged-in customer's eSIMs are listed.
--state active keeps Processing, Queued and Active bundles; expired keeps Depleted,
Expired and Revoked ones; all keeps both (other states are not shown).`,
		Example: `  $ esim esims list --email customer@example.com
  $ esim esims list --email customer@example.com --state active
  $ esim esims list --json=iccid,bundles
  $ esim esims list --jq '.[].iccid'`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.State = strings.ToLower(strings.TrimSpace(opts.State))
			if !slices.Contains([]string{StateActive, StateExpired, StateAll}, opts.State) {
				return cmdutil.FlagErrorf("invalid --state %q: want active, expired or all", opts.State)
			}
			if opts.Email != "" && !strings.Contains(opts.Email, "@") {
				return cmdutil.FlagErrorf("invalid --email %q", opts.Email)
			}
			return listRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Email, "email", "e", "", "Customer e-mail (default: the logged-in customer)")
	fl.StringVarP(&opts.State, "state", "s", StateAll, "Bundle states: active, expired or all")
	cmdutil.AddJSONFlags(cmd, &opts.JSON, sdk.ESIM{})
	_ = cmd.RegisterFlagCompletionFunc("state", complete.Values(
		StateActive+"\tProcessing, Queued and Active bundles",
		StateExpired+"\tDepleted, Expired and Revoked bundles",
		StateAll+"\tboth"))
	return cmd
}

// inState reports whether a bundle state belongs to the --state selection: the profile
// tabs of section 4; "all" is both tabs (other states are not shown).
func inState(bundleState sdk.BundleState, sel string) bool {
	switch profile.TabFor(bundleState) {
	case profile.TabActive:
		return sel == StateActive || sel == StateAll
	case profile.TabExpired:
		return sel == StateExpired || sel == StateAll
	}
	return false
}

// filter keeps the bundles in the selected states and drops eSIMs left without any.
func filter(esims []sdk.ESIM, sel string) []sdk.ESIM {
	out := []sdk.ESIM{}
	for _, e := range esims {
		var keep []sdk.ESIMBundle
		for _, b := range e.Bundles {
			if inState(b.BundleState, sel) {
				keep = append(keep, b)
			}
		}
		// An eSIM without bundles has nothing to filter on; "all" still lists it.
		if len(keep) > 0 || (sel == StateAll && len(e.Bundles) == 0) {
			e.Bundles = keep
			out = append(out, e)
		}
	}
	return out
}

func listRun(ctx context.Context, opts *ListOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	email, err := session.EmailOrCustomer(ctx, client, opts.Email)
	if err != nil {
		return err
	}
	ios := opts.IO
	ios.StartSpinner("Loading eSIMs")
	all, err := client.ESIMs.ByEmail(ctx, email)
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading eSIMs of %s: %w", email, err)
	}
	remember(opts.Config, all)
	esims := filter(all, opts.State)
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, esims)
	}
	if len(esims) == 0 {
		fmt.Fprintln(ios.ErrOut, messages.NothingToShow)
		return nil
	}
	return ESIMTable(ios, esims)
}

// remember keeps the ICCIDs shown for shell completion.
func remember(cfg func() (*config.Config, error), esims []sdk.ESIM) {
	c, err := cfg()
	if err != nil {
		return
	}
	ids := make([]string, 0, len(esims))
	for _, e := range esims {
		ids = append(ids, e.ICCID)
	}
	seen.Add(c.Dir, ids...)
}

// ESIMTable prints eSIM bundles: grouped under their ICCID on a terminal, the ICCID in
// the first column when piped. Columns: plan, state, usage, end, top-up.
func ESIMTable(ios *iostreams.IOStreams, esims []sdk.ESIM) error {
	t := render.NewTable(ios)
	cols := []tableprinter.Column{
		{Title: "Plan", Min: 10}, {Title: "State", Keep: true}, {Title: "Usage", Min: 18},
		{Title: "End", Keep: true}, {Title: "Top-up", Keep: true},
	}
	if !t.IsTTY() {
		cols = append([]tableprinter.Column{{Title: "ICCID"}}, cols...)
	}
	t.Columns(cols...)
	for _, e := range esims {
		if t.IsTTY() {
			t.Section(e.ICCID)
		}
		if len(e.Bundles) == 0 {
			if !t.IsTTY() {
				t.Field(e.ICCID)
			}
			t.Row("(no bundle)", "", "", "", "")
			continue
		}
		for _, b := range e.Bundles {
			if !t.IsTTY() {
				t.Field(e.ICCID)
			}
			t.Field(b.DisplayName(), tableprinter.Bold)
			t.Field(string(b.BundleState), StateStyle(b.BundleState))
			t.Field(tableUsage(b))
			t.Field(format.DateZone(b.EndTime))
			t.Field(render.YesNo(diagnose.TopupAllowed(b)))
			t.EndRow()
		}
	}
	return t.Render()
}

// StateStyle colours a bundle state.
func StateStyle(s sdk.BundleState) tableprinter.Style {
	switch s {
	case wire.BundleStateActive:
		return tableprinter.Green
	case wire.BundleStateProcessing, wire.BundleStateQueued:
		return tableprinter.Yellow
	case wire.BundleStateRevoked:
		return tableprinter.Red
	}
	return tableprinter.Muted
}

// tableUsage is the usage cell: "3 MB of 1.00 GB" (the percentage is in show and --json).
func tableUsage(b sdk.ESIMBundle) string {
	if b.Unlimited {
		return "Unlimited"
	}
	return format.Volume(format.Used(b.InitialQuantity, b.RemainingQuantity)) + " of " + format.Volume(b.InitialQuantity)
}
