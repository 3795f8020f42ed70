// Package tuicmd implements `esim tui`, the full-screen shop (package tui). The TUI's
// packages are linked into the binary but set nothing up at init, so they cost other
// commands nothing at start-up (see the cold-start benchmark in cli/cmd/esim).
package tuicmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/captcha"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/cedarsim/esim/tui"
	"github.com/cedarsim/esim/tui/otp"
	"github.com/spf13/cobra"
)

// Options are the options of `esim tui`.
type Options struct {
	Factory     *factory.Factory
	NoAlt       bool
	CaptchaPort int // --captcha-port, when given (CaptchaPortSet)

	CaptchaPortSet bool
}

// NewCmdTUI builds `esim tui`.
func NewCmdTUI(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "tui",
		Short: "Browse plans, log in, see your eSIMs and buy in a full-screen interface",
		Long: `Open the full-screen shop: the plans browser (Countries, Regions, Global, search), plan
details, login or sign-up by e-mail code, My eSIMs with usage and QR codes, buy and top-up
ending in the checkout link (the TUI then watches for the paid eSIM). An agent's session
gets the Agent tab: look a customer up and diagnose an eSIM. Quitting keeps the stored
session.`,
		Example: "  $ esim tui\n  $ esim --server http://127.0.0.1:8080 tui",
		Args:    cmdutil.NoArgs,
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			if !f.IOStreams.IsStdoutTTY() || !f.IOStreams.IsStdinTTY() {
				return cmdutil.FlagErrorf("esim tui needs a terminal")
			}
			opts.CaptchaPortSet = cmd.Flags().Changed("captcha-port")
			if opts.CaptchaPort < 0 || opts.CaptchaPort > 65535 {
				return cmdutil.FlagErrorf("--captcha-port %d: want a port number from 1 to 65535 (0: any free port)", opts.CaptchaPort)
			}
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.NoAlt, "no-alt-screen", false, "Draw in the normal screen instead of the alternate one")
	cmd.Flags().IntVar(&opts.CaptchaPort, "captcha-port", 0, "Port of the captcha page on 127.0.0.1, to forward it over SSH (default: ESIM_CAPTCHA_PORT, or any free port)")
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	f := opts.Factory
	client, err := f.Client()
	if err != nil {
		return err
	}
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	err = tui.Run(ctx, client, tui.Options{
		In:           f.IOStreams.In,
		Out:          f.IOStreams.Out,
		SupportPhone: cfg.SupportPhone,
		SupportEmail: cfg.SupportEmail,
		CaptchaToken: func(ctx context.Context) (string, error) {
			if cfg.CaptchaToken != "" {
				return cfg.CaptchaToken, nil
			}
			return "", errors.New("no captcha token configured")
		},
		CaptchaPage: func(ctx context.Context) (otp.CaptchaPage, error) {
			port := cfg.CaptchaPortNumber()
			if opts.CaptchaPortSet {
				port = opts.CaptchaPort
			}
			s, err := captcha.Start(cfg.CaptchaSiteKey, port)
			if err != nil {
				return nil, err
			}
			return page{s, captcha.ForwardHint(s.URL, f.Getenv)}, nil
		},
		OpenBrowser:    func(u string) error { return f.Browser.Browse(ctx, u) },
		Emoji:          true,
		AltScreen:      !opts.NoAlt,
		CrashDir:       filepath.Join(cfg.Dir, "crash"),
		KnownCustomers: func() []string { return seen.Customers(cfg.Dir) },
		SawCustomer:    func(email string) { seen.AddCustomer(cfg.Dir, email) },
		Version:        f.AppVersion,
	})
	var crashed *tui.CrashError
	if errors.As(err, &crashed) {
		reportCrash(f.IOStreams.ErrOut, crashed, cfg.SupportEmail)
		return cmdutil.ErrSilent // exit 1: the message is out
	}
	if err != nil {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}

// reportCrash tells the user, in a few lines on stderr, that the TUI stopped on an
// internal error and where its report is (the stack is in the file, not on the screen).
func reportCrash(w io.Writer, e *tui.CrashError, support string) {
	fmt.Fprintf(w, "esim tui stopped on an internal error: %v\n", e.Value)
	if e.Path == "" {
		fmt.Fprintf(w, "The crash report could not be written: %v\n", e.WriteErr)
		return
	}
	to := "support"
	if support != "" {
		to += " (" + support + ")"
	}
	fmt.Fprintf(w, "The crash report is in %s; please send it to %s.\n", e.Path, to)
}

// page is the captcha page as the TUI waits for it: the TUI shows its address (a browser
// may not open), bounds the wait and lets esc cancel it.
type page struct {
	s    *captcha.Server
	hint string // how to reach it over SSH; "" when not on SSH
}

func (p page) URL() string                              { return p.s.URL }
func (p page) Hint() string                             { return p.hint }
func (p page) Wait(ctx context.Context) (string, error) { return p.s.Wait(ctx) }
func (p page) Close() error                             { return p.s.Close() }
