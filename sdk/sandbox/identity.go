package sandbox

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/mail"
	"sort"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

type tokenClaims struct {
	Email     string `json:"email"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	IsGuest   bool   `json:"is_guest"`
	Role      string `json:"role"`
	Epoch     int    `json:"sbx_epoch"`
	jwt.RegisteredClaims
}

// guestNamespace derives the guest's stable subject id from its username.
var guestNamespace = uuid.MustParse("0b5f6c1e-8d2a-4f3b-9c7e-1a2b3c4d5e6f")

func (s *Server) guestSub() string {
	return uuid.NewSHA1(guestNamespace, []byte(s.opts.GuestUsername)).String()
}

func randomToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// issueLocked signs an access token and stores a new refresh token (saved by the caller).
func (s *Server) issueLocked(a authInfo) (map[string]any, error) {
	now := s.now()
	c := tokenClaims{
		Email: a.Email, FirstName: a.FirstName, LastName: a.LastName, IsGuest: a.Guest, Role: a.role(), Epoch: s.st.Epoch,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   a.Sub,
			Issuer:    "cedarsim-sandbox",
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(s.opts.AccessTokenLifetime)),
			ID:        uuid.NewString(),
		},
	}
	access, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.st.SigningKey)
	if err != nil {
		return nil, fmt.Errorf("sign access token: %w", err)
	}
	refresh, err := randomToken(32)
	if err != nil {
		return nil, err
	}
	userID := ""
	if !a.Guest {
		userID = a.Sub
	}
	s.st.Refresh[refresh] = &refreshGrant{UserID: userID, Guest: a.Guest, Expires: now.Add(s.opts.RefreshTokenLifetime)}
	s.markRefreshLocked(refresh)
	s.pruneRefreshLocked(now)
	return map[string]any{
		"access_token":  access,
		"refresh_token": refresh,
		"token_type":    "Bearer",
		"expires_in":    int(s.opts.AccessTokenLifetime / time.Second),
	}, nil
}

func (s *Server) pruneRefreshLocked(now time.Time) {
	for k, g := range s.st.Refresh {
		if now.After(g.Expires) {
			delete(s.st.Refresh, k)
			s.markRefreshLocked(k)
		}
	}
	if len(s.st.Refresh) <= maxRefresh {
		return
	}
	// A flood of logins must not grow memory without bound: the oldest grants go first.
	keys := make([]string, 0, len(s.st.Refresh))
	for k := range s.st.Refresh {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return s.st.Refresh[keys[i]].Expires.Before(s.st.Refresh[keys[j]].Expires) })
	for _, k := range keys[:len(keys)-maxRefresh*9/10] {
		delete(s.st.Refresh, k)
		s.markRefreshLocked(k)
	}
}

func (s *Server) verifyAccess(tok string) (authInfo, error) {
	s.mu.Lock()
	key, epoch := s.st.SigningKey, s.st.Epoch
	s.mu.Unlock()
	var c tokenClaims
	_, err := jwt.ParseWithClaims(tok, &c, func(*jwt.Token) (any, error) { return key, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithTimeFunc(s.now), jwt.WithExpirationRequired())
	if err != nil {
		return authInfo{}, fmt.Errorf("verify access token: %w", err)
	}
	if c.Epoch != epoch {
		return authInfo{}, errors.New("verify access token: expired by the sandbox")
	}
	a := authInfo{Sub: c.Subject, Email: c.Email, FirstName: c.FirstName, LastName: c.LastName, Guest: c.IsGuest, Role: c.Role}
	if a.Guest {
		a.Role = RoleGuest // a guest token never carries more, whatever its role claim says
	}
	return a, nil
}

func equalSecret(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// basicClient checks the request's Basic client credential.
func (s *Server) basicClient(r *http.Request) bool {
	id, secret, ok := r.BasicAuth()
	return ok && equalSecret(id, s.opts.ClientID) && equalSecret(secret, s.opts.ClientSecret)
}

// POST connect/token: password grant (guest account or one-time login password) with the
// Basic client credential; refresh_token grant with client_id/client_secret in the form.
func (s *Server) handleToken(w http.ResponseWriter, r *http.Request) {
	if !s.parseForm(w, r) {
		return
	}
	f := r.PostForm
	if tooLong(w, fieldLimit{"username", f.Get("username"), MaxEmailLen}, fieldLimit{"password", f.Get("password"), maxSecretLen},
		fieldLimit{"refresh_token", f.Get("refresh_token"), maxSecretLen}, fieldLimit{"scope", f.Get("scope"), maxSecretLen},
		fieldLimit{"client_id", f.Get("client_id"), maxSecretLen}, fieldLimit{"client_secret", f.Get("client_secret"), maxSecretLen}) {
		return
	}
	switch r.PostForm.Get("grant_type") {
	case "password":
		if !s.basicClient(r) {
			writeOAuthError(w, "invalid_client")
			return
		}
		s.locked(func() reply { return s.passwordGrantLocked(r.PostForm.Get("username"), r.PostForm.Get("password")) })(w)
	case "refresh_token":
		if !equalSecret(r.PostForm.Get("client_id"), s.opts.ClientID) || !equalSecret(r.PostForm.Get("client_secret"), s.opts.ClientSecret) {
			writeOAuthError(w, "invalid_client")
			return
		}
		s.locked(func() reply { return s.refreshGrantLocked(r.PostForm.Get("refresh_token")) })(w)
	default:
		writeOAuthError(w, "unsupported_grant_type")
	}
}

func (s *Server) passwordGrantLocked(username, password string) reply {
	if equalSecret(username, s.opts.GuestUsername) && equalSecret(password, s.opts.GuestPassword) {
		return s.answerTokensLocked(authInfo{Sub: s.guestSub(), Email: s.opts.GuestUsername, Guest: true})
	}
	u := s.userByEmailLocked(username)
	now := s.now()
	if u == nil || u.OTP == "" || now.After(u.OTPExpires) || !equalSecret(password, u.OTP) {
		return oauthErrorReply("invalid_grant")
	}
	u.OTP = "" // the one-time login password is single-use
	s.markUserLocked(u)
	return s.answerTokensLocked(u.authInfo())
}

func (s *Server) refreshGrantLocked(token string) reply {
	g, ok := s.st.Refresh[token]
	if !ok || s.now().After(g.Expires) {
		return oauthErrorReply("invalid_grant")
	}
	delete(s.st.Refresh, token) // rotation: each refresh token works once
	s.markRefreshLocked(token)
	if g.Guest {
		return s.answerTokensLocked(authInfo{Sub: s.guestSub(), Email: s.opts.GuestUsername, Guest: true})
	}
	u := s.st.Users[g.UserID]
	if u == nil {
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		return oauthErrorReply("invalid_grant")
	}
	return s.answerTokensLocked(u.authInfo()) // the role is read again: a demoted agent loses it on refresh
}

// authInfo is what a token issued to u says (its role as stored now).
func (u *user) authInfo() authInfo {
	role := RoleCustomer
	if u.Role == RoleAgent {
		role = RoleAgent
	}
	return authInfo{Sub: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Role: role}
}

// seedAgentsLocked makes sure every agent address has a verified account with the agent
// role, so it can sign in with the e-mail-code login (saved by the caller).
func (s *Server) seedAgentsLocked(emails []string) error {
	for _, e := range emails {
		e = strings.TrimSpace(e)
		if !validEmail(e) {
			return fmt.Errorf("agent e-mail %q is not a valid address", e)
		}
		u := s.userByEmailLocked(e)
		if u == nil {
			u = &user{ID: newGUID(), Email: e, FirstName: "Support", LastName: "Agent", Verified: true}
			s.st.Users[u.ID] = u
			s.markUserLocked(u)
		}
		if u.Role != RoleAgent {
			u.Role = RoleAgent
			s.markUserLocked(u)
		}
	}
	return nil // New saves the seeded accounts with the rest of its start
}

func (s *Server) answerTokensLocked(a authInfo) reply {
	body, err := s.issueLocked(a)
	if err != nil {
		s.discardLocked()
		s.log.Error("token issue failed", "err", err)
		return problemReply(http.StatusInternalServerError, "Token could not be issued.")
	}
	if rep := s.saveLocked(); rep != nil {
		return rep
	}
	return jsonReply(http.StatusOK, body)
}

func (s *Server) userByEmailLocked(email string) *user {
	email = strings.TrimSpace(email)
	for _, u := range s.st.Users {
		if strings.EqualFold(u.Email, email) {
			return u
		}
	}
	return nil
}

// GET users/actions/get-current-user
func (s *Server) handleCurrentUser(w http.ResponseWriter, r *http.Request) {
	a, ok := s.bearer(w, r)
	if !ok {
		return
	}
	first, last := a.FirstName, a.LastName
	if !a.Guest {
		s.mu.Lock()
		if u := s.st.Users[a.Sub]; u != nil {
			first, last = u.FirstName, u.LastName
		}
		s.mu.Unlock()
	}
	writeJSON(w, http.StatusOK, data(map[string]any{"data": map[string]string{"email": a.Email, "firstName": first, "lastName": last}}))
}

func validEmail(e string) bool {
	if e == "" || len(e) > 254 || strings.ContainsAny(e, " <>") {
		return false
	}
	a, err := mail.ParseAddress(e)
	return err == nil && a.Address == e && strings.Contains(e[strings.LastIndex(e, "@"):], ".")
}

// humanWait says a wait in words: "3 minutes", "40 seconds".
func humanWait(d time.Duration) string {
	if d >= time.Minute {
		m := int((d + time.Minute - 1) / time.Minute)
		if m == 1 {
			return "1 minute"
		}
		return fmt.Sprintf("%d minutes", m)
	}
	sec := int((d + time.Second - 1) / time.Second)
	if sec <= 1 {
		return "1 second"
	}
	return fmt.Sprintf("%d seconds", sec)
}

func sixDigits() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("random code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// POST users/otp/send_email/{email}/{flag}: flag false signs up (full form), true logs in.
func (s *Server) handleOTPSend(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.bearer(w, r); !ok {
		return
	}
	email := strings.TrimSpace(r.PathValue("email"))
	login := strings.EqualFold(r.PathValue("flag"), "true")
	if !login && !strings.EqualFold(r.PathValue("flag"), "false") {
		writeProblem(w, http.StatusBadRequest, "One or more validation errors occurred.")
		return
	}
	var form struct {
		FirstName   string `json:"firstName"`
		LastName    string `json:"lastName"`
		CountryCode string `json:"countryCode"`
		Phone       string `json:"phone"`
		Email       string `json:"email"`
	}
	if !s.decodeJSON(w, r, &form) {
		return
	}
	if tooLong(w, fieldLimit{"email", email, MaxEmailLen}, fieldLimit{"email", form.Email, MaxEmailLen},
		fieldLimit{"firstName", form.FirstName, MaxNameLen}, fieldLimit{"lastName", form.LastName, MaxNameLen},
		fieldLimit{"phone", form.Phone, MaxPhoneLen}, fieldLimit{"countryCode", form.CountryCode, MaxCountryCodeLen}) {
		return
	}
	if form.Email != "" && !strings.EqualFold(strings.TrimSpace(form.Email), email) {
		writeProblem(w, http.StatusBadRequest, "One or more validation errors occurred.")
		return
	}
	if !validEmail(email) {
		writeProblem(w, http.StatusBadRequest, "One or more validation errors occurred.")
		return
	}
	if !login {
		for _, v := range []string{form.FirstName, form.LastName, form.Phone} {
			if strings.TrimSpace(v) == "" {
				writeProblem(w, http.StatusBadRequest, "One or more validation errors occurred.")
				return
			}
		}
	}
	code, err := sixDigits()
	if err != nil {
		writeProblem(w, http.StatusInternalServerError, "The code could not be sent.")
		return
	}
	s.locked(func() reply {
		return s.sendCodeLocked(email, login, form.FirstName, form.LastName, form.CountryCode, form.Phone, code)
	})(w)
}

// sendCodeLocked sends code to email (login, or signup with the form's fields).
func (s *Server) sendCodeLocked(email string, login bool, first, last, country, phone, code string) reply {
	u := s.userByEmailLocked(email)
	if login && u == nil {
		return problemReply(http.StatusNotFound, "User not found")
	}
	if u == nil {
		if len(s.st.Users) >= maxUsers {
			return problemReply(http.StatusServiceUnavailable, "The sandbox holds too many accounts; restart it without --state.")
		}
		u = &user{ID: newGUID(), Email: email}
		s.st.Users[u.ID] = u
		s.markUserLocked(u)
	}
	now := s.now()
	if wait := s.codeSendWaitLocked(u, now); wait > 0 {
		return func(w http.ResponseWriter) {
			writeTooMany(w, wait, fmt.Sprintf("Too many codes were sent to this address. Try again in %s.", humanWait(wait)))
		}
	}
	s.markUserLocked(u)
	if !login && !u.Verified {
		// Until the address is verified the signup form may be sent again with corrections.
		u.FirstName, u.LastName = strings.TrimSpace(first), strings.TrimSpace(last)
		u.CountryCode, u.Phone = strings.TrimSpace(country), strings.TrimSpace(phone)
	}
	// A new code replaces (and so invalidates) the previous one.
	u.Code, u.CodeExpires = code, now.Add(s.opts.CodeLifetime)
	u.CodeSends = append(u.CodeSends, now)
	s.sendMailLocked(&Mail{
		To:      u.Email,
		Subject: fmt.Sprintf("Your %s verification code", s.opts.Brand),
		Text: fmt.Sprintf("Your %s verification code is %s. It expires in %d minutes. If you did not ask for it, ignore this e-mail.",
			s.opts.Brand, code, int(s.opts.CodeLifetime/time.Minute)),
		Code: code,
	})
	s.log.Info("sandbox e-mail code sent", "user", u.ID, "mailbox", MailboxPath) // never the code itself
	if rep := s.saveLocked(); rep != nil {
		return rep
	}
	return jsonReply(http.StatusOK, map[string]any{"status": 200, "data": map[string]string{"userId": u.ID}})
}

// POST users/otp/email/{userId}: checks the captcha and the code; answers the one-time
// login password that the password grant then accepts.
func (s *Server) handleOTPVerify(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.bearer(w, r); !ok {
		return
	}
	var body struct {
		IdempotencyID string `json:"idempotencyId"`
		OTP           string `json:"otp"`
		Username      string `json:"username"`
		UserID        string `json:"userId"`
		CaptchaToken  string `json:"captchaToken"`
	}
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if tooLong(w, fieldLimit{"idempotencyId", body.IdempotencyID, maxIDLen}, fieldLimit{"otp", body.OTP, MaxOTPLen},
		fieldLimit{"username", body.Username, MaxEmailLen}, fieldLimit{"userId", body.UserID, maxIDLen},
		fieldLimit{"captchaToken", body.CaptchaToken, MaxCaptchaLen}) {
		return
	}
	if !s.opts.CaptchaValid(body.CaptchaToken) {
		writeProblem(w, http.StatusBadRequest, "Invalid Captcha")
		return
	}
	userID := r.PathValue("userId")
	if body.UserID != "" && body.UserID != userID {
		writeProblem(w, http.StatusBadRequest, "The user id of the body does not match the path.")
		return
	}
	client := s.clientIP(r)
	now := s.now()
	if wait := s.verifyFails.blocked(client, now); wait > 0 {
		writeTooMany(w, wait, fmt.Sprintf("Too many wrong codes from your network. Try again in %s.", humanWait(wait)))
		return
	}
	s.locked(func() reply {
		u := s.st.Users[userID]
		if u == nil {
			s.verifyFails.add(client, now) // guessing user ids counts as a wrong attempt
			return problemReply(http.StatusBadRequest, "User not found")
		}
		return s.verifyCodeLocked(u, client, body.IdempotencyID, strings.TrimSpace(body.OTP), now)
	})(w)
}

// verifyCodeLocked checks code for u; a right one answers the one-time login password.
func (s *Server) verifyCodeLocked(u *user, client, idem, code string, now time.Time) reply {
	if now.Before(u.LockedUntil) {
		return problemReply(http.StatusBadRequest, "Account is locked due to multiple failed attempts.")
	}
	if idem != "" && u.VerifyIdem == idem && u.OTP != "" && now.Before(u.OTPExpires) &&
		code != "" && equalSecret(code, u.VerifyCode) {
		// A retry of a verification that succeeded (its answer was lost), with the same
		// code: the same answer. Any other code is checked like a new attempt.
		return jsonReply(http.StatusOK, data(map[string]string{"username": u.Email, "oneTimeLoginPassword": u.OTP}))
	}
	if u.Code == "" || now.After(u.CodeExpires) || !equalSecret(code, u.Code) {
		s.verifyFails.add(client, now)
		u.Failed++
		if u.Failed >= s.opts.MaxFailedAttempts {
			u.Failed, u.LockedUntil = 0, now.Add(s.opts.LockDuration)
			u.Code = ""
			s.log.Info("sandbox account locked", "user", u.ID)
		}
		s.markUserLocked(u)
		if rep := s.saveLocked(); rep != nil {
			return rep
		}
		return problemReply(http.StatusBadRequest, "Invalid OTP please try again")
	}
	otp, err := randomToken(24)
	if err != nil {
		return problemReply(http.StatusInternalServerError, "Verification failed.")
	}
	u.Code, u.Failed, u.Verified = "", 0, true
	u.OTP, u.OTPExpires = otp, now.Add(5*time.Minute)
	u.VerifyIdem, u.VerifyCode = idem, code
	s.markUserLocked(u)
	if rep := s.saveLocked(); rep != nil {
		return rep
	}
	return jsonReply(http.StatusOK, data(map[string]string{"username": u.Email, "oneTimeLoginPassword": otp}))
}
