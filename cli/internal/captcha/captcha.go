// Package captcha gets a captcha token from the user's browser: it serves a one-page
// site on 127.0.0.1 that runs the captcha and posts the token back. Without a site key the
// page uses the development provider, whose token is "dev-captcha" (docs/contract.md).
// Over SSH the page is reached through a forwarded port: a fixed port (--captcha-port)
// and ForwardHint say how (docs/terminal.md).
package captcha

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DevToken is the development provider's token, accepted by the sandbox.
const DevToken = "dev-captcha"

// maxTokenBytes bounds the posted token; reCAPTCHA tokens are about 2 KB.
const maxTokenBytes = 16 << 10

// Server is a running captcha page.
type Server struct {
	URL    string // open this in the browser
	tokens chan string
	srv    *http.Server
	ln     net.Listener
}

// Start listens on 127.0.0.1:port (0: a free port). siteKey empty means the development
// provider. The page's path carries a random nonce so that no other local page can post a
// token.
func Start(siteKey string, port int) (*Server, error) {
	nonceBytes := make([]byte, 16)
	if _, err := rand.Read(nonceBytes); err != nil {
		return nil, fmt.Errorf("captcha page: %w", err)
	}
	nonce := hex.EncodeToString(nonceBytes)
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("captcha page: listening on 127.0.0.1:%d (choose another with --captcha-port): %w", port, err)
	}
	s := &Server{
		URL:    fmt.Sprintf("http://%s/%s/", ln.Addr().String(), nonce),
		tokens: make(chan string, 1),
		ln:     ln,
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /"+nonce+"/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = page().Execute(w, struct{ SiteKey string }{siteKey})
	})
	mux.HandleFunc("POST /"+nonce+"/token", func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(io.LimitReader(r.Body, maxTokenBytes+1))
		tok := strings.TrimSpace(string(b))
		if err != nil || tok == "" || len(b) > maxTokenBytes {
			http.Error(w, "bad token", http.StatusBadRequest)
			return
		}
		select {
		case s.tokens <- tok:
		default: // a token is already waiting; the first one wins
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "ok")
	})
	s.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// ForwardHint tells a user on SSH (getenv sees SSH_CONNECTION, SSH_CLIENT or SSH_TTY) how
// to open the page from their own machine: forward its port. "" when not on SSH.
func ForwardHint(pageURL string, getenv func(string) string) string {
	if getenv("SSH_CONNECTION") == "" && getenv("SSH_CLIENT") == "" && getenv("SSH_TTY") == "" {
		return ""
	}
	u, err := url.Parse(pageURL)
	if err != nil {
		return ""
	}
	port := u.Port()
	return fmt.Sprintf("Over SSH, forward the page's port from your machine first: ssh -L %s:127.0.0.1:%s HOST "+
		"(a fixed port: --captcha-port or ESIM_CAPTCHA_PORT), then open the address there; "+
		"or pass --captcha-token.", port, port)
}

// Wait returns the first token posted, or an error when ctx ends first.
func (s *Server) Wait(ctx context.Context) (string, error) {
	select {
	case t := <-s.tokens:
		return t, nil
	case <-ctx.Done():
		return "", fmt.Errorf("waiting for the captcha: %w", ctx.Err())
	}
}

// Close stops the page.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	// Shutdown closes only the listeners Serve has taken up: Serve may not have started.
	_ = s.ln.Close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("captcha page: %w", err)
	}
	return nil
}

// page is parsed on first use, not at start-up: every esim command pays for package init.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("captcha").Parse(pageHTML))
})

const pageHTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>esim login: captcha</title>
<style>body{font-family:sans-serif;max-width:32em;margin:4em auto;text-align:center}
button{font-size:1.2em;padding:.5em 1.5em}</style>
{{if .SiteKey}}<script src="https://www.google.com/recaptcha/api.js?render={{.SiteKey}}"></script>{{end}}
</head><body>
<h1>esim login</h1>
<p id="msg">Confirm you are not a robot to finish logging in from the terminal.</p>
<button id="go">I'm not a robot</button>
<script>
const siteKey = {{.SiteKey}};
async function token() {
  if (!siteKey) return "` + DevToken + `";
  await new Promise(r => grecaptcha.ready(r));
  return grecaptcha.execute(siteKey, {action: "login"});
}
document.getElementById("go").onclick = async () => {
  const msg = document.getElementById("msg");
  try {
    const t = await token();
    const r = await fetch("token", {method: "POST", body: t});
    msg.textContent = r.ok ? "Done. You can close this tab and return to the terminal." : "Something went wrong. Please try again.";
  } catch (e) { msg.textContent = "Something went wrong. Please try again."; }
};
</script></body></html>`
