package sandbox

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// The e-mail-code sign-up and login (section 3) and its abuse limits (docs/contract.md):
//   - code e-mails: CodeSendLimit per address and client, and CodeSendClientLimit per
//     client (across addresses), within CodeSendWindow: a client that asks for codes to
//     someone else's address uses up its own allowance, never the owner's;
//   - wrong codes: VerifyFailLimit per client within VerifyFailWindow (across accounts);
//   - the spec's lock: MaxFailedAttempts wrong codes lock the account for LockDuration
//     for the client that made them, not for everyone (so nobody can lock the owner out);
//   - a code takes at most codeGuesses wrong attempts in all, from every client; then it is
//     void and the owner asks for a fresh one, so guessing from many addresses gains nothing.

// codeGuesses is how many wrong attempts, from all clients, void a code.
func (s *identityService) codeGuesses() int { return 3 * s.opts.MaxFailedAttempts }

// POST users/otp/send_email/{email}/{flag}: flag false signs up (full form), true logs in.
func (s *identityService) sendCode(w http.ResponseWriter, r *http.Request, _ call) {
	email := strings.TrimSpace(r.PathValue("email"))
	login := strings.EqualFold(r.PathValue("flag"), "true")
	if !login && !strings.EqualFold(r.PathValue("flag"), "false") {
		writeProblem(w, http.StatusBadRequest, contract.DetailValidationFailed)
		return
	}
	var form wire.SignupForm // the login form is its email alone
	if !s.decodeJSON(w, r, &form) {
		return
	}
	if tooLong(w, fieldLimit{"email", email, MaxEmailLen}, fieldLimit{"email", form.Email, MaxEmailLen},
		fieldLimit{"firstName", form.FirstName, MaxNameLen}, fieldLimit{"lastName", form.LastName, MaxNameLen},
		fieldLimit{"phone", form.Phone, MaxPhoneLen}, fieldLimit{"countryCode", form.CountryCode, MaxCountryCodeLen}) {
		return
	}
	valid := state.ValidEmail(email) && (form.Email == "" || state.SameEmail(form.Email, email))
	for _, v := range []string{form.FirstName, form.LastName, form.Phone} {
		valid = valid && (login || strings.TrimSpace(v) != "")
	}
	if !valid {
		writeProblem(w, http.StatusBadRequest, contract.DetailValidationFailed)
		return
	}
	code, err := sixDigits()
	if err != nil {
		writeProblem(w, http.StatusInternalServerError, "The code could not be sent.")
		return
	}
	client, now := s.clientIP(r), s.now()
	if wait := s.codeSends.blocked(client, now); wait > 0 {
		writeTooMany(w, wait, waitIn(contract.DetailSendLimitNetwork, wait))
		return
	}
	toAddress := lockKey(state.FoldEmail(email), client)
	if wait := s.addressSends.blocked(toAddress, now); wait > 0 {
		writeTooMany(w, wait, waitIn(contract.DetailSendLimitAddress, wait))
		return
	}
	s.update(func(tx *state.Tx) (reply, error) {
		u := tx.UserByEmail(email)
		if login && u == nil {
			return problemReply(http.StatusNotFound, contract.DetailUserNotFound), nil
		}
		if u == nil {
			u = &state.User{ID: newGUID(), Email: email, Created: now}
			if err := tx.AddUser(u); errors.Is(err, state.ErrFull) {
				return problemReply(http.StatusServiceUnavailable, "The sandbox holds too many accounts; restart it without --state."), nil
			}
		}
		s.codeSends.add(client, now)
		s.addressSends.add(toAddress, now)
		if !login && !u.Verified {
			// Until the address is verified the signup form may be sent again with corrections.
			u.FirstName, u.LastName = strings.TrimSpace(form.FirstName), strings.TrimSpace(form.LastName)
			u.CountryCode, u.Phone = strings.TrimSpace(form.CountryCode), strings.TrimSpace(form.Phone)
		}
		// A new code replaces (and so invalidates) the previous one, with a fresh budget.
		u.Code, u.CodeExpires, u.Failed = code, now.Add(s.opts.CodeLifetime), 0
		if lang := mailLang(r.Header.Get("Accept-Language")); lang != "" {
			u.Lang = lang
		}
		tx.MarkUser(u)
		subject, text := codeMail.format(u.Lang, []any{s.opts.Brand}, []any{s.opts.Brand, code, minutesText(u.Lang, s.opts.CodeLifetime)})
		tx.SendMail(&state.Mail{To: u.Email, Subject: subject, Text: text, Code: code, From: client})
		s.log.Info("sandbox e-mail code sent", "user", u.ID, "mailbox", MailboxPath) // never the code itself
		return jsonReply(http.StatusOK, wire.OtpSentAnswer{Status: http.StatusOK, Data: wire.OtpSent{UserID: u.ID}}), nil
	})(w)
}

// POST users/otp/email/{userId}: checks the captcha and the code; answers the one-time
// login password that the password grant then accepts.
func (s *identityService) verifyCode(w http.ResponseWriter, r *http.Request, _ call) {
	var body wire.OtpVerifyRequest
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if tooLong(w, fieldLimit{"idempotencyId", body.IdempotencyID, maxIDLen}, fieldLimit{"otp", body.Otp, MaxOTPLen},
		fieldLimit{"username", string(body.Username), MaxEmailLen}, fieldLimit{"userId", body.UserID, maxIDLen},
		fieldLimit{"captchaToken", body.CaptchaToken, MaxCaptchaLen}) {
		return
	}
	if !s.opts.CaptchaValid(body.CaptchaToken) {
		writeProblem(w, http.StatusBadRequest, contract.DetailInvalidCaptcha)
		return
	}
	userID := r.PathValue("userId")
	if body.UserID != "" && body.UserID != userID {
		writeProblem(w, http.StatusBadRequest, "The user id of the body does not match the path.")
		return
	}
	client, now := s.clientIP(r), s.now()
	if wait := s.verifyFails.blocked(client, now); wait > 0 {
		writeTooMany(w, wait, waitIn(contract.DetailVerifyLimit, wait))
		return
	}
	if s.locks.locked(userID, client, now) {
		writeProblem(w, http.StatusBadRequest, contract.DetailAccountLocked)
		return
	}
	otp, err := randomToken(24)
	if err != nil {
		writeProblem(w, http.StatusInternalServerError, "Verification failed.")
		return
	}
	code := strings.TrimSpace(body.Otp)
	s.update(func(tx *state.Tx) (reply, error) {
		u := tx.User(userID)
		if u == nil {
			s.verifyFails.add(client, now) // guessing user ids counts as a wrong attempt
			return problemReply(http.StatusBadRequest, contract.DetailUserNotFound), nil
		}
		if body.IdempotencyID != "" && u.VerifyIdem == body.IdempotencyID && u.OTP != "" && now.Before(u.OTPExpires) &&
			code != "" && equalSecret(code, u.VerifyCode) {
			// A retry of a verification that succeeded (its answer was lost), with the same
			// code: the same answer. Any other code is checked like a new attempt.
			return jsonReply(http.StatusOK, wire.OtpVerifyAnswer{Data: wire.OtpCredentials{Username: u.Email, OneTimeLoginPassword: u.OTP}}), nil
		}
		if u.Code == "" || now.After(u.CodeExpires) || !equalSecret(code, u.Code) {
			s.verifyFails.add(client, now)
			if s.locks.fail(userID, client, now) {
				s.log.Info("sandbox account locked for one client", "user", u.ID)
			}
			if u.Failed++; u.Failed >= s.codeGuesses() {
				u.Code, u.Failed = "", 0 // void: the owner asks for a fresh code
			}
			tx.MarkUser(u)
			return problemReply(http.StatusBadRequest, contract.DetailInvalidOtp), nil
		}
		s.locks.clear(userID, client)
		u.Code, u.Failed, u.Verified = "", 0, true
		u.OTP, u.OTPExpires = otp, now.Add(5*time.Minute)
		u.VerifyIdem, u.VerifyCode = body.IdempotencyID, code
		tx.MarkUser(u)
		return jsonReply(http.StatusOK, wire.OtpVerifyAnswer{Data: wire.OtpCredentials{Username: u.Email, OneTimeLoginPassword: otp}}), nil
	})(w)
}

// lockouts is the spec's lock, kept per account and client: MaxFailedAttempts wrong codes
// from one client lock that client out of that account for LockDuration. In memory: a
// restart forgets the locks, as it forgets the other per-client limits.
type lockouts struct {
	mu     sync.Mutex
	limit  int
	period time.Duration
	keys   map[string]*lockout
}

type lockout struct {
	fails int
	until time.Time
}

func newLockouts(limit int, period time.Duration) *lockouts {
	return &lockouts{limit: limit, period: period, keys: map[string]*lockout{}}
}

func lockKey(userID, client string) string { return userID + "\x00" + client }

// locked reports whether client is locked out of userID's account at now.
func (l *lockouts) locked(userID, client string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := l.keys[lockKey(userID, client)]
	return k != nil && now.Before(k.until)
}

// fail counts a wrong code of client on userID's account; it reports whether that locked it.
func (l *lockouts) fail(userID, client string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	key := lockKey(userID, client)
	k := l.keys[key]
	if k == nil {
		if len(l.keys) >= maxLimiterClients {
			l.forgetOneLocked(now)
		}
		k = &lockout{}
		l.keys[key] = k
	}
	if k.fails++; k.fails >= l.limit {
		k.fails, k.until = 0, now.Add(l.period)
		return true
	}
	return false
}

// clear forgets client's wrong codes on userID's account (it got in).
func (l *lockouts) clear(userID, client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.keys, lockKey(userID, client))
}

// forgetOneLocked makes room: an entry that locks nobody now, else the lock that ends first.
func (l *lockouts) forgetOneLocked(now time.Time) {
	first := ""
	for key, k := range l.keys {
		if !now.Before(k.until) {
			delete(l.keys, key)
			return
		}
		if first == "" || k.until.Before(l.keys[first].until) {
			first = key
		}
	}
	delete(l.keys, first)
}

// waitIn fills the {wait} of a contract detail with the wait in words.
func waitIn(detail string, wait time.Duration) string {
	return strings.ReplaceAll(detail, "{wait}", humanWait(wait))
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
