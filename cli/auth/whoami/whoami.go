// Package whoami implements `esim whoami`.
package whoami

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/cedarsim/esim/sdk"
	"github.com/spf13/cobra"
)

// Options are the options of `esim whoami`.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	JSON   cmdutil.JSONFlag
}

// Result is the --json shape of `esim whoami`.
type Result struct {
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Role      string `json:"role"` // customer or agent
	Agent     bool   `json:"agent"`
}

// NewCmdWhoami builds `esim whoami`.
func NewCmdWhoami(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "whoami",
		Short: "Show the logged-in customer or support agent",
		Long: `Show the e-mail and name of the logged-in account, and "Role: support agent" for an
agent's session. Exits 4 when nobody is logged in or the session has expired.`,
		Example: "  $ esim whoami\n  $ esim whoami --json\n  $ esim whoami --jq .agent",
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.AddJSONFlags(cmd, &opts.JSON, Result{})
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	who, err := session.Customer(ctx, client)
	if err != nil {
		return err
	}
	res := Result{Email: who.Email, FirstName: who.FirstName, LastName: who.LastName, Role: sdk.RoleCustomer}
	if claims, err := session.Claims(ctx, client); err == nil && claims.Role != "" {
		res.Role, res.Agent = claims.Role, claims.IsAgent()
	}
	ios := opts.IO
	ios.StartSpinner("Loading account")
	cur, err := client.Users.CurrentUser(ctx)
	ios.StopSpinner()
	switch {
	case errors.Is(err, sdk.ErrSessionExpired):
		return err
	case err == nil && cur != nil && cur.Email != "":
		res.Email, res.FirstName, res.LastName = cur.Email, cur.FirstName, cur.LastName
	}
	// Any other failure of the lookup is ignored, as section 8 says: the token's claims stand in.
	if opts.JSON.Enabled {
		return opts.JSON.Write(ios, res)
	}
	name := strings.TrimSpace(res.FirstName + " " + res.LastName)
	if name == "" || res.FirstName == "" || res.LastName == "" {
		name = "My Account" // the header's wording when a name part is missing
	}
	out := fmt.Sprintf("%s\n%s\n", tableprinter.Sanitize(res.Email), tableprinter.Sanitize(name))
	if res.Agent {
		out += tableprinter.Styled(ios.ColorEnabled(), tableprinter.Yellow, "Role: support agent") + "\n"
	}
	_, err = fmt.Fprint(ios.Out, out)
	return err
}
