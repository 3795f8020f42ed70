package httpserve

import (
	"net"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/sdk/forwarded"
	"github.com/spf13/pflag"
)

// FrontFlags say what stands in front of the server: the reverse proxies whose forwarding
// headers are believed (--trust-proxy) and the host names it answers as (--allowed-hosts).
// Shared by `esim serve` and `esim sandbox` (package forwarded has the rules).
type FrontFlags struct {
	TrustProxy   string
	AllowedHosts string
}

// Register adds the flags to fs.
func (f *FrontFlags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.TrustProxy, "trust-proxy", "", "Believe X-Forwarded-For/-Proto/-Host and X-Real-IP only from these reverse proxies: `CIDR[,CIDR]` (e.g. 127.0.0.1/32); the client is the right-most address that is not one of them")
	fs.StringVar(&f.AllowedHosts, "allowed-hosts", "", "Host names the server answers as on its admin pages and in og:url: `HOST[,HOST]` (name, name:port, .domain; default: the listen address, localhost and --site-url's host)")
}

// Proxies parses --trust-proxy.
func (f *FrontFlags) Proxies() (forwarded.Proxies, error) {
	p, err := forwarded.ParseProxies(f.TrustProxy)
	if err != nil {
		return p, cmdutil.FlagErrorf("--trust-proxy: %v", err)
	}
	return p, nil
}

// Hosts parses --allowed-hosts, or gives the default list for a server listening on listen
// with the public origin siteURL ("" when unknown).
func (f *FrontFlags) Hosts(listen net.Addr, siteURL string) (forwarded.Hosts, error) {
	if f.AllowedHosts == "" {
		return forwarded.DefaultHosts(listen, siteURL), nil
	}
	h, err := forwarded.ParseHosts(f.AllowedHosts)
	if err != nil {
		return h, cmdutil.FlagErrorf("--allowed-hosts: %v", err)
	}
	if h.Empty() {
		return h, cmdutil.FlagErrorf("--allowed-hosts names no host")
	}
	return h, nil
}
