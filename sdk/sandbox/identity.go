package sandbox

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// identityService is the identity part of the API: connect/token (password and refresh
// grants), the current user, and the e-mail-code sign-up and login (otp.go).
type identityService struct {
	*provider
	verifyFails *window   // wrong codes per client, across accounts
	codeSends   *window   // code e-mails per client, across addresses
	locks       *lockouts // wrong codes per account and client (the spec's lock)
}

func newIdentity(p *provider) *identityService {
	o := p.opts
	return &identityService{provider: p,
		verifyFails: newWindow(o.VerifyFailLimit, o.VerifyFailWindow),
		codeSends:   newWindow(o.CodeSendClientLimit, o.CodeSendWindow),
		locks:       newLockouts(o.MaxFailedAttempts, o.LockDuration),
	}
}

// POST connect/token: password grant (guest account or one-time login password) with the
// Basic client credential; refresh_token grant with client_id/client_secret in the form.
func (s *identityService) token(w http.ResponseWriter, r *http.Request, _ call) {
	if !s.parseForm(w, r) {
		return
	}
	f := r.PostForm
	if tooLong(w, fieldLimit{"username", f.Get("username"), MaxEmailLen}, fieldLimit{"password", f.Get("password"), maxSecretLen},
		fieldLimit{"refresh_token", f.Get("refresh_token"), maxSecretLen}, fieldLimit{"scope", f.Get("scope"), maxSecretLen},
		fieldLimit{"client_id", f.Get("client_id"), maxSecretLen}, fieldLimit{"client_secret", f.Get("client_secret"), maxSecretLen}) {
		return
	}
	switch f.Get("grant_type") {
	case "password":
		if !s.basicClient(r) {
			writeOAuthError(w, "invalid_client")
			return
		}
		s.update(func(tx *state.Tx) (reply, error) { return s.passwordGrant(tx, f.Get("username"), f.Get("password")) })(w)
	case "refresh_token":
		if !equalSecret(f.Get("client_id"), s.opts.ClientID) || !equalSecret(f.Get("client_secret"), s.opts.ClientSecret) {
			writeOAuthError(w, "invalid_client")
			return
		}
		s.update(func(tx *state.Tx) (reply, error) { return s.refreshGrant(tx, f.Get("refresh_token")) })(w)
	default:
		writeOAuthError(w, "unsupported_grant_type")
	}
}

func (s *identityService) passwordGrant(tx *state.Tx, username, password string) (reply, error) {
	if equalSecret(username, s.opts.GuestUsername) && equalSecret(password, s.opts.GuestPassword) {
		return s.tokens(tx, s.guest())
	}
	u := tx.UserByEmail(username)
	if u == nil || u.OTP == "" || tx.Now().After(u.OTPExpires) || !equalSecret(password, u.OTP) {
		return oauthErrorReply(contract.DetailInvalidGrant), nil
	}
	u.OTP = "" // the one-time login password is single-use
	tx.MarkUser(u)
	return s.tokens(tx, userInfo(u))
}

// refreshGrant rotates a refresh token: each works once, and for RefreshGrace after its use
// a repeat of the same refresh answers the same new pair again (as Auth0's and Okta's
// rotation do), so two tabs or processes refreshing together both stay signed in.
func (s *identityService) refreshGrant(tx *state.Tx, token string) (reply, error) {
	g := tx.Grant(token)
	now := tx.Now()
	if g == nil || now.After(g.Expires) {
		return oauthErrorReply(contract.DetailInvalidGrant), nil
	}
	if r := g.Rotated; r != nil {
		return jsonReply(http.StatusOK, wire.TokenAnswer{AccessToken: r.Access, RefreshToken: r.Refresh, TokenType: "Bearer", ExpiresIn: r.Expires}), nil
	}
	who := s.guest()
	if !g.Guest {
		u := tx.User(g.UserID)
		if u == nil {
			tx.DeleteGrant(token)
			return oauthErrorReply(contract.DetailInvalidGrant), nil
		}
		who = userInfo(u) // the role is read again: a demoted agent loses it on refresh
	}
	ans, err := s.issue(tx, who)
	if err != nil {
		return problemReply(http.StatusInternalServerError, "Token could not be issued."), fmt.Errorf("refresh: %w", err)
	}
	g.Rotated = &state.Rotation{At: now, Access: ans.AccessToken, Refresh: ans.RefreshToken, Expires: ans.ExpiresIn}
	if end := now.Add(s.opts.RefreshGrace); end.Before(g.Expires) {
		g.Expires = end // then pruned like any expired grant
	}
	tx.MarkGrant(token)
	return jsonReply(http.StatusOK, ans), nil
}

// tokens answers a new token pair for a.
func (s *identityService) tokens(tx *state.Tx, a authInfo) (reply, error) {
	ans, err := s.issue(tx, a)
	if err != nil {
		return problemReply(http.StatusInternalServerError, "Token could not be issued."), fmt.Errorf("token: %w", err)
	}
	return jsonReply(http.StatusOK, ans), nil
}

// userInfo is what a token issued to u says (its role as stored now).
func userInfo(u *state.User) authInfo {
	role := RoleCustomer
	if u.Role == RoleAgent {
		role = RoleAgent
	}
	return authInfo{Sub: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Role: role}
}

// seedAgents makes sure every agent address has a verified account with the agent role, so
// it can sign in with the e-mail-code login.
func seedAgents(tx *state.Tx, emails []string) error {
	for _, e := range emails {
		e = strings.TrimSpace(e)
		if !state.ValidEmail(e) {
			return fmt.Errorf("agent e-mail %q is not a valid address", e)
		}
		u := tx.UserByEmail(e)
		if u == nil {
			u = &state.User{ID: newGUID(), Email: e, FirstName: "Support", LastName: "Agent", Verified: true, Created: tx.Now()}
			if err := tx.AddUser(u); err != nil {
				return fmt.Errorf("agent %s: %w", e, err)
			}
		}
		if u.Role != RoleAgent {
			u.Role = RoleAgent
			tx.MarkUser(u)
		}
	}
	return nil
}

// GET users/actions/get-current-user
func (s *identityService) currentUser(w http.ResponseWriter, _ *http.Request, c call) {
	a := c.who
	first, last := a.FirstName, a.LastName
	if !a.Guest {
		s.st.View(func(tx *state.Tx) {
			if u := tx.User(a.Sub); u != nil {
				first, last = u.FirstName, u.LastName
			}
		})
	}
	writeJSON(w, http.StatusOK, data(map[string]any{"data": map[string]string{"email": a.Email, "firstName": first, "lastName": last}}))
}
