// Package tuicmd implements `esim tui`, the full-screen shop (package tui). The TUI's
// packages are linked into the binary but set nothing up at init, so they cost other
// commands nothing at start-up (see the cold-start benchmark in cli/cmd/esim).
package tuicmd

import (
	"context"
	"fmt"
	"time"

	"github.com/cedarsim/esim/cli/auth/captcha"
	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/tui"
	"github.com/spf13/cobra"
)

// Options are the options of `esim tui`.
type Options struct {
	Factory *factory.Factory
	NoAlt   bool
}

// NewCmdTUI builds `esim tui`.
func NewCmdTUI(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "tui",
		Short: "Browse plans, log in, see your eSIMs and buy in a full-screen interface",
		Long: `Open the full-screen shop: the plans browser (Countries, Regions, Global, search), plan
details, login by e-mail code, My eSIMs with usage and QR codes, buy and top-up ending in
the checkout link. Quitting keeps the stored session.`,
		Example: "  $ esim tui\n  $ esim --server http://127.0.0.1:8080 tui",
		Args:    cmdutil.NoArgs,
		GroupID: "shop",
		RunE: func(cmd *cobra.Command, args []string) error {
			if !f.IOStreams.IsStdoutTTY() || !f.IOStreams.IsStdinTTY() {
				return cmdutil.FlagErrorf("esim tui needs a terminal")
			}
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.NoAlt, "no-alt-screen", false, "Draw in the normal screen instead of the alternate one")
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
			return browserCaptcha(ctx, f, cfg.CaptchaSiteKey)
		},
		OpenBrowser: func(u string) error { return f.Browser.Browse(ctx, u) },
		Emoji:       true,
		AltScreen:   !opts.NoAlt,
	})
	if err != nil {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}

// browserCaptcha runs the captcha page; the TUI owns the screen, so nothing is printed.
func browserCaptcha(ctx context.Context, f *factory.Factory, siteKey string) (string, error) {
	s, err := captcha.Start(siteKey)
	if err != nil {
		return "", err
	}
	defer s.Close()
	if err := f.Browser.Browse(ctx, s.URL); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	return s.Wait(ctx)
}
