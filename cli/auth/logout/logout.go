// Package logout implements `esim logout`.
package logout

import (
	"context"
	"fmt"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/sdk"
	"github.com/spf13/cobra"
)

// Options are the options of `esim logout`.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	Config func() (*config.Config, error)
}

// NewCmdLogout builds `esim logout`.
func NewCmdLogout(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Config: f.Config}
	return &cobra.Command{
		Use:   "logout",
		Short: "Forget the stored session",
		Long: `Clear the stored session (access token, refresh token, guest flag and profile id) and
what the session's commands remembered for completion (ICCIDs, customers looked up).`,
		Example: "  $ esim logout",
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			return run(cmd.Context(), opts)
		},
	}
}

func run(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	if err := client.Auth.Logout(ctx); err != nil {
		return fmt.Errorf("logging out: %w", err)
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	if err := seen.Clear(cfg.Dir); err != nil {
		return fmt.Errorf("forgetting the completion caches: %w", err)
	}
	fmt.Fprintln(opts.IO.ErrOut, "Logged out.")
	return nil
}
