package sandbox

import (
	"mime"
	"net/http"
	"strings"

	"github.com/cedarsim/esim/sdk/forwarded"
)

// The admin surface: every /sandbox/* page except the hosted checkout (which customers'
// browsers use) and the agents' customer look-up. It shows every login code and changes what the provider answers, so:
//   - it answers only under an allowed host name (Options.AllowedHosts): a DNS-rebinding
//     page, whose Host is its own name, is refused whatever else it sends;
//   - without Options.AdminToken it answers loopback clients that reach it directly only: a
//     request carrying any forwarding header is never a loopback client (behind a proxy on
//     the same machine every peer is 127.0.0.1; package forwarded);
//   - with it, the token is required from everyone (header X-Sandbox-Admin-Token, or the
//     cookie a browser gets by opening any admin page once with ?admin_token=...);
//   - a state-changing request (not GET/HEAD) must be JSON (POST/PUT/PATCH) and, when the
//     browser says where it comes from (Origin, Sec-Fetch-Site), come from this origin:
//     a cross-site form or text/plain POST is refused.

// AdminTokenHeader carries the sandbox admin token.
const AdminTokenHeader = "X-Sandbox-Admin-Token"

const (
	adminCookie     = "sandbox_admin"
	adminTokenQuery = "admin_token"
)

// isAdminPath reports a path of the admin surface. The customer look-up is not: an agent's
// bearer opens it (lookup.go).
func isAdminPath(p string) bool {
	return strings.HasPrefix(p, "/sandbox/") && !strings.HasPrefix(p, "/sandbox/checkout/") && !strings.HasPrefix(p, LookupPath)
}

// AdminGate is the rule above, for any admin surface: the sandbox's, and the replay's pages
// (esim sandbox|serve --replay), so a recording's codes are no easier to reach than the
// emulator's.
type AdminGate struct {
	// Token, when set, is required from every client.
	Token string
	// Proxies are the reverse proxies whose forwarding headers are believed.
	Proxies forwarded.Proxies
	// Hosts are the host names the surface answers under.
	Hosts forwarded.Hosts
}

// guardAdmin answers the request itself and returns false when it may not reach the admin
// surface.
func (s *Server) guardAdmin(w http.ResponseWriter, r *http.Request) bool {
	return AdminGate{Token: s.opts.AdminToken, Proxies: s.opts.Proxies, Hosts: s.opts.AllowedHosts}.Allow(w, r)
}

// Allow answers the request itself and returns false when it may not reach the admin
// surface.
func (g AdminGate) Allow(w http.ResponseWriter, r *http.Request) bool {
	client := g.Proxies.Client(r)
	if !g.Hosts.Allows(client.Host) {
		forbid(w, "The sandbox admin surface answers only under its own host names (--allowed-hosts).")
		return false
	}
	if tok := g.Token; tok != "" {
		if q := r.URL.Query().Get(adminTokenQuery); q != "" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			if !equalSecret(q, tok) {
				forbid(w, "The sandbox admin token is not valid.")
				return false
			}
			// Trade the query token for a cookie and drop it from the address bar.
			http.SetCookie(w, &http.Cookie{Name: adminCookie, Value: tok, Path: "/sandbox/", HttpOnly: true,
				SameSite: http.SameSiteStrictMode, Secure: client.Scheme == "https"})
			u := *r.URL
			q := u.Query()
			q.Del(adminTokenQuery)
			u.RawQuery = q.Encode()
			http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
			return false
		}
		got := r.Header.Get(AdminTokenHeader)
		if got == "" {
			if c, err := r.Cookie(adminCookie); err == nil {
				got = c.Value
			}
		}
		if got == "" || !equalSecret(got, tok) {
			forbid(w, "The sandbox admin surface needs the admin token (header "+AdminTokenHeader+", or open it once with ?"+adminTokenQuery+"=...).")
			return false
		}
	} else if !client.Loopback() {
		forbid(w, "Without an admin token the sandbox admin surface answers clients on this machine that reach it directly, never through a proxy; set ESIM_SANDBOX_ADMIN_TOKEN (or --sandbox-admin-token-file) to reach it from elsewhere.")
		return false
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return true
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		forbid(w, "Cross-site requests may not change the sandbox.")
		return false
	}
	// The origin the client addressed, never Options.PublicURL: a browser on the sandbox's
	// own address is same-origin with it.
	if o := r.Header.Get("Origin"); o != "" && !strings.EqualFold(o, client.Origin()) {
		forbid(w, "Cross-site requests may not change the sandbox.")
		return false
	}
	if r.Method != http.MethodDelete {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			writeProblem(w, http.StatusUnsupportedMediaType, "Send the sandbox admin requests as application/json.")
			return false
		}
	}
	return true
}
