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
	verifyFails  *window   // wrong codes per client, across accounts
	codeSends    *window   // code e-mails per client, across addresses
	addressSends *window   // code e-mails per address and client
	locks        *lockouts // wrong codes per account and client (the spec's lock)
}

func newIdentity(p *provider) *identityService {
	o := p.opts
	return &identityService{provider: p,
		verifyFails:  newWindow(o.VerifyFailLimit, o.VerifyFailWindow),
		codeSends:    newWindow(o.CodeSendClientLimit, o.CodeSendWindow),
		addressSends: newWindow(o.CodeSendLimit, o.CodeSendWindow),
		locks:        newLockouts(o.MaxFailedAttempts, o.LockDuration),
	}
}

// POST connect/token: password grant (guest account or one-time login password) with the
// Basic client credential; refresh_token grant with client_id/client_secret in the form.
func (s *identityService) token(w http.ResponseWriter, r *http.Request, _ call) {
	if !s.parseForm(w, r) {
		return
	}
	f := r.PostForm
	req := wire.TokenRequest{GrantType: wire.TokenRequestGrantType(f.Get("grant_type")), Username: f.Get("username"), Password: f.Get("password"),
		Scope: f.Get("scope"), ClientID: f.Get("client_id"), ClientSecret: f.Get("client_secret"), RefreshToken: f.Get("refresh_token")}
	if tooLong(w, fieldLimit{"username", req.Username, MaxEmailLen}, fieldLimit{"password", req.Password, maxSecretLen},
		fieldLimit{"refresh_token", req.RefreshToken, maxSecretLen}, fieldLimit{"scope", req.Scope, maxSecretLen},
		fieldLimit{"client_id", req.ClientID, maxSecretLen}, fieldLimit{"client_secret", req.ClientSecret, maxSecretLen}) {
		return
	}
	switch req.GrantType {
	case wire.TokenRequestGrantTypePassword:
		if !s.basicClient(r) {
			writeOAuthError(w, "invalid_client")
			return
		}
		s.update(func(tx *state.Tx) (reply, error) { return s.passwordGrant(tx, req.Username, req.Password) })(w)
	case wire.TokenRequestGrantTypeRefreshToken:
		if !equalSecret(req.ClientID, s.opts.ClientID) || !equalSecret(req.ClientSecret, s.opts.ClientSecret) {
			writeOAuthError(w, "invalid_client")
			return
		}
		s.update(func(tx *state.Tx) (reply, error) { return s.refreshGrant(tx, req.RefreshToken) })(w)
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
	writeJSON(w, http.StatusOK, wire.CurrentUserAnswer{Data: wire.CurrentUserData{Data: &wire.CurrentUser{Email: a.Email, FirstName: first, LastName: last}}})
}
