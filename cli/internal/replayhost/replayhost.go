// Package replayhost holds what `esim sandbox --replay` and `esim serve --replay` share:
// the replay flags, building the replay handler (package fixtures/replay) with its
// fallback for the mode, and the banner of the pages that exist in that mode.
package replayhost

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/internal/callname"
	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/fixtures/replay"
	sb "github.com/cedarsim/esim/sdk/sandbox"
	"github.com/spf13/pflag"
)

// Flags are --replay, --replay-mode and --upstream.
type Flags struct {
	Dir      string
	Mode     string
	Upstream string
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.Dir, "replay", "", "Answer from the HAR recordings under `DIR` (fixtures/, or an esim record folder) instead of emulating")
	fs.StringVar(&f.Mode, "replay-mode", string(replay.Strict), "What answers a request no recording matches: strict (a 404 naming the closest recording), lenient (the emulator) or spy (--upstream)")
	fs.StringVar(&f.Upstream, "upstream", "", "With --replay-mode spy: the `ORIGIN` of a server laid out like the sandbox that answers misses")
}

// Enabled reports --replay.
func (f *Flags) Enabled() bool { return f.Dir != "" }

// Mode checks the flags together and returns the mode.
func (f *Flags) ParsedMode() (replay.Mode, error) {
	m, err := replay.ParseMode(f.Mode)
	if err != nil {
		return "", cmdutil.FlagErrorf("--replay-mode: %s", strings.TrimPrefix(err.Error(), "replay mode "))
	}
	switch {
	case f.Dir == "" && (f.Mode != string(replay.Strict) || f.Upstream != ""):
		return "", cmdutil.FlagErrorf("--replay-mode and --upstream need --replay DIR")
	case m == replay.Spy && f.Upstream == "":
		return "", cmdutil.FlagErrorf("--replay-mode spy needs --upstream ORIGIN")
	case m != replay.Spy && f.Upstream != "":
		return "", cmdutil.FlagErrorf("--upstream is for --replay-mode spy")
	}
	return m, nil
}

// Deps are what the host hands the replay.
type Deps struct {
	Logger *slog.Logger
	// Emulator answers misses in lenient mode.
	Emulator http.Handler
	// EmulatorKey is the emulator's token signing key (LenientEmulator): recorded tokens
	// are signed with it again on their way to the emulator.
	EmulatorKey []byte
	// Gate guards the replay's pages (mailbox, report, scenarios) by the sandbox admin
	// surface's rule: allowed hosts, then the admin token or a direct loopback client.
	Gate sb.AdminGate
	// Guest is the shop's guest login, with which spy mode logs in at the upstream to
	// stand for a recorded guest token (the sandbox's defaults where empty).
	Guest GuestAccount
}

// Load reads the recordings and builds the replay handler for the mode. A damaged file
// fails here, naming the file and the reason.
func (f *Flags) Load(ctx context.Context, d Deps) (*replay.Handler, replay.Loaded, error) {
	mode, err := f.ParsedMode()
	if err != nil {
		return nil, replay.Loaded{}, err
	}
	name, err := callname.New(ctx)
	if err != nil {
		return nil, replay.Loaded{}, err
	}
	loaded, err := replay.Load(f.Dir, replay.LoadOptions{Name: name})
	if err != nil {
		return nil, replay.Loaded{}, fmt.Errorf("replay %s: %w", f.Dir, err)
	}
	o := replay.Options{Mode: mode, Source: f.Dir, Logger: d.Logger}
	switch mode {
	case replay.Lenient:
		o.Fallback = d.Emulator
		if len(d.EmulatorKey) > 0 && d.Emulator != nil {
			o.Fallback = resign(d.Emulator, d.EmulatorKey, time.Now)
			o.Bypass = emulatorSession(d.EmulatorKey)
		}
	case replay.Spy:
		u, err := url.Parse(f.Upstream)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, replay.Loaded{}, cmdutil.FlagErrorf("--upstream %q must be an http(s) origin such as http://127.0.0.1:9090", f.Upstream)
		}
		upstream := u.Scheme + "://" + u.Host
		proxy := &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(u)
				pr.SetXForwarded()
				// The transport asks for gzip itself and hands back the plain body, which
				// ownOrigin may rewrite.
				pr.Out.Header.Del("Accept-Encoding")
			},
			ModifyResponse: func(resp *http.Response) error { return ownOrigin(resp, upstream) },
		}
		g := d.Guest
		g.ClientID, g.ClientSecret = first(g.ClientID, sb.DefaultClientID), first(g.ClientSecret, sb.DefaultClientSecret)
		g.Username, g.Password = first(g.Username, sb.DefaultGuestUsername), first(g.Password, sb.DefaultGuestPassword)
		guest, err := newUpstreamGuest(proxy, upstream, g)
		if err != nil {
			return nil, replay.Loaded{}, err
		}
		o.Fallback = guest
	}
	o.Guard = d.Gate.Allow
	h, err := replay.New(loaded.Files, o)
	if err != nil {
		return nil, replay.Loaded{}, fmt.Errorf("replay %s: %w", f.Dir, err)
	}
	return h, loaded, nil
}

// Banner lists what the replay serves on origin: only the pages that exist in its mode.
func Banner(w io.Writer, origin string, mode replay.Mode, loaded replay.Loaded) {
	desc := map[replay.Mode]string{
		replay.Strict:  "a request no recording matches gets a 404 naming the closest one",
		replay.Lenient: "a request no recording matches goes to the emulator",
		replay.Spy:     "a request no recording matches goes to the upstream",
	}[mode]
	entries, checkout := 0, false
	for _, f := range loaded.Files {
		entries += len(f.Log.Entries)
		for _, e := range f.Log.Entries {
			checkout = checkout || e.Service == har.ServiceCheckout
		}
	}
	fmt.Fprintf(w, "Replaying %d recorded exchanges in %d files on %s (%s: %s)\n", entries, len(loaded.Files), origin, mode, desc)
	for _, im := range loaded.Imported {
		incomplete := ""
		if im.Incomplete > 0 {
			incomplete = fmt.Sprintf(", %d that never got an answer", im.Incomplete)
		}
		fmt.Fprintf(w, "  (%s: a HAR from another tool, %d exchanges kept, %d outside the services%s left out)\n", im.Path, im.Entries, im.Skipped, incomplete)
	}
	fmt.Fprintf(w, "  API          %s%s\n  Support      %s%s\n  eSIM check   %s%s\n  Log push     %s%s\n",
		origin, sb.APIPath, origin, sb.SupportPath, origin, sb.ESIMCheckPath, origin, sb.LogPushPath)
	if checkout || mode != replay.Strict {
		fmt.Fprintf(w, "  Checkout     %s%s (hosted checkout pages)\n", origin, contract.SandboxCheckoutPath)
	}
	fmt.Fprintf(w, "  Mailbox      %s%s (recorded code e-mails; any code replays)\n", origin, replay.MailboxPath)
	if mode == replay.Lenient {
		fmt.Fprintf(w, "  Audit log    %s/sandbox/audit (the emulator's agent reads)\n  Faults       %s/sandbox/faults (the emulator's)\n", origin, origin)
	}
	fmt.Fprintf(w, "  Replay       %s%s (misses, unused entries); choose a scenario with the %s header or PUT %s\n",
		origin, replay.ReportPath, replay.ScenarioHeader, replay.ScenariosPath)
}

func first(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}
