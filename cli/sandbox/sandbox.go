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
	"github.com/cedarsim/esim/cli/internal/replayhost"
	"github.com/cedarsim/esim/cli/internal/sandboxhost"
	"github.com/cedarsim/esim/fixtures/replay"
	sb "github.com/cedarsim/esim/sdk/sandbox"
	"github.com/spf13/cobra"
)

// Options of `esim sandbox`.
type Options struct {
	Out    io.Writer
	ErrOut io.Writer
	Addr   string
	Replay replayhost.Flags
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

With --replay DIR it answers from the HAR recordings of DIR (the committed fixtures/, or
a folder 'esim record' wrote) with the key rule of the Go tests and the MSW handlers:
method, path, query and body, without secrets and volatile fields (contract/har/rules.json).
When several scenarios answer a request, one is chosen, never stepped through: the
default ("success"), or the one the X-Esim-Scenario header (call/scenario) or
PUT /sandbox/replay/scenarios picks. --replay-mode says what answers a request no
recording matches: strict (a 404 problem naming the closest recording and what differed),
lenient (the emulator, so a partial recording still runs the whole shop) or spy
(--upstream). Misses are logged, listed at /sandbox/replay.json and on shutdown with the
entries never used. A damaged file is refused at start, naming it (docs/qa.md).`,
		Example: `  $ esim sandbox
  $ esim sandbox --addr 127.0.0.1:9090 --state sandbox.db --accelerate 60
  $ esim sandbox --fault 'path=catalog/countries,status=500,count=2'
  $ esim sandbox --agent support@example.com --agent lina@example.com
  $ esim sandbox --replay fixtures/
  $ esim sandbox --replay rec/ --replay-mode lenient
  $ esim sandbox --replay rec/ --replay-mode spy --upstream http://127.0.0.1:9090`,
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
	opts.Replay.Register(cmd.Flags())
	opts.Flags.Register(cmd.Flags())
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	logger := slog.New(slog.NewTextHandler(opts.ErrOut, &slog.HandlerOptions{Level: slog.LevelInfo}))
	mode, err := opts.Replay.ParsedMode()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", opts.Addr, err)
	}
	defer ln.Close() // a no-op once the server has closed it
	var emu *sb.Server
	var emuKey []byte
	if !opts.Replay.Enabled() || mode == replay.Lenient {
		so, err := opts.Flags.Options(logger)
		if err != nil {
			return err
		}
		if so.AllowedHosts, err = opts.Flags.Front.Hosts(ln.Addr(), so.PublicURL); err != nil {
			return err
		}
		if mode == replay.Lenient && opts.Replay.Enabled() {
			if emuKey, err = replayhost.LenientEmulator(&so); err != nil {
				return err
			}
		}
		if emu, err = sb.New(so); err != nil {
			return fmt.Errorf("start sandbox: %w", err)
		}
	}
	closeEmu := func(err error) error {
		if emu != nil {
			if serr := emu.Close(); serr != nil && err == nil {
				err = serr
			}
		}
		return err
	}
	var h http.Handler = emu
	var rh *replay.Handler
	var loaded replay.Loaded
	if opts.Replay.Enabled() {
		var fallback http.Handler
		if emu != nil {
			fallback = emu
		}
		gate, err := opts.Flags.Gate(ln.Addr(), "")
		if err != nil {
			return closeEmu(err)
		}
		if rh, loaded, err = opts.Replay.Load(ctx, replayhost.Deps{Logger: logger, Emulator: fallback, EmulatorKey: emuKey, Gate: gate,
			Guest: replayhost.GuestAccount{ClientID: opts.Flags.ClientID, ClientSecret: opts.Flags.ClientSecret, Username: opts.Flags.GuestUsername, Password: opts.Flags.GuestPassword}}); err != nil {
			return closeEmu(err)
		}
		h = rh
	}
	origin := "http://" + ln.Addr().String()
	if rh != nil {
		replayhost.Banner(opts.Out, origin, mode, loaded)
	} else {
		fmt.Fprintf(opts.Out, "Sandbox provider on %s\n", origin)
		fmt.Fprint(opts.Out, sandboxhost.Bases(origin))
	}
	if emu != nil {
		sandboxhost.WarnAdmin(opts.ErrOut, ln.Addr(), opts.Flags.AdminToken != "")
	}
	err = httpserve.Serve(ctx, ln, h, httpserve.DefaultLimits(), logger)
	if rh != nil {
		rh.Summary(opts.ErrOut)
	}
	return closeEmu(err)
}
