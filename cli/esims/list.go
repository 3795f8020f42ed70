// Package esims implements `esim esims list|show|qr`: the support agents' and customers'
// view of eSIMs, their bundles, usage and install codes.
package esims

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/render"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/profile"
	"github.com/spf13/cobra"
)

// NewCmdESIMs builds the `esim esims` group.
func NewCmdESIMs(f *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "esims <command>",
		Short:   "List eSIMs, show their bundles and usage, print install QR codes",
		GroupID: "support",
		Example: `  $ esim esims list --email customer@example.com
  $ esim esims show 8944500000000000011
  $ esim esims qr 8944500000000000011 --png esim.png`,
	}
	cmd.AddCommand(NewCmdList(f, nil), NewCmdShow(f, nil), NewCmdQR(f, nil))
	return cmd
}

// ListOptions are the options of `esim esims list`.
type ListOptions struct {
	Factory *factory.Factory
	Email   string
	State   string
	JSON    cmdutil.JSONFlag
}

// States of the --state flag.
const (
	StateActive  = "active"
	StateExpired = "expired"
	StateAll     = "all"
)

// NewCmdList builds `esim esims list`.
func NewCmdList(f *factory.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "list [--email EMAIL] [--state active|expired|all]",
		Short: "List a customer's eSIMs with their bundles, dates and usage",
		Long: `List the eSIMs of a customer, one line per bundle: ICCID, plan, state, purchase,
start and end dates (Beirut time), data used and whether a top-up is allowed.
Without --email, the logged-in customer's eSIMs are listed.
--state active keeps Processing, Queued and Active bundles; expired keeps Depleted,
Expired and Revoked ones; all keeps both (other states are not shown).`,
		Example: `  $ esim esims list --email customer@example.com
  $ esim esims list --email customer@example.com --state active
  $ esim esims list --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.State = strings.ToLower(strings.TrimSpace(opts.State))
			if !slices.Contains([]string{StateActive, StateExpired, StateAll}, opts.State) {
				return cmdutil.FlagErrorf("invalid --state %q: want active, expired or all", opts.State)
			}
			if opts.Email != "" && !strings.Contains(opts.Email, "@") {
				return cmdutil.FlagErrorf("invalid --email %q", opts.Email)
			}
			if runF != nil {
				return runF(opts)
			}
			return listRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Email, "email", "e", "", "Customer e-mail (default: the logged-in customer)")
	fl.StringVarP(&opts.State, "state", "s", StateAll, "Bundle states: active, expired or all")
	cmdutil.AddJSONFlag(fl, &opts.JSON)
	return cmd
}

// inState reports whether a bundle state belongs to the --state selection: the profile
// tabs of section 4; "all" is both tabs (other states are not shown).
func inState(bundleState, sel string) bool {
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
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	email, err := session.EmailOrCustomer(ctx, client, opts.Email)
	if err != nil {
		return err
	}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Loading eSIMs")
	all, err := client.ESIMs.ByEmail(ctx, email)
	ios.StopSpinner()
	if err != nil {
		return fmt.Errorf("loading eSIMs of %s: %w", email, err)
	}
	esims := filter(all, opts.State)
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, esims)
	}
	if len(esims) == 0 {
		fmt.Fprintln(ios.ErrOut, messages.NothingToShow)
		return nil
	}
	t := render.NewTable(ios)
	t.Header("ICCID", "Plan", "State", "Purchased", "Start", "End", "Usage", "Top-up")
	for _, e := range esims {
		if len(e.Bundles) == 0 {
			t.Field(e.ICCID)
			t.Field("")
			t.Field("")
			t.Field(format.Date(e.ActionDate))
			t.Field("")
			t.Field("")
			t.Field("")
			t.Field("")
			t.EndRow()
			continue
		}
		for _, b := range e.Bundles {
			t.Field(e.ICCID)
			t.Field(b.DisplayName(), tableprinter.Bold)
			t.Field(b.BundleState, stateStyle(b.BundleState))
			t.Field(format.Date(b.AssignmentDatetime))
			t.Field(format.Date(b.StartTime))
			t.Field(format.Date(b.EndTime))
			t.Field(Usage(b))
			t.Field(render.YesNo(b.CanTopup))
			t.EndRow()
		}
	}
	return t.Render()
}

func stateStyle(s string) tableprinter.Style {
	switch s {
	case "Active":
		return tableprinter.Green
	case "Processing", "Queued":
		return tableprinter.Yellow
	}
	return tableprinter.Muted
}

// Usage is "used of total (percent)", or "Unlimited".
func Usage(b sdk.ESIMBundle) string {
	if b.Unlimited {
		return "Unlimited"
	}
	return fmt.Sprintf("%s of %s (%s)",
		format.BytesGB(format.Used(b.InitialQuantity, b.RemainingQuantity)),
		format.BytesGB(b.InitialQuantity),
		format.Consumption(b.InitialQuantity, b.RemainingQuantity, false))
}
