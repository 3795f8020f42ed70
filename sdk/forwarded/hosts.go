package forwarded

import (
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
)

// Hosts is an allow-list of the names a server answers as: a request whose Host is not in
// it is how a DNS-rebinding page reaches a server on this machine under its own name. An
// entry is a name or address ("shop.example.com", "192.0.2.10", "[::1]"), matching any
// port; "name:port" matching one port; or ".example.com", matching the domain and its
// subdomains.
type Hosts struct {
	entries []hostEntry
}

type hostEntry struct {
	name   string // lower case, no brackets, no trailing dot
	port   string // "" for any
	domain bool   // a ".example.com" entry
}

// loopbackNames are in every default list: the machine's own names for itself.
var loopbackNames = []string{"localhost", "127.0.0.1", "::1"}

// ParseHosts reads a comma-separated list of entries.
func ParseHosts(list string) (Hosts, error) {
	var h Hosts
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		e, ok := parseEntry(f)
		if !ok {
			return Hosts{}, fmt.Errorf("allowed host %q is not a host name, an address, host:port or .domain", f)
		}
		h.entries = append(h.entries, e)
	}
	return h, nil
}

func parseEntry(f string) (hostEntry, bool) {
	if d, ok := strings.CutPrefix(f, "."); ok {
		if !ValidHost(d) || strings.Contains(d, ":") {
			return hostEntry{}, false
		}
		return hostEntry{name: normalName(d), domain: true}, true
	}
	if !ValidHost(f) {
		if a, err := netip.ParseAddr(f); err == nil { // a bare IPv6 address
			return hostEntry{name: a.String()}, true
		}
		return hostEntry{}, false
	}
	name, port := splitHostPort(f)
	return hostEntry{name: name, port: port}, true
}

// splitHostPort splits host[:port], normalising the name.
func splitHostPort(hp string) (name, port string) {
	if h, p, err := net.SplitHostPort(hp); err == nil {
		return normalName(h), p
	}
	return normalName(hp), ""
}

func normalName(h string) string {
	h = strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
	if a, err := netip.ParseAddr(h); err == nil {
		return a.Unmap().WithZone("").String()
	}
	return h
}

// DefaultHosts is the list when none is given: localhost and the loopback addresses, the
// listen address's host (every interface's address when it is a wildcard) and siteURL's
// host.
func DefaultHosts(listen net.Addr, siteURL string) Hosts {
	var h Hosts
	for _, n := range loopbackNames {
		h.Add(n)
	}
	if listen != nil {
		host, _, err := net.SplitHostPort(listen.String())
		ip, perr := netip.ParseAddr(host)
		if err == nil && (host == "" || perr == nil && ip.IsUnspecified()) {
			addrs, _ := net.InterfaceAddrs()
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok {
					h.Add(n.IP.String())
				}
			}
		} else if err == nil {
			h.Add(host)
		}
	}
	if u, err := url.Parse(siteURL); err == nil && u.Hostname() != "" {
		h.Add(u.Hostname())
	}
	return h
}

// Add allows one more name or address (any port); an invalid one is ignored.
func (h *Hosts) Add(name string) {
	if e, ok := parseEntry(name); ok && !h.has(e) {
		h.entries = append(h.entries, e)
	}
}

func (h Hosts) has(e hostEntry) bool {
	for _, x := range h.entries {
		if x == e {
			return true
		}
	}
	return false
}

// Empty reports a list with no entry (it allows nothing).
func (h Hosts) Empty() bool { return len(h.entries) == 0 }

// Allows reports a Host header (host[:port]) that is in the list.
func (h Hosts) Allows(hostport string) bool {
	if !ValidHost(hostport) {
		return false
	}
	name, port := splitHostPort(hostport)
	for _, e := range h.entries {
		if e.port != "" && e.port != port {
			continue
		}
		if name == e.name || e.domain && strings.HasSuffix(name, "."+e.name) {
			return true
		}
	}
	return false
}

// String lists the entries as ParseHosts reads them.
func (h Hosts) String() string {
	s := make([]string, len(h.entries))
	for i, e := range h.entries {
		n := e.name
		if strings.Contains(n, ":") {
			n = "[" + n + "]"
		}
		switch {
		case e.domain:
			n = "." + n
		case e.port != "":
			n += ":" + e.port
		}
		s[i] = n
	}
	return strings.Join(s, ",")
}
