package replayhost

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk"
)

// In spy mode a miss goes to the upstream with the token the client holds: the
// recording's, without its signature, which the upstream refuses. For the guest, whose
// credentials are the shop's settings, a recorded guest token on its way upstream is
// swapped for the upstream's own guest token, so a new account can sign up on the
// upstream through a recording of the catalogue. A recorded customer's token goes as it
// is: nothing can sign for that customer but the server that logged it in.

// GuestAccount is the shop's guest login: the client credential and the guest account.
type GuestAccount struct {
	ClientID, ClientSecret, Username, Password string
}

// upstreamGuest swaps recorded guest tokens for the upstream's guest token.
type upstreamGuest struct {
	next  http.Handler
	login func(context.Context) (*sdk.Token, error)
	now   func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

// newUpstreamGuest logs in as the guest at origin (a server laid out like the sandbox).
func newUpstreamGuest(next http.Handler, origin string, g GuestAccount) (*upstreamGuest, error) {
	c, err := sdk.NewClient(sdk.Options{APIBase: strings.TrimSuffix(origin, "/") + contract.SandboxAPIPath,
		ClientID: g.ClientID, ClientSecret: g.ClientSecret, GuestUsername: g.Username, GuestPassword: g.Password, Timeout: 30 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("the upstream's guest login: %w", err)
	}
	return &upstreamGuest{next: next, login: c.Auth.GuestLogin, now: time.Now}, nil
}

func (u *upstreamGuest) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && strings.HasSuffix(tok, redactedSignature) && recordedGuest(tok) {
		if t, err := u.guestToken(r.Context()); err == nil {
			r = r.Clone(r.Context())
			r.Header.Set("Authorization", "Bearer "+t)
		}
	}
	u.next.ServeHTTP(w, r)
}

// guestToken is the upstream's guest token, logged in again a minute before it expires.
func (u *upstreamGuest) guestToken(ctx context.Context) (string, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.token != "" && u.now().Before(u.expires) {
		return u.token, nil
	}
	t, err := u.login(ctx)
	if err != nil {
		return "", err
	}
	life := time.Duration(t.ExpiresIn)*time.Second - time.Minute
	if life <= 0 {
		life = time.Minute
	}
	u.token, u.expires = t.AccessToken, u.now().Add(life)
	return u.token, nil
}

// recordedGuest reports a recorded token whose claims say it is the guest's.
func recordedGuest(tok string) bool {
	c, err := sdk.ParseClaims(tok)
	return err == nil && c.IsGuest
}

// maxRewritten bounds an upstream answer ownOrigin reads to rewrite; a larger one passes
// as it is.
const maxRewritten = 16 << 20

// ownOrigin gives the client this server's origin where the upstream's answer names its
// own (the checkout link, a redirect's Location), as esim record does: the shop refuses a
// checkout link to another origin, and the link must lead back through the replay.
func ownOrigin(resp *http.Response, upstream string) error {
	fwd := resp.Request.Header
	client := fwd.Get("X-Forwarded-Proto") + "://" + fwd.Get("X-Forwarded-Host")
	if fwd.Get("X-Forwarded-Host") == "" {
		return nil
	}
	if loc := resp.Header.Get("Location"); strings.HasPrefix(loc, upstream) {
		resp.Header.Set("Location", client+strings.TrimPrefix(loc, upstream))
	}
	if resp.ContentLength > maxRewritten || resp.Header.Get("Content-Encoding") != "" {
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxRewritten+1))
	if err != nil {
		return fmt.Errorf("read the upstream's answer: %w", err)
	}
	rest := resp.Body
	if len(body) > maxRewritten {
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(body), rest), rest}
		return nil
	}
	_ = rest.Close()
	body = bytes.ReplaceAll(body, []byte(upstream), []byte(client))
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	return nil
}
