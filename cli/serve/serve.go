// Package serve implements `esim serve`: the built web shop, its runtime configuration and,
// unless upstream URLs are given, the sandbox provider on the same origin.
package serve

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/cedarsim/esim/contract"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/httpserve"
	"github.com/cedarsim/esim/cli/internal/replayhost"
	"github.com/cedarsim/esim/cli/internal/sandboxhost"
	"github.com/cedarsim/esim/cli/internal/webshop"
	"github.com/cedarsim/esim/fixtures/replay"
	sb "github.com/cedarsim/esim/sdk/sandbox"
	"github.com/cedarsim/esim/sdk/support"
	"github.com/spf13/cobra"
)

// Options of `esim serve`.
type Options struct {
	Out, ErrOut io.Writer
	Getenv      func(string) string

	Addr      string
	WebappDir string
	LogFormat string // text | json

	// Upstream provider URLs; all empty means the same-origin sandbox.
	APIURL, SupportURL, ESIMCheckURL, LogPushURL string

	Config  RuntimeConfig // brand, support contacts, captcha, tag manager...
	Sandbox sandboxhost.Flags
	// Replay serves recordings instead of the emulator (--replay DIR, docs/qa.md).
	Replay replayhost.Flags

	// LogPush is --log-push when given; nil leaves the choice to ESIM_LOG_PUSH, then the
	// default: on with the sandbox (its /loki/api/v1/push receives the /loki page's logs),
	// off with an upstream provider.
	LogPush *bool
}

// NewCmdServe builds `esim serve`. runF replaces the run function in tests.
func NewCmdServe(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	var checkoutHosts string
	var logPush bool
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web shop (on the sandbox provider unless upstream URLs are given)",
		Long: `Serve the web shop built into esim (or, with --webapp, a build on disk) with its
runtime configuration at /config.json, and the sandbox provider on the same origin unless
--api-url is given (then --support-url and --esimcheck-url are needed too). /healthz
answers when the server is up. The shop's files are served from memory, compressed at
build time (brotli, gzip), with strong ETags; --webapp is read once at start.

Values come from flags, then ESIM_* environment variables, then the config file (see
'esim help config': brand, support_phone, ..., checkout_hosts) (ESIM_BRAND, ESIM_SUPPORT_PHONE,
ESIM_SUPPORT_EMAIL, ESIM_LIVE_CHAT_URL, ESIM_CAPTCHA_SITE_KEY, ESIM_TAG_MANAGER_ID,
ESIM_FLAG_BASE_URL, ESIM_CHECKOUT_HOSTS, ESIM_CLIENT_ID, ESIM_CLIENT_SECRET,
ESIM_GUEST_USERNAME, ESIM_GUEST_PASSWORD, ESIM_API_URL, ESIM_SUPPORT_URL,
ESIM_ESIMCHECK_URL, ESIM_LOG_PUSH_URL, ESIM_LOG_PUSH, ESIM_SITE_TITLE, ESIM_SITE_DESCRIPTION,
ESIM_SITE_KEYWORDS, ESIM_SITE_URL, ESIM_SITE_IMAGE, ESIM_SANDBOX_ADMIN_TOKEN, ESIM_TRUST_PROXY,
ESIM_ALLOWED_HOSTS).

Log push (the /loki page) is on with the sandbox and off with an upstream provider unless
--log-push (or ESIM_LOG_PUSH=true|false) says otherwise; --log-push=false turns it off.

The served index.html carries the title, description, keywords, Open Graph and Twitter
card tags link previewers read (they run no JavaScript): the build's defaults, replaced by
--site-title, --site-description, --site-keywords and --site-image when given (HTML-escaped).
og:url and relative images are made absolute with --site-url, else the request's origin
when its host is allowed (--allowed-hosts; default: the listen address, localhost and
--site-url's host), never a host the request merely names.

With --replay DIR the shop runs on HAR recordings instead of the emulator (the committed
fixtures/, or a folder 'esim record' wrote), with --replay-mode strict, lenient or spy as
'esim sandbox --replay' (docs/qa.md).

The sandbox's /sandbox/* admin pages (login codes, faults, audit log) answer only for an
allowed host, and then only clients on this machine that reach the server directly (no
forwarding header) unless an admin token is set: ESIM_SANDBOX_ADMIN_TOKEN or
--sandbox-admin-token-file (the --sandbox-admin-token flag shows in the process list).
Without a token esim serve prints a warning.

Behind a reverse proxy, --trust-proxy CIDR[,CIDR] names the proxies whose
X-Forwarded-For/-Proto/-Host (or X-Real-IP) are believed: the client address (logs,
per-client limits) is the right-most address that is not a trusted proxy, and https there
turns HSTS on. With --api-url, --checkout-hosts is required: the shop follows checkout
links to those hosts only. docs/deploy.md has an nginx set-up, a systemd unit and a
container image.`,
		Example: `  $ esim serve
  $ esim serve --addr 127.0.0.1:8080 --state sandbox.db --accelerate 60
  $ esim serve --webapp webapp/dist --agent lina@support.example
  $ esim serve --replay rec/ --replay-mode strict
  $ esim serve --api-url https://api.example.com/api/v1/ \
      --support-url https://support.example.com/esim-service/api/v1/ \
      --esimcheck-url https://check.example.com/api/v1/`,
		Args:    cmdutil.NoArgs,
		GroupID: "dev",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Out, opts.ErrOut, opts.Getenv = f.IOStreams.Out, f.IOStreams.ErrOut, f.Getenv
			if f.Config != nil {
				// One resolution for every command: flags, ESIM_* environment, config file.
				cfg, err := f.Config()
				if err != nil {
					return err
				}
				// The config answers only its own keys; serve's other ESIM_* settings (admin
				// token, trusted proxies, allowed hosts, the site's head, ...) are read from
				// the environment itself.
				env := f.Getenv
				opts.Getenv = func(name string) string {
					if v := cfg.Getenv(name); v != "" || env == nil {
						return v
					}
					return env(name)
				}
			}
			if f.Overrides.Server != "" {
				// --server points the CLI's calls somewhere; the shop would silently have run
				// its own sandbox instead, test cards and all.
				return cmdutil.FlagErrorf("esim serve does not take --server: give --api-url, --support-url and --esimcheck-url for a provider (or nothing for the built-in sandbox)")
			}
			// The root's global --api-url/--support-url/--esimcheck-url land in Overrides.
			opts.APIURL = first(opts.APIURL, f.Overrides.APIURL)
			opts.SupportURL = first(opts.SupportURL, f.Overrides.SupportURL)
			opts.ESIMCheckURL = first(opts.ESIMCheckURL, f.Overrides.ESIMCheckURL)
			if cmd.Flags().Changed("log-push") {
				opts.LogPush = &logPush
			}
			if checkoutHosts != "" {
				opts.Config.CheckoutHosts = splitList(checkoutHosts)
			}
			if opts.Replay.Enabled() && opts.APIURL != "" {
				return cmdutil.FlagErrorf("--replay serves the recordings on this origin; it cannot be combined with --api-url")
			}
			if err := opts.resolve(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Addr, "addr", sandboxhost.DefaultAddr, "Address to listen on")
	fl.StringVar(&opts.WebappDir, "webapp", "", "Serve the web app built in this directory (e.g. webapp/dist) instead of the one built into esim")
	fl.StringVar(&opts.LogFormat, "log-format", "text", "Log format: text or json")
	fl.StringVar(&opts.LogPushURL, "log-push-url", "", "Upstream log push URL (Loki)")
	fl.StringVar(&opts.Config.Brand, "brand", "", "Brand name shown by the shop")
	fl.StringVar(&opts.Config.SupportPhone, "support-phone", "", "Support phone number")
	fl.StringVar(&opts.Config.SupportEmail, "support-email", "", "Support e-mail address")
	fl.StringVar(&opts.Config.LiveChatURL, "live-chat-url", "", "Live chat link of the contact page")
	fl.StringVar(&opts.Config.WhatsApp, "whatsapp", "", "Support WhatsApp number, international (e.g. +961 71 555 010); off hides the WhatsApp buttons (default: the demo number with the sandbox, none upstream)")
	fl.StringVar(&opts.Config.CaptchaSiteKey, "captcha-site-key", "", "reCAPTCHA v3 site key (empty: development captcha)")
	fl.StringVar(&opts.Config.TagManagerID, "tag-manager-id", "", "Tag manager container id")
	fl.StringVar(&opts.Config.FlagBaseURL, "flag-base-url", "", "Flag image service (empty: bundled flags)")
	fl.BoolVar(&logPush, "log-push", false, "Let the shop push logs (the /loki page); default on with the sandbox, off upstream")
	fl.StringVar(&opts.Config.Site.Title, "site-title", "", "Title of the home page and its link previews (default: the build's)")
	fl.StringVar(&opts.Config.Site.Description, "site-description", "", "Meta and link-preview description (default: the build's)")
	fl.StringVar(&opts.Config.Site.Keywords, "site-keywords", "", "Meta keywords, comma-separated (default: the build's)")
	fl.StringVar(&opts.Config.Site.URL, "site-url", "", "Public origin of the shop for og:url and the preview image (default: the request's origin)")
	fl.StringVar(&opts.Config.Site.Image, "site-image", "", "Link-preview image URL, absolute or a path of the build (default: the build's)")
	fl.StringVar(&checkoutHosts, "checkout-hosts", "", "Comma-separated https hosts a checkout link may point to")
	fl.StringVar(&opts.Sandbox.ClientID, "client-id", "", "Basic client credential id")
	fl.StringVar(&opts.Sandbox.ClientSecret, "client-secret", "", "Basic client credential secret")
	fl.StringVar(&opts.Sandbox.GuestUsername, "guest-username", "", "Built-in guest account")
	fl.StringVar(&opts.Sandbox.GuestPassword, "guest-password", "", "Built-in guest account password")
	opts.Sandbox.Register(fl)
	opts.Replay.Register(fl)
	return cmd
}

func first(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// checkoutHostRe is a host name the web app compares a checkout link's hostname with.
var checkoutHostRe = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^[0-9.]+$`)

// Defaults of the runtime configuration (docs/contract.md).
const (
	DefaultBrand        = "CedarSIM"
	DefaultSupportPhone = contract.DefaultSupportPhone
	DefaultSupportEmail = contract.DefaultSupportEmail
)

// resolve fills the runtime configuration from flags, then the environment, then defaults.
func (o *Options) resolve() error {
	env := o.Getenv
	if env == nil {
		env = func(string) string { return "" }
	}
	c := &o.Config
	c.Brand = first(c.Brand, env("ESIM_BRAND"), DefaultBrand)
	c.SupportPhone = first(c.SupportPhone, env("ESIM_SUPPORT_PHONE"), DefaultSupportPhone)
	c.SupportEmail = first(c.SupportEmail, env("ESIM_SUPPORT_EMAIL"), DefaultSupportEmail)
	c.LiveChatURL = first(c.LiveChatURL, env("ESIM_LIVE_CHAT_URL"))
	// The WhatsApp number's default depends on the provider (below): the sandbox shows its
	// demo number, so a newcomer sees the feature; upstream has none unless configured.
	whatsApp := first(c.WhatsApp, env("ESIM_WHATSAPP"))
	c.CaptchaSiteKey = first(c.CaptchaSiteKey, env("ESIM_CAPTCHA_SITE_KEY"))
	c.TagManagerID = first(c.TagManagerID, env("ESIM_TAG_MANAGER_ID"))
	c.FlagBaseURL = first(c.FlagBaseURL, env("ESIM_FLAG_BASE_URL"))
	if c.CheckoutHosts == nil {
		c.CheckoutHosts = splitList(env("ESIM_CHECKOUT_HOSTS"))
	}
	if c.CheckoutHosts == nil {
		c.CheckoutHosts = []string{}
	}
	if c.PageScripts == nil {
		c.PageScripts = map[string][]PageScript{}
	}
	c.Site.Title = first(c.Site.Title, env("ESIM_SITE_TITLE"))
	c.Site.Description = first(c.Site.Description, env("ESIM_SITE_DESCRIPTION"))
	c.Site.Keywords = first(c.Site.Keywords, env("ESIM_SITE_KEYWORDS"))
	c.Site.URL = first(c.Site.URL, env("ESIM_SITE_URL"))
	c.Site.Image = first(c.Site.Image, env("ESIM_SITE_IMAGE"))
	if c.Site.URL != "" && originOf(c.Site.URL) == "" {
		return cmdutil.FlagErrorf("--site-url must be an absolute URL, got %q", c.Site.URL)
	}
	if c.Site.URL != "" {
		c.Site.URL = originOf(c.Site.URL)
	}
	push := o.LogPush
	if push == nil {
		if v := env("ESIM_LOG_PUSH"); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return cmdutil.FlagErrorf("ESIM_LOG_PUSH must be true or false, got %q", v)
			}
			push = &b
		}
	}
	s := &o.Sandbox
	s.ClientID = first(s.ClientID, env("ESIM_CLIENT_ID"))
	s.ClientSecret = first(s.ClientSecret, env("ESIM_CLIENT_SECRET"))
	s.GuestUsername = first(s.GuestUsername, env("ESIM_GUEST_USERNAME"))
	s.GuestPassword = first(s.GuestPassword, env("ESIM_GUEST_PASSWORD"))
	if err := s.ResolveAdminToken(env); err != nil {
		return err
	}
	s.Front.TrustProxy = first(s.Front.TrustProxy, env("ESIM_TRUST_PROXY"))
	s.Front.AllowedHosts = first(s.Front.AllowedHosts, env("ESIM_ALLOWED_HOSTS"))
	if _, err := s.Front.Proxies(); err != nil {
		return err
	}

	o.APIURL = first(o.APIURL, env("ESIM_API_URL"))
	o.SupportURL = first(o.SupportURL, env("ESIM_SUPPORT_URL"))
	o.ESIMCheckURL = first(o.ESIMCheckURL, env("ESIM_ESIMCHECK_URL"))
	o.LogPushURL = first(o.LogPushURL, env("ESIM_LOG_PUSH_URL"))

	if o.APIURL == "" {
		if o.SupportURL != "" || o.ESIMCheckURL != "" {
			return cmdutil.FlagErrorf("--support-url and --esimcheck-url need --api-url too")
		}
		c.Sandbox = true
		c.APIBase, c.SupportBase, c.ESIMCheckBase, c.LogPushURL = sb.APIPath, sb.SupportPath, sb.ESIMCheckPath, sb.LogPushPath
		// The sandbox answers the push itself, so the /loki page works out of the box.
		c.LogPushEnabled = push == nil || *push
		c.Guest = GuestConfig{
			Username: first(s.GuestUsername, sb.DefaultGuestUsername), Password: first(s.GuestPassword, sb.DefaultGuestPassword),
			ClientID: first(s.ClientID, sb.DefaultClientID), ClientSecret: first(s.ClientSecret, sb.DefaultClientSecret),
		}
		return c.resolveWhatsApp(whatsApp, contract.SandboxWhatsapp)
	}
	if o.SupportURL == "" || o.ESIMCheckURL == "" {
		return cmdutil.FlagErrorf("with --api-url, give --support-url and --esimcheck-url too (or ESIM_SUPPORT_URL, ESIM_ESIMCHECK_URL)")
	}
	for name, v := range map[string]string{"api-url": o.APIURL, "support-url": o.SupportURL, "esimcheck-url": o.ESIMCheckURL} {
		if originOf(v) == "" {
			return cmdutil.FlagErrorf("--%s must be an absolute URL, got %q", name, v)
		}
	}
	if s.ClientID == "" || s.ClientSecret == "" || s.GuestUsername == "" || s.GuestPassword == "" {
		return cmdutil.FlagErrorf("an upstream provider needs the client credential and guest account: --client-id, --client-secret, --guest-username, --guest-password (or ESIM_CLIENT_ID, ...)")
	}
	for _, h := range c.CheckoutHosts {
		if !checkoutHostRe.MatchString(h) {
			return cmdutil.FlagErrorf("--checkout-hosts: %q is not a host name (give names like pay.example.com, without https:// or a path)", h)
		}
	}
	if len(c.CheckoutHosts) == 0 {
		// The shop follows a checkout link only to these hosts (docs/contract.md): with none,
		// every payment would end on the failure page.
		return cmdutil.FlagErrorf("with --api-url, give --checkout-hosts (or ESIM_CHECKOUT_HOSTS, checkout_hosts in the config file): the https hosts of the provider's payment pages. Without them the shop refuses every checkout link and no payment can succeed")
	}
	c.Sandbox = false
	c.APIBase, c.SupportBase, c.ESIMCheckBase, c.LogPushURL = o.APIURL, o.SupportURL, o.ESIMCheckURL, o.LogPushURL
	c.LogPushEnabled = push != nil && *push
	c.Guest = GuestConfig{Username: s.GuestUsername, Password: s.GuestPassword, ClientID: s.ClientID, ClientSecret: s.ClientSecret}
	return c.resolveWhatsApp(whatsApp, contract.DefaultWhatsapp)
}

// resolveWhatsApp sets the support WhatsApp number from the flag or environment value v:
// "off" hides the WhatsApp buttons, empty takes the provider's default (the sandbox's demo
// number, none upstream), anything else must be an international number.
func (c *RuntimeConfig) resolveWhatsApp(v, fallback string) error {
	switch {
	case strings.EqualFold(strings.TrimSpace(v), "off"):
		v = ""
	case v == "":
		v = fallback
	}
	wa, err := support.WhatsAppNumber(v)
	if err != nil {
		return fmt.Errorf("--whatsapp: %w", err)
	}
	c.WhatsApp = wa
	return nil
}

func newLogger(w io.Writer, format string) (*slog.Logger, error) {
	switch format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	}
	return nil, cmdutil.FlagErrorf("--log-format must be text or json, got %q", format)
}

func run(ctx context.Context, o *Options) error {
	logger, err := newLogger(o.ErrOut, o.LogFormat)
	if err != nil {
		return err
	}
	webapp, from, err := o.webapp()
	if err != nil {
		return err
	}
	if webapp == nil {
		fmt.Fprintln(o.ErrOut, "warning: this esim was built without the web shop; build it in with `go tool task build`, or serve a build with --webapp webapp/dist")
	}
	mode, err := o.Replay.ParsedMode()
	if err != nil {
		return err
	}
	proxies, err := o.Sandbox.Front.Proxies()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", o.Addr, err)
	}
	defer ln.Close() // a no-op once the server has closed it
	hosts, err := o.Sandbox.Front.Hosts(ln.Addr(), o.Config.Site.URL)
	if err != nil {
		return err
	}
	ho := HandlerOptions{Webapp: webapp, Config: o.Config, Logger: logger, Proxies: proxies, Hosts: hosts}
	var emu *sb.Server
	var emuKey []byte
	if o.Config.Sandbox && (!o.Replay.Enabled() || mode == replay.Lenient) {
		so, err := o.Sandbox.Options(logger)
		if err != nil {
			return err
		}
		so.AllowedHosts = hosts
		if mode == replay.Lenient && o.Replay.Enabled() {
			if emuKey, err = replayhost.LenientEmulator(&so); err != nil {
				return err
			}
		}
		if emu, err = sb.New(so); err != nil {
			return fmt.Errorf("start sandbox: %w", err)
		}
		ho.Sandbox, ho.Health = emu, emu.Health
	}
	closeEmu := func(err error) error {
		if emu != nil {
			if serr := emu.Close(); serr != nil && err == nil {
				err = serr
			}
		}
		return err
	}
	var rh *replay.Handler
	var loaded replay.Loaded
	if o.Replay.Enabled() {
		var fallback http.Handler
		if emu != nil {
			fallback = emu
		}
		gate := sb.AdminGate{Token: o.Sandbox.AdminToken, Proxies: proxies, Hosts: hosts}
		if rh, loaded, err = o.Replay.Load(ctx, replayhost.Deps{Logger: logger, Emulator: fallback, EmulatorKey: emuKey, Gate: gate,
			Guest: replayhost.GuestAccount{ClientID: o.Sandbox.ClientID, ClientSecret: o.Sandbox.ClientSecret, Username: o.Sandbox.GuestUsername, Password: o.Sandbox.GuestPassword}}); err != nil {
			return closeEmu(err)
		}
		ho.Sandbox = rh
	}
	h, err := NewHandler(ho)
	if err != nil {
		return closeEmu(err)
	}
	origin := "http://" + displayAddr(ln.Addr())
	fmt.Fprintf(o.Out, "Shop: %s/\n", origin)
	switch {
	case rh != nil:
		replayhost.Banner(o.Out, origin, mode, loaded)
	case emu != nil:
		sandboxhost.WarnAdmin(o.ErrOut, ln.Addr(), o.Sandbox.AdminToken != "")
		fmt.Fprintf(o.Out, "Sandbox provider on the same origin; e-mail codes appear at %s%s\n", origin, sb.MailboxPath)
		fmt.Fprintf(o.Out, "Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.\n")
	default:
		fmt.Fprintf(o.Out, "Provider: %s\n", o.APIURL)
	}
	logger.Info("serving", "addr", ln.Addr().String(), "webapp", from, "sandbox", emu != nil, "replay", o.Replay.Dir,
		"trusted_proxies", proxies.String(), "allowed_hosts", hosts.String())
	err = httpserve.Serve(ctx, ln, h, httpserve.DefaultLimits(), logger)
	if rh != nil {
		rh.Summary(o.ErrOut)
	}
	return closeEmu(err)
}

// webapp is the build to serve: --webapp's directory, else the one embedded in the binary;
// nil when neither is there (the binary then serves a page saying how to build the shop).
// from names it for the log.
func (o *Options) webapp() (fsys fs.FS, from string, err error) {
	if o.WebappDir != "" {
		if st, err := os.Stat(filepath.Join(o.WebappDir, "index.html")); err != nil || st.IsDir() {
			return nil, "", cmdutil.FlagErrorf("--webapp %s: no index.html there (build the shop with `go tool task web:build`)", o.WebappDir)
		}
		return os.DirFS(o.WebappDir), o.WebappDir, nil
	}
	build, ok, err := webshop.Build()
	if err != nil {
		return nil, "", err
	}
	if !ok {
		return nil, "none (placeholder page)", nil
	}
	return build, "embedded", nil
}

// displayAddr turns a wildcard listen address into one a browser can open.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}
