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
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/cedarsim/esim/contract"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/internal/httpserve"
	"github.com/cedarsim/esim/cli/internal/logsink"
	"github.com/cedarsim/esim/cli/internal/replayhost"
	"github.com/cedarsim/esim/cli/internal/requestlog"
	"github.com/cedarsim/esim/cli/internal/sandboxhost"
	"github.com/cedarsim/esim/cli/internal/webshop"
	"github.com/cedarsim/esim/fixtures/replay"
	sb "github.com/cedarsim/esim/sdk/sandbox"
	"github.com/cedarsim/esim/sdk/support"
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
	// A link every page may carry (prerendered ones too): http(s) only, never javascript: or data:.
	if u, err := url.Parse(c.LiveChatURL); c.LiveChatURL != "" && (err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "") {
		return cmdutil.FlagErrorf("--live-chat-url must be an absolute http(s) URL, got %q", c.LiveChatURL)
	}
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

// newLogger returns the logger writing to w in format, and for the text format the writer
// of its per-request lines (requestlog: the same lines, made faster).
func newLogger(w io.Writer, format string) (*slog.Logger, *requestlog.Text, error) {
	switch format {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, nil)), requestlog.NewText(w), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil, nil
	}
	return nil, nil, cmdutil.FlagErrorf("--log-format must be text or json, got %q", format)
}

func run(ctx context.Context, o *Options) (err error) {
	// Log lines are written behind the requests (logsink): one write carries many lines
	// under load. Whatever is gathered is written before run returns.
	sink := logsink.New(o.ErrOut, 0)
	defer func() {
		if cerr := sink.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	logger, lines, err := newLogger(sink, o.LogFormat)
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
	ho := HandlerOptions{Webapp: webapp, Config: o.Config, Logger: logger, RequestLines: lines, Proxies: proxies, Hosts: hosts}
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
	err = httpserve.ServeFast(ctx, ln, h, httpserve.DefaultLimits(), logger)
	// The log's last lines come before the replay summary.
	if cerr := sink.Close(); cerr != nil && err == nil {
		err = cerr
	}
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
