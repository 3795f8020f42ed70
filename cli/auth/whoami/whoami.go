// Package whoami implements `esim whoami`.
package whoami

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/spf13/cobra"
)

// Options are the options of `esim whoami`.
type Options struct {
	Factory *factory.Factory
	JSON    cmdutil.JSONFlag
}

// NewCmdWhoami builds `esim whoami`.
func NewCmdWhoami(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "whoami",
		Short: "Show the logged-in customer",
		Long: `Show the e-mail and name of the logged-in customer. Exits 4 when nobody is logged in
or the session has expired.`,
		Example: "  $ esim whoami\n  $ esim whoami --json",
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlag(cmd.Flags(), &opts.JSON)
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	claims, err := session.Customer(ctx, client)
	if err != nil {
		return err
	}
	u := sdk.CurrentUser{Email: claims.Email, FirstName: claims.FirstName, LastName: claims.LastName}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Loading account")
	cur, err := client.Users.CurrentUser(ctx)
	ios.StopSpinner()
	switch {
	case errors.Is(err, sdk.ErrSessionExpired):
		return err
	case err == nil && cur != nil && cur.Email != "":
		u = *cur
	}
	// Any other failure of the lookup is ignored, as section 8 says: the token's claims stand in.
	if opts.JSON.Enabled {
		return cmdutil.WriteJSON(ios.Out, u)
	}
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" || u.FirstName == "" || u.LastName == "" {
		name = "My Account" // the header's wording when a name part is missing
	}
	_, err = fmt.Fprintf(ios.Out, "%s\n%s\n", tableprinter.Sanitize(u.Email), tableprinter.Sanitize(name))
	return err
}
