// The `esim serve` command: its flags, help and environment.

package serve

import (
	"context"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/sandboxhost"
	"github.com/spf13/cobra"
)

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
