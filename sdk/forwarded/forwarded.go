// Package forwarded tells what a request says about its client (address, scheme, the host
// it asked for), believing the forwarding headers only from the reverse proxies the operator
// trusts, and whether a Host is one the server answers as (docs/deploy.md).
//
// The rules, in one place for `esim serve`, `esim sandbox` and the sandbox's admin surface:
//   - X-Forwarded-For, X-Forwarded-Proto, X-Forwarded-Host and X-Real-IP are read only when
//     the connection's peer is a trusted proxy; the client is then the right-most address of
//     the X-Forwarded-For chain that is not a trusted proxy (a client can prepend anything,
//     but not what the proxies append after it);
//   - a request that carries any forwarding header (Forwarded, X-Forwarded-*, X-Real-IP),
//     trusted or not, is never a loopback client: behind a proxy on the same machine every
//     peer is 127.0.0.1.
package forwarded

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the networks of the reverse proxies whose forwarding headers are believed.
// The zero value trusts none.
type Proxies struct {
	nets []netip.Prefix
}

// ParseProxies reads a comma-separated list of CIDR prefixes or addresses ("10.0.0.0/8,
// 127.0.0.1"); "" trusts none.
func ParseProxies(list string) (Proxies, error) {
	var p Proxies
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if pre, err := netip.ParsePrefix(f); err == nil {
			p.nets = append(p.nets, unmapPrefix(pre).Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return Proxies{}, fmt.Errorf("trusted proxy %q is neither an address nor a CIDR prefix (e.g. 127.0.0.1/32 or 10.0.0.0/8)", f)
		}
		a = a.Unmap().WithZone("")
		p.nets = append(p.nets, netip.PrefixFrom(a, a.BitLen()))
	}
	return p, nil
}

func unmapPrefix(p netip.Prefix) netip.Prefix {
	if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
		return netip.PrefixFrom(a.Unmap(), p.Bits()-96)
	}
	return p
}

// Empty reports that no proxy is trusted.
func (p Proxies) Empty() bool { return len(p.nets) == 0 }

// Contains reports an address of a trusted proxy.
func (p Proxies) Contains(a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	for _, n := range p.nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// String lists the prefixes as ParseProxies reads them.
func (p Proxies) String() string {
	s := make([]string, len(p.nets))
	for i, n := range p.nets {
		s[i] = n.String()
	}
	return strings.Join(s, ",")
}

// Client is what a request tells about its client once untrusted headers are set aside.
type Client struct {
	// Addr is the client's address: the connection's peer, or behind trusted proxies the
	// right-most X-Forwarded-For address that is not a trusted proxy (X-Real-IP when the
	// proxy sends no X-Forwarded-For). Invalid when the peer address cannot be read.
	Addr netip.Addr
	// Scheme is "https" over TLS, or when a trusted proxy says so; else "http".
	Scheme string
	// Host is the host[:port] the client asked for: the request's Host, or a trusted
	// proxy's X-Forwarded-Host.
	Host string
	// Proxied: the peer is a trusted proxy.
	Proxied bool
	// Forwarded: the request carries a forwarding header, trusted or not.
	Forwarded bool
}

// Loopback reports a client on this machine talking to the server directly: a loopback
// peer and no forwarding header at all.
func (c Client) Loopback() bool { return !c.Forwarded && c.Addr.IsLoopback() }

// Origin is scheme://host of what the client addressed.
func (c Client) Origin() string { return c.Scheme + "://" + c.Host }

// LimitKey names the client for per-client limits: its IPv4 address, or its IPv6 /64 (one
// subscriber's network: rotating addresses inside it is free).
func (c Client) LimitKey() string {
	if !c.Addr.IsValid() {
		return "unknown"
	}
	if c.Addr.Is6() {
		return netip.PrefixFrom(c.Addr, 64).Masked().String()
	}
	return c.Addr.String()
}

// Client reads r as p says: the forwarding headers count only from a trusted peer.
func (p Proxies) Client(r *http.Request) Client {
	c := Client{Scheme: "http", Host: r.Host, Forwarded: HasForwardingHeader(r.Header)}
	if r.TLS != nil {
		c.Scheme = "https"
	}
	peer, ok := parseHop(r.RemoteAddr)
	c.Addr = peer
	if !ok || !p.Contains(peer) {
		return c
	}
	c.Proxied = true
	hops := splitValues(r.Header.Values("X-Forwarded-For"))
	if len(hops) == 0 {
		if a, ok := parseHop(strings.TrimSpace(r.Header.Get("X-Real-Ip"))); ok {
			c.Addr = a
		}
	}
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			// A trusted proxy appends a real address; anything unreadable came from
			// further out, so the last address read stands.
			break
		}
		c.Addr = a
		if !p.Contains(a) {
			break
		}
	}
	if v := lastValue(r.Header.Values("X-Forwarded-Proto")); v != "" && r.TLS == nil {
		if v = strings.ToLower(v); v == "https" || v == "http" {
			c.Scheme = v
		}
	}
	if v := lastValue(r.Header.Values("X-Forwarded-Host")); ValidHost(v) {
		c.Host = v
	}
	return c
}

// HasForwardingHeader reports any of Forwarded, X-Forwarded-* and X-Real-IP.
func HasForwardingHeader(h http.Header) bool {
	for k := range h {
		// Header keys are canonical when read from the wire.
		if k == "Forwarded" || k == "X-Real-Ip" || strings.HasPrefix(k, "X-Forwarded-") {
			return true
		}
	}
	return false
}

// parseHop reads an X-Forwarded-For entry or a RemoteAddr: an address with or without a
// port (IPv6 in brackets when there is one), IPv4-mapped addresses as IPv4.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	// An address with a port (a peer's "ip:port", "[ipv6]:port") is read as one first: a
	// failed parse costs an error value, and every request's peer address has a port.
	withPort := strings.Count(s, ":") == 1 || strings.HasPrefix(s, "[") && strings.Contains(s, "]:")
	if withPort {
		if ap, err := netip.ParseAddrPort(s); err == nil {
			return ap.Addr().Unmap().WithZone(""), true
		}
	}
	if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
		return a.Unmap().WithZone(""), true
	}
	if !withPort {
		if ap, err := netip.ParseAddrPort(s); err == nil {
			return ap.Addr().Unmap().WithZone(""), true
		}
	}
	return netip.Addr{}, false
}

func splitValues(values []string) []string {
	var out []string
	for _, v := range values {
		for _, f := range strings.Split(v, ",") {
			if f = strings.TrimSpace(f); f != "" {
				out = append(out, f)
			}
		}
	}
	return out
}

// lastValue is the right-most value of a header that may repeat or hold a list: the one the
// nearest (trusted) proxy set.
func lastValue(values []string) string {
	all := splitValues(values)
	if len(all) == 0 {
		return ""
	}
	return all[len(all)-1]
}

// ValidHost accepts a host[:port] with nothing a URL could be smuggled in.
func ValidHost(h string) bool {
	if h == "" || len(h) > 255 || strings.ContainsAny(h, "/\\ @?#%\"'<>") {
		return false
	}
	host, port, err := net.SplitHostPort(h)
	if err != nil {
		host, port = h, ""
		if strings.Contains(h, ":") && !strings.HasPrefix(h, "[") {
			return false
		}
	}
	if port != "" && !allDigits(port) {
		return false
	}
	host = strings.Trim(host, "[]")
	if host == "" {
		return false
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	for _, c := range host {
		if !(c == '-' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(s) <= 5
}
