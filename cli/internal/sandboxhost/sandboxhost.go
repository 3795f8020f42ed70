// Package sandboxhost holds what `esim sandbox` and `esim serve` share to host the
// provider emulator: its flags, the fault syntax, the listing of the service bases and the
// warning when it listens beyond loopback (the serving loop is package httpserve).
package sandboxhost

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/internal/httpserve"
	sb "github.com/cedarsim/esim/sdk/sandbox"
	"github.com/spf13/pflag"
)

// DefaultAddr is where the CLI's default configuration expects the sandbox.
const DefaultAddr = "127.0.0.1:8080"

// Flags are the emulator settings shared by `esim sandbox` and `esim serve`.
type Flags struct {
	State          string
	Accelerate     float64
	TokenLifetime  time.Duration
	LockDuration   time.Duration
	Faults         []string
	RejectCaptcha  bool
	ClientID       string
	ClientSecret   string
	GuestUsername  string
	GuestPassword  string
	PublicURL      string
	ShopURL        string
	ActivationWait time.Duration
	Agents         []string
	AdminToken     string
	AdminTokenFile string
	// Front is what stands in front of the server (--trust-proxy, --allowed-hosts).
	Front httpserve.FrontFlags
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.State, "state", "", "Keep the sandbox state in `FILE` (an embedded transactional store; an old JSON state file is migrated) and reload it on start")
	fs.Float64Var(&f.Accelerate, "accelerate", 1, "Run the sandbox clock `N` times faster (60: a minute is an hour)")
	fs.DurationVar(&f.TokenLifetime, "token-lifetime", 15*time.Minute, "Lifetime of access tokens")
	fs.DurationVar(&f.LockDuration, "lock-duration", 15*time.Minute, "How long 5 wrong e-mail codes lock an account")
	fs.DurationVar(&f.ActivationWait, "activation-delay", 2*time.Minute, "How long a new bundle stays Processing")
	fs.StringArrayVar(&f.Faults, "fault", nil, "Inject a fault: `path=P,status=N[,count=N][,latency=DUR][,drop]` (repeatable)")
	fs.BoolVar(&f.RejectCaptcha, "reject-captcha", false, "Refuse every captcha token (the 'Invalid Captcha' answer)")
	fs.StringArrayVar(&f.Agents, "agent", nil, "Add a support agent `EMAIL` (signs in with the e-mail code; "+sb.DefaultAgentEmail+" is always seeded; repeatable)")
	fs.StringVar(&f.AdminToken, "sandbox-admin-token", "", "Require `TOKEN` on /sandbox/* (header "+sb.AdminTokenHeader+"); without one only direct loopback clients reach them. Every user of the machine sees it in the process list: ESIM_SANDBOX_ADMIN_TOKEN or --sandbox-admin-token-file is the safer choice")
	fs.StringVar(&f.AdminTokenFile, "sandbox-admin-token-file", "", "Read the sandbox admin token from `FILE` (kept out of the process list, like ESIM_SANDBOX_ADMIN_TOKEN)")
	f.Front.Register(fs)
	fs.StringVar(&f.ShopURL, "shop-url", "", "Origin of the shop the checkout page returns to (default: the same origin)")
}

// ResolveAdminToken settles the admin token: --sandbox-admin-token, else the first line of
// the --sandbox-admin-token-file, else ESIM_SANDBOX_ADMIN_TOKEN (getenv may be nil).
func (f *Flags) ResolveAdminToken(getenv func(string) string) error {
	if f.AdminTokenFile != "" {
		if f.AdminToken != "" {
			return cmdutil.FlagErrorf("give --sandbox-admin-token or --sandbox-admin-token-file, not both")
		}
		b, err := os.ReadFile(f.AdminTokenFile)
		if err != nil {
			return cmdutil.FlagErrorf("--sandbox-admin-token-file: %v", err)
		}
		line, _, _ := strings.Cut(string(b), "\n")
		if f.AdminToken = strings.TrimSpace(line); f.AdminToken == "" {
			return cmdutil.FlagErrorf("--sandbox-admin-token-file %s holds no token", f.AdminTokenFile)
		}
		return nil
	}
	if f.AdminToken == "" && getenv != nil {
		f.AdminToken = strings.TrimSpace(getenv("ESIM_SANDBOX_ADMIN_TOKEN"))
	}
	return nil
}

// Options turns the flags (and credentials, when set) into sandbox options.
func (f *Flags) Options(logger *slog.Logger) (sb.Options, error) {
	o := sb.Options{
		Logger: logger, StatePath: f.State, AccessTokenLifetime: f.TokenLifetime, LockDuration: f.LockDuration,
		ActivationDelay: f.ActivationWait, ClientID: f.ClientID, ClientSecret: f.ClientSecret,
		GuestUsername: f.GuestUsername, GuestPassword: f.GuestPassword, PublicURL: f.PublicURL, ShopURL: f.ShopURL,
		Agents: f.Agents, AdminToken: f.AdminToken,
	}
	proxies, err := f.Front.Proxies()
	if err != nil {
		return o, err
	}
	o.Proxies = proxies
	if f.Accelerate < 1 {
		return o, cmdutil.FlagErrorf("--accelerate must be 1 or more, got %v", f.Accelerate)
	}
	o.Clock = sb.AcceleratedClock(sb.SystemClock(), f.Accelerate)
	if f.RejectCaptcha {
		o.CaptchaValid = func(string) bool { return false }
	}
	for _, spec := range f.Faults {
		ft, err := ParseFault(spec)
		if err != nil {
			return o, cmdutil.FlagErrorf("--fault %q: %w", spec, err)
		}
		o.Faults = append(o.Faults, ft)
	}
	return o, nil
}

// ParseFault reads `path=P,status=N,count=N,latency=DUR,drop,method=M`.
func ParseFault(spec string) (sb.Fault, error) {
	var ft sb.Fault
	for _, part := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		var err error
		switch k {
		case "path":
			ft.Path = v
		case "method":
			ft.Method = strings.ToUpper(v)
		case "status":
			ft.Status, err = strconv.Atoi(v)
		case "count":
			ft.Count, err = strconv.Atoi(v)
		case "latency":
			var d time.Duration
			d, err = time.ParseDuration(v)
			ft.LatencyMs = int(d / time.Millisecond)
		case "drop":
			ft.Drop = true
		case "detail":
			ft.Detail = v
		default:
			return ft, fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return ft, fmt.Errorf("%s: %w", k, err)
		}
	}
	if ft.Path == "" {
		return ft, errors.New("path is required")
	}
	if ft.Status == 0 && ft.LatencyMs == 0 && !ft.Drop {
		return ft, errors.New("give a status, a latency or drop")
	}
	// The sandbox's own rule: a fault it would refuse must not start it, silently ignored.
	if err := ft.Validate(); err != nil {
		return ft, err
	}
	return ft, nil
}

// Bases returns the lines that tell where each service lives under origin.
func Bases(origin string) string {
	return fmt.Sprintf("  API          %s%s\n  Support      %s%s\n  eSIM check   %s%s\n  Log push     %s%s\n  Mailbox      %s%s (e-mail codes)\n  Audit log    %s/sandbox/audit (agent reads)\n  Faults       %s/sandbox/faults\n",
		origin, sb.APIPath, origin, sb.SupportPath, origin, sb.ESIMCheckPath, origin, sb.LogPushPath, origin, sb.MailboxPath, origin, origin)
}

// WarnAdmin tells on w what reaches the sandbox: without an admin token its admin pages
// (every login code, the faults) answer clients on this machine that reach it directly;
// listening beyond loopback, anyone who can reach it can sign up and buy with the test cards.
func WarnAdmin(w io.Writer, addr net.Addr, adminToken bool) {
	host, _, err := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); err == nil && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(w, "Warning: the sandbox provider listens on %s, beyond this machine. Anyone who can reach it can sign up, buy with the test cards and use the guest account.\n", addr)
	}
	if !adminToken {
		fmt.Fprintln(w, "Warning: the sandbox runs without an admin token: its /sandbox/* admin pages (every login code, the faults) answer clients on this machine that reach it directly, never through a proxy. Set ESIM_SANDBOX_ADMIN_TOKEN (or --sandbox-admin-token-file) to require a token.")
	}
}

// Gate is the admin surface's rule for a server listening on listen: the admin token,
// the trusted proxies and the allowed hosts. The replay's pages use it as the sandbox's do.
func (f *Flags) Gate(listen net.Addr, siteURL string) (sb.AdminGate, error) {
	proxies, err := f.Front.Proxies()
	if err != nil {
		return sb.AdminGate{}, err
	}
	if siteURL == "" {
		siteURL = f.PublicURL
	}
	hosts, err := f.Front.Hosts(listen, siteURL)
	if err != nil {
		return sb.AdminGate{}, err
	}
	return sb.AdminGate{Token: f.AdminToken, Proxies: proxies, Hosts: hosts}, nil
}
