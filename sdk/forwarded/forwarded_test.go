package forwarded

import (
	"crypto/tls"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

func mustProxies(t *testing.T, s string) Proxies {
	t.Helper()
	p, err := ParseProxies(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestParseProxies(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		bad      bool
	}{
		{in: "", want: ""},
		{in: "127.0.0.1", want: "127.0.0.1/32"},
		{in: "10.1.2.3/8, 192.168.0.0/16", want: "10.0.0.0/8,192.168.0.0/16"},
		{in: "::1", want: "::1/128"},
		{in: "fd00::/8", want: "fd00::/8"},
		{in: "::ffff:10.0.0.1", want: "10.0.0.1/32"},
		{in: "true", bad: true},
		{in: "10.0.0.0/33", bad: true},
		{in: "proxy.example", bad: true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			p, err := ParseProxies(tc.in)
			if tc.bad {
				if err == nil {
					t.Fatalf("%q accepted as %v", tc.in, p)
				}
				return
			}
			if err != nil || p.String() != tc.want {
				t.Fatalf("got %q %v, want %q", p, err, tc.want)
			}
		})
	}
}

func TestClient(t *testing.T) {
	trusted := "127.0.0.1/32,10.0.0.0/8"
	tests := []struct {
		name     string
		proxies  string
		remote   string
		header   map[string][]string
		tls      bool
		addr     string
		scheme   string
		host     string
		proxied  bool
		loopback bool
	}{
		{name: "direct loopback client", proxies: "", remote: "127.0.0.1:5000",
			addr: "127.0.0.1", scheme: "http", host: "shop.test", loopback: true},
		{name: "forwarded header without a trusted proxy is ignored but ends loopback", proxies: "", remote: "127.0.0.1:5000",
			header: map[string][]string{"X-Forwarded-For": {"127.0.0.1"}, "X-Forwarded-Proto": {"https"}, "X-Forwarded-Host": {"evil.test"}},
			addr:   "127.0.0.1", scheme: "http", host: "shop.test"},
		{name: "X-Real-IP alone ends loopback", proxies: "", remote: "127.0.0.1:5000",
			header: map[string][]string{"X-Real-Ip": {"127.0.0.1"}}, addr: "127.0.0.1", scheme: "http", host: "shop.test"},
		{name: "Forwarded alone ends loopback", proxies: "", remote: "[::1]:5000",
			header: map[string][]string{"Forwarded": {"for=127.0.0.1"}}, addr: "::1", scheme: "http", host: "shop.test"},
		{name: "XFF from an untrusted peer: the peer is the client", proxies: trusted, remote: "203.0.113.9:4000",
			header: map[string][]string{"X-Forwarded-For": {"127.0.0.1"}}, addr: "203.0.113.9", scheme: "http", host: "shop.test"},
		{name: "trusted proxy: right-most untrusted address", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Forwarded-For": {"198.51.100.1, 203.0.113.7"}, "X-Forwarded-Proto": {"https"}},
			addr:   "203.0.113.7", scheme: "https", host: "shop.test", proxied: true},
		{name: "a chain of trusted proxies is skipped", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Forwarded-For": {"1.2.3.4, 203.0.113.7", "10.0.0.5"}},
			addr:   "203.0.113.7", scheme: "http", host: "shop.test", proxied: true},
		{name: "a spoofed loopback address on the left changes nothing", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Forwarded-For": {"127.0.0.1, 203.0.113.7"}},
			addr:   "203.0.113.7", scheme: "http", host: "shop.test", proxied: true},
		{name: "a trusted loopback client through the proxy is not a loopback client", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Forwarded-For": {"127.0.0.1"}}, addr: "127.0.0.1", scheme: "http", host: "shop.test", proxied: true},
		{name: "ports and brackets in XFF", proxies: trusted, remote: "10.0.0.2:4000",
			header: map[string][]string{"X-Forwarded-For": {"[2001:db8::7]:5555"}}, addr: "2001:db8::7", scheme: "http", host: "shop.test", proxied: true},
		{name: "garbage left of the proxy's entry", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Forwarded-For": {"unknown, 10.0.0.3"}}, addr: "10.0.0.3", scheme: "http", host: "shop.test", proxied: true},
		{name: "X-Real-IP from a trusted proxy", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Real-Ip": {"203.0.113.8"}}, addr: "203.0.113.8", scheme: "http", host: "shop.test", proxied: true},
		{name: "forwarded host from a trusted proxy", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Forwarded-Host": {"evil.test, shop.example.com"}}, addr: "127.0.0.1", scheme: "http", host: "shop.example.com", proxied: true},
		{name: "an unusable forwarded host is ignored", proxies: trusted, remote: "127.0.0.1:4000",
			header: map[string][]string{"X-Forwarded-Host": {"evil.test/x"}, "X-Forwarded-Proto": {"gopher"}}, addr: "127.0.0.1", scheme: "http", host: "shop.test", proxied: true},
		{name: "TLS on the connection", proxies: "", remote: "192.0.2.4:1", tls: true, addr: "192.0.2.4", scheme: "https", host: "shop.test"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "http://shop.test/", nil)
			r.RemoteAddr = tt.remote
			for k, v := range tt.header {
				r.Header[http.CanonicalHeaderKey(k)] = v
			}
			if tt.tls {
				r.TLS = &tls.ConnectionState{}
			}
			c := mustProxies(t, tt.proxies).Client(r)
			if c.Addr.String() != tt.addr || c.Scheme != tt.scheme || c.Host != tt.host || c.Proxied != tt.proxied || c.Loopback() != tt.loopback {
				t.Fatalf("got addr %s scheme %s host %s proxied %v loopback %v, want %s %s %s %v %v",
					c.Addr, c.Scheme, c.Host, c.Proxied, c.Loopback(), tt.addr, tt.scheme, tt.host, tt.proxied, tt.loopback)
			}
		})
	}
}

func TestLimitKey(t *testing.T) {
	p := Proxies{}
	for remote, want := range map[string]string{
		"203.0.113.9:1":            "203.0.113.9",
		"[2001:db8:1:2:3::9]:1":    "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:1": "2001:db8:1:2::/64",
		"garbage":                  "unknown",
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = remote
		if got := p.Client(r).LimitKey(); got != want {
			t.Errorf("%s: key %q, want %q", remote, got, want)
		}
	}
}

func TestHosts(t *testing.T) {
	h, err := ParseHosts("shop.example.com, .cedarsim.example, admin.test:8443, 192.0.2.10, [2001:db8::1]")
	if err != nil {
		t.Fatal(err)
	}
	for host, want := range map[string]bool{
		"shop.example.com":        true,
		"SHOP.example.com.:443":   true,
		"cedarsim.example":        true,
		"www.cedarsim.example":    true,
		"evilcedarsim.example":    false,
		"admin.test:8443":         true,
		"admin.test":              false,
		"admin.test:80":           false,
		"192.0.2.10:8080":         true,
		"[2001:db8::1]:80":        true,
		"rebind.attacker.example": false,
		"localhost":               false,
		"shop.example.com/x":      false,
		"":                        false,
	} {
		if got := h.Allows(host); got != want {
			t.Errorf("Allows(%q) = %v, want %v", host, got, want)
		}
	}
	if _, err := ParseHosts("shop/x"); err == nil {
		t.Error("a path accepted as a host")
	}
	if h.String() != "shop.example.com,.cedarsim.example,admin.test:8443,192.0.2.10,[2001:db8::1]" {
		t.Errorf("String() = %q", h.String())
	}
}

func TestDefaultHosts(t *testing.T) {
	listen, _ := net.ResolveTCPAddr("tcp", "192.0.2.7:8080")
	h := DefaultHosts(listen, "https://shop.example.com/")
	for host, want := range map[string]bool{
		"localhost:8080":          true,
		"127.0.0.1:8080":          true,
		"[::1]:8080":              true,
		"192.0.2.7:8080":          true,
		"shop.example.com":        true,
		"rebind.attacker.example": false,
	} {
		if got := h.Allows(host); got != want {
			t.Errorf("Allows(%q) = %v, want %v", host, got, want)
		}
	}
	for _, addr := range []string{"0.0.0.0:8080", ":8080", "[::]:8080"} {
		wild, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if h := DefaultHosts(wild, ""); !h.Allows("127.0.0.1:8080") || h.Allows("0.0.0.0:8080") || h.Allows("rebind.attacker.example") {
			t.Errorf("%s: default %v", addr, h)
		}
	}
}
