package sandbox

import (
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// The admin surface: every /sandbox/* page except the hosted checkout (which customers'
// browsers use). It shows every login code and changes what the provider answers, so:
//   - without Options.AdminToken it answers loopback clients only;
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

// isAdminPath reports a path of the admin surface.
func isAdminPath(p string) bool {
	return strings.HasPrefix(p, "/sandbox/") && !strings.HasPrefix(p, "/sandbox/checkout/")
}

// guardAdmin answers the request itself and returns false when it may not reach the admin
// surface.
func (s *Server) guardAdmin(w http.ResponseWriter, r *http.Request) bool {
	if tok := s.opts.AdminToken; tok != "" {
		if q := r.URL.Query().Get(adminTokenQuery); q != "" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			if !equalSecret(q, tok) {
				forbid(w, "The sandbox admin token is not valid.")
				return false
			}
			// Trade the query token for a cookie and drop it from the address bar.
			http.SetCookie(w, &http.Cookie{Name: adminCookie, Value: tok, Path: "/sandbox/", HttpOnly: true,
				SameSite: http.SameSiteStrictMode, Secure: s.scheme(r) == "https"})
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
	} else if ip := net.ParseIP(s.clientIP(r)); ip == nil || !ip.IsLoopback() {
		forbid(w, "The sandbox admin surface answers on loopback only; start the sandbox with --sandbox-admin-token to reach it from elsewhere.")
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
	if o := r.Header.Get("Origin"); o != "" && !strings.EqualFold(o, s.requestOrigin(r)) {
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

// scheme is how the client reached the sandbox: TLS, or with TrustProxy X-Forwarded-Proto.
func (s *provider) scheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	if s.opts.TrustProxy && strings.EqualFold(firstForwarded(r.Header.Get("X-Forwarded-Proto")), "https") {
		return "https"
	}
	return "http"
}

// requestOrigin is the origin the client addressed: scheme://Host, or with TrustProxy the
// forwarded host. Never Options.PublicURL: a browser on the sandbox's own address is
// same-origin with it.
func (s *provider) requestOrigin(r *http.Request) string {
	host := r.Host
	if s.opts.TrustProxy {
		if fh := firstForwarded(r.Header.Get("X-Forwarded-Host")); validHost(fh) {
			host = fh
		}
	}
	return s.scheme(r) + "://" + host
}

// firstForwarded is the first value of a comma-separated forwarded header.
func firstForwarded(v string) string {
	first, _, _ := strings.Cut(v, ",")
	return strings.TrimSpace(first)
}

// validHost accepts host[:port] and nothing a URL could be smuggled in.
func validHost(h string) bool {
	if h == "" || strings.ContainsAny(h, "/\\ @?#") {
		return false
	}
	u, err := url.Parse("http://" + h)
	return err == nil && u.Host == h
}
