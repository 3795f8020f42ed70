// Package sandbox implements `esim sandbox`: the provider emulator alone (its flags and
// serving loop, shared with `esim serve`, live in cli/internal/sandboxhost).
package sandbox

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/httpserve"
	"github.com/cedarsim/esim/cli/internal/sandboxhost"
	sb "github.com/cedarsim/esim/sdk/sandbox"
	"github.com/spf13/cobra"
)

// Options of `esim sandbox`.
type Options struct {
	Out    io.Writer
	ErrOut io.Writer
	Addr   string
	Replay string
	Flags  sandboxhost.Flags
}

// NewCmdSandbox builds `esim sandbox`.
func NewCmdSandbox(f *factory.Factory) *cobra.Command {
	opts := &Options{}
	cmd := &cobra.Command{
		Use:   "sandbox",
		Short: "Run the provider emulator (no provider account needed)",
		Long: `Run the sandbox: a stateful emulator of every provider call, on one origin.
E-mail codes appear at /sandbox/mailbox. Test cards on the checkout page:
4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.

The support agent ` + sb.DefaultAgentEmail + ` (and each --agent) signs in with the
e-mail code like a customer; its tokens carry role "agent" and it may read any
customer's eSIMs. Every agent read is listed at /sandbox/audit.

With --replay DIR it serves the HAR fixtures of DIR verbatim instead, with the
matching rules of the Go tests and the MSW handlers.`,
		Example: `  $ esim sandbox
  $ esim sandbox --addr 127.0.0.1:9090 --state sandbox.db --accelerate 60
  $ esim sandbox --fault 'path=catalog/countries,status=500,count=2'
  $ esim sandbox --agent support@example.com --agent lina@example.com
  $ esim sandbox --replay fixtures/`,
		Args:    cmdutil.NoArgs,
		GroupID: "dev",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Out, opts.ErrOut = f.IOStreams.Out, f.IOStreams.ErrOut
			if err := opts.Flags.ResolveAdminToken(f.Getenv); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", sandboxhost.DefaultAddr, "Address to listen on")
	cmd.Flags().StringVar(&opts.Replay, "replay", "", "Serve the HAR fixtures under `DIR` instead of emulating")
	opts.Flags.Register(cmd.Flags())
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	logger := slog.New(slog.NewTextHandler(opts.ErrOut, &slog.HandlerOptions{Level: slog.LevelInfo}))
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", opts.Addr, err)
	}
	origin := "http://" + ln.Addr().String()
	var h http.Handler
	var emu *sb.Server
	if opts.Replay != "" {
		if h, err = ReplayHandler(opts.Replay); err != nil {
			_ = ln.Close()
			return err
		}
		fmt.Fprintf(opts.Out, "Replaying the fixtures of %s on %s\n", opts.Replay, origin)
	} else {
		so, err := opts.Flags.Options(logger)
		if err != nil {
			_ = ln.Close()
			return err
		}
		if so.AllowedHosts, err = opts.Flags.Front.Hosts(ln.Addr(), so.PublicURL); err != nil {
			_ = ln.Close()
			return err
		}
		if emu, err = sb.New(so); err != nil {
			_ = ln.Close()
			return fmt.Errorf("start sandbox: %w", err)
		}
		h = emu
		fmt.Fprintf(opts.Out, "Sandbox provider on %s\n", origin)
	}
	fmt.Fprint(opts.Out, sandboxhost.Bases(origin))
	if emu != nil {
		sandboxhost.WarnAdmin(opts.ErrOut, ln.Addr(), opts.Flags.AdminToken != "")
	}
	err = httpserve.Serve(ctx, ln, h, httpserve.DefaultLimits(), logger)
	if emu != nil {
		if serr := emu.Close(); serr != nil && err == nil {
			err = serr
		}
	}
	return err
}
