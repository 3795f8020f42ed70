// Package record implements `esim record`: a recording proxy laid out like the sandbox, in
// front of a server laid out like the sandbox (--upstream) or a real provider (--api-url,
// --support-url, --esimcheck-url), writing each exchange as HAR in the fixtures layout.
package record

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/callname"
	"github.com/cedarsim/esim/cli/internal/httpserve"
	"github.com/cedarsim/esim/cli/internal/sandboxhost"
	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/fixtures"
	sdkrecord "github.com/cedarsim/esim/sdk/record"
	"github.com/spf13/cobra"
)

// Options of `esim record`.
type Options struct {
	Out, ErrOut io.Writer

	Dir      string
	Addr     string
	Upstream string
	// A real provider's service URLs (the global --api-url, --support-url, --esimcheck-url).
	APIURL, SupportURL, ESIMCheckURL, LogPushURL string
	Scenario                                     string
	Redact                                       sdkrecord.RedactOptions

	// writeFile replaces the store's file write (tests simulate a full disk with it).
	writeFile func(path string, data []byte) error
}

// NewCmdRecord builds `esim record`. runF replaces the run function in tests.
func NewCmdRecord(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := &cobra.Command{
		Use:   "record --out DIR (--upstream ORIGIN | --api-url URL --support-url URL --esimcheck-url URL)",
		Short: "Record a session through a proxy laid out like the sandbox, as HAR fixtures",
		Long: `Run a recording proxy on --addr, laid out like the sandbox (the API at /api/v1/, the
support service at /esim-service/api/v1/, the eSIM check at /esim-check/api/v1/, the log
push at /loki/api/v1/push). Point the CLI (esim --server http://ADDR) or the web shop
(esim serve --api-url http://ADDR/api/v1/ ...) at it, and every exchange is written to
DIR/<service>/<call>/<scenario>.har.json soon after it happens: the call is the OpenAPI
operation the request matches, the scenario --scenario, or "success" for a 2xx or 3xx
answer and the status and problem detail otherwise (e.g.
400-invalid-otp-please-try-again). Exchanges of one call and scenario are the entries of
one file, in order. A file this run writes replaces the one of an earlier run; other
files in DIR are left alone.

--upstream fronts a server laid out like the sandbox (esim sandbox, esim serve): its
other pages (the shop, the mailbox) pass through unrecorded, and its hosted checkout
page is recorded too, so a web purchase replays (in front of esim serve, open the shop
on the recorder's address). A shop on another loopback origin may call the recorder
(CORS). --api-url, --support-url and --esimcheck-url (and --log-push-url) front a real
provider instead.

Secrets are redacted before anything is written (the rules of contract/har/rules.json):
Authorization and cookies, passwords, client secrets, access and refresh tokens (a JWT
keeps its claims, not its signature), one-time codes and passwords, captcha tokens, card
numbers. --redact-activation-codes also hides eSIM activation codes (LPA strings,
install links, QR images); --pseudonymise replaces e-mails and phone numbers with
stand-ins, the same within one recording (replay the recording with the stand-ins), all
but the shop's own: the guest account and the support address of esim's settings.

An upstream that does not answer gets the client a 502 problem+json, and nothing is
recorded. SIGINT or SIGTERM stops the proxy after the exchanges in flight and writes
what is left; a file that cannot be written (a full disk) is an error (exit 1, naming
it), and the files written before stay intact. Replay with 'esim sandbox --replay DIR'
(docs/qa.md).`,
		Example: `  # the README's session, recorded in front of the sandbox
  $ esim sandbox --addr 127.0.0.1:9090 &
  $ esim record --out rec/ --upstream http://127.0.0.1:9090 --addr 127.0.0.1:8080
  $ esim plans --country TR --json      # (another terminal) through the recorder

  # a real provider, one scenario name for everything recorded
  $ esim record --out rec/ --scenario checkout --api-url https://api.example.com/api/v1/ \
      --support-url https://support.example.com/esim-service/api/v1/ \
      --esimcheck-url https://check.example.com/api/v1/`,
		Args:    cmdutil.NoArgs,
		GroupID: "dev",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Out, opts.ErrOut = f.IOStreams.Out, f.IOStreams.ErrOut
			opts.APIURL = first(opts.APIURL, f.Overrides.APIURL)
			opts.SupportURL = first(opts.SupportURL, f.Overrides.SupportURL)
			opts.ESIMCheckURL = first(opts.ESIMCheckURL, f.Overrides.ESIMCheckURL)
			if err := opts.check(); err != nil {
				return err
			}
			if opts.Redact.Pseudonymise {
				// The shop's own accounts stay: clients replaying the recording log in as the
				// guest from their configuration, and the support address names no customer.
				cfg, err := f.Config()
				if err != nil {
					return err
				}
				opts.Redact.Keep = []string{cfg.GuestUsername, cfg.SupportEmail}
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Dir, "out", "", "Write the recording under `DIR` (created if missing)")
	fl.StringVar(&opts.Addr, "addr", sandboxhost.DefaultAddr, "Address to listen on")
	fl.StringVar(&opts.Upstream, "upstream", "", "Origin of a server laid out like the sandbox, e.g. http://127.0.0.1:9090")
	fl.StringVar(&opts.LogPushURL, "log-push-url", "", "A real provider's log push URL (with --api-url)")
	fl.StringVar(&opts.Scenario, "scenario", "", "Scenario `NAME` of every exchange (default: derived from each answer)")
	fl.BoolVar(&opts.Redact.ActivationCodes, "redact-activation-codes", false, "Also redact eSIM activation codes (LPA strings, install links, QR images)")
	fl.BoolVar(&opts.Redact.Pseudonymise, "pseudonymise", false, "Replace e-mails and phone numbers with stand-ins, the same within the recording")
	return cmd
}

func (o *Options) check() error {
	if o.Dir == "" {
		return cmdutil.FlagErrorf("--out DIR is required")
	}
	provider := o.APIURL != "" || o.SupportURL != "" || o.ESIMCheckURL != ""
	switch {
	case o.Upstream != "" && provider:
		return cmdutil.FlagErrorf("give --upstream or the provider URLs (--api-url ...), not both")
	case o.Upstream == "" && !provider:
		return cmdutil.FlagErrorf("give --upstream ORIGIN, or --api-url, --support-url and --esimcheck-url")
	case provider && (o.APIURL == "" || o.SupportURL == "" || o.ESIMCheckURL == ""):
		return cmdutil.FlagErrorf("a provider needs --api-url, --support-url and --esimcheck-url")
	}
	if s := o.Scenario; s != "" && (strings.ContainsAny(s, `/\ `) || s == "." || s == "..") {
		return cmdutil.FlagErrorf("--scenario %q must be one word (letters, digits, '.', '_', '-')", s)
	}
	return nil
}

func first(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}

func run(ctx context.Context, o *Options) error {
	logger := slog.New(slog.NewTextHandler(o.ErrOut, &slog.HandlerOptions{Level: slog.LevelInfo}))
	source := o.Upstream
	if source == "" {
		source = o.APIURL
	}
	store, err := sdkrecord.OpenStore(o.Dir, sdkrecord.StoreOptions{Scenario: o.Scenario, Logger: logger,
		Description: "Recorded by esim record from " + source + ".", WriteFile: o.writeFile})
	if err != nil {
		return err
	}
	name, err := callname.New(ctx)
	if err != nil {
		_ = store.Close()
		return err
	}
	proxy, err := sdkrecord.NewProxy(sdkrecord.ProxyOptions{
		Upstream: o.Upstream, Upstreams: fixtures.Bases{API: o.APIURL, Support: o.SupportURL, ESIMCheck: o.ESIMCheckURL, Logs: o.LogPushURL},
		Fixture: fixtures.DefaultBases(), Local: fixtures.SameOriginBases(), Store: store, Redact: o.Redact, Logger: logger,
		Name: func(r *http.Request, fixtureURL string) string { return name(r.Method, fixtureURL) },
	})
	if err != nil {
		_ = store.Close()
		return cmdutil.FlagErrorf("%s", strings.TrimPrefix(err.Error(), "record: "))
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		_ = store.Close()
		return fmt.Errorf("listen on %s: %w", o.Addr, err)
	}
	origin := "http://" + ln.Addr().String()
	fmt.Fprintf(o.Out, "Recording %s into %s through %s\n", source, o.Dir, origin)
	fmt.Fprint(o.Out, services(origin))
	fmt.Fprintf(o.Out, "Run the CLI with --server %s, the shop with esim serve --api-url %s%s ...; Ctrl-C stops.\n", origin, origin, contract.SandboxAPIPath)
	serr := httpserve.Serve(ctx, ln, proxy, httpserve.DefaultLimits(), logger)
	cerr := store.Close()
	added, written := store.Stats()
	fmt.Fprintf(o.ErrOut, "Recorded %d exchanges (%d on disk) in %d files under %s.\n", added, written, len(store.Files()), o.Dir)
	if cerr != nil {
		// Said here, not returned: SIGINT is how a recording ends, and an error returned
		// after it would be taken for the interruption (exit 2, nothing printed).
		fmt.Fprintln(o.ErrOut, strings.TrimPrefix(cerr.Error(), "record: "))
		if serr == nil {
			return cmdutil.ErrSilent
		}
	}
	return serr
}

// services lists where each service is reachable on the proxy.
func services(origin string) string {
	return fmt.Sprintf("  API          %s%s\n  Support      %s%s\n  eSIM check   %s%s\n  Log push     %s%s\n",
		origin, contract.SandboxAPIPath, origin, contract.SandboxSupportPath, origin, contract.SandboxESIMCheckPath, origin, contract.SandboxLogPushPath)
}
