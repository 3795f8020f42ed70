package sandbox

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

// The access tokens are HS256 JWTs signed with the state's key; the refresh tokens are
// random strings kept in the state (state.Grant).

type tokenClaims struct {
	Email     string `json:"email"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	IsGuest   bool   `json:"is_guest"`
	Role      string `json:"role"`
	Epoch     int    `json:"sbx_epoch"`
	jwt.RegisteredClaims
}

// tokenIssuer is the iss claim of the sandbox's access tokens.
const tokenIssuer = "cedarsim-sandbox"

// guestNamespace derives the guest's stable subject id from its username.
var guestNamespace = uuid.MustParse("0b5f6c1e-8d2a-4f3b-9c7e-1a2b3c4d5e6f")

func (p *provider) guest() authInfo {
	return authInfo{Sub: uuid.NewSHA1(guestNamespace, []byte(p.opts.GuestUsername)).String(), Email: p.opts.GuestUsername, Guest: true}
}

func randomToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func equalSecret(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// issue signs an access token for a and stores a new refresh token.
func (p *provider) issue(tx *state.Tx, a authInfo) (wire.TokenAnswer, error) {
	now := tx.Now()
	c := tokenClaims{
		Email: a.Email, FirstName: a.FirstName, LastName: a.LastName, IsGuest: a.Guest, Role: a.role(), Epoch: tx.Epoch(),
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   a.Sub,
			Issuer:    tokenIssuer,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(p.opts.AccessTokenLifetime)),
			ID:        uuid.NewString(),
		},
	}
	access, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(tx.SigningKey())
	if err != nil {
		return wire.TokenAnswer{}, fmt.Errorf("sign access token: %w", err)
	}
	refresh, err := randomToken(32)
	if err != nil {
		return wire.TokenAnswer{}, err
	}
	userID := ""
	if !a.Guest {
		userID = a.Sub
	}
	tx.AddGrant(refresh, &state.Grant{UserID: userID, Guest: a.Guest, Expires: now.Add(p.opts.RefreshTokenLifetime)})
	return wire.TokenAnswer{AccessToken: access, RefreshToken: refresh, TokenType: "Bearer",
		ExpiresIn: int(p.opts.AccessTokenLifetime / time.Second)}, nil
}

// verifyAccess checks an access token: signature, expiry and the sandbox's token epoch.
func (p *provider) verifyAccess(tok string) (authInfo, error) {
	var key []byte
	var epoch int
	p.st.View(func(tx *state.Tx) { key, epoch = tx.SigningKey(), tx.Epoch() })
	var c tokenClaims
	_, err := jwt.ParseWithClaims(tok, &c, func(*jwt.Token) (any, error) { return key, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithTimeFunc(p.now), jwt.WithExpirationRequired())
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
