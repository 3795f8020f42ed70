package replayhost

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/cedarsim/esim/contract/har"
	sdkrecord "github.com/cedarsim/esim/sdk/record"
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

// A recording keeps a token's header and claims, not its signature (docs/qa.md,
// "Redaction"): the replayed client holds "eyJ….eyJ….REDACTED". In lenient mode its misses
// go to the emulator, which refuses such a token (401), and the client, logging in as the
// guest again, gets the same recorded token: nothing missed runs. So the emulator of a
// lenient replay signs with a key of this process, and a recorded token on its way to the
// emulator is signed again with it (claims as recorded, expiry moved ahead): the emulator
// sees the recorded identity. What it does not know (a customer only the recording has)
// it answers as it would any unknown account.

// A client the emulator logged in (a new account, a code the emulator mailed) holds the
// emulator's tokens. The recording knows nothing of that account: an order it recorded for
// another one would lead the client where the emulator has nothing (its order details, its
// payment). So such a client's requests go to the emulator whole, as do refreshes of the
// emulator's refresh tokens (a recorded refresh token is REDACTED).

// redactedSignature is what esim record leaves of a JWT's signature.
const redactedSignature = "." + sdkrecord.Redacted

// resignedLifetime is how long a re-signed token lasts: a replay session, even on a
// sandbox clock running --accelerate times faster.
const resignedLifetime = 365 * 24 * time.Hour

// LenientEmulator gives the emulator of a lenient replay a signing key (when the flags
// gave none) and returns it, for Deps.EmulatorKey.
func LenientEmulator(so *sb.Options) ([]byte, error) {
	if len(so.SigningKey) == 0 {
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("emulator signing key: %w", err)
		}
		so.SigningKey = key
	}
	return so.SigningKey, nil
}

// resign hands next each request with recorded tokens signed again with key.
func resign(next http.Handler, key []byte, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && strings.HasSuffix(tok, redactedSignature) {
			if signed, err := signRecorded(tok, key, now()); err == nil {
				r = r.Clone(r.Context())
				r.Header.Set("Authorization", "Bearer "+signed)
			}
		}
		next.ServeHTTP(w, r)
	})
}

// signRecorded signs a recorded token's claims with key, valid from now.
func signRecorded(tok string, key []byte, now time.Time) (string, error) {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return "", fmt.Errorf("not a JWT")
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", fmt.Errorf("claims: %w", err)
	}
	claims := jwt.MapClaims{}
	if err := json.Unmarshal(raw, &claims); err != nil {
		return "", fmt.Errorf("claims: %w", err)
	}
	claims["iat"] = now.Unix()
	claims["exp"] = now.Add(resignedLifetime).Unix()
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(key)
}

// emulatorSession reports a request of a client the emulator logged in: a bearer token
// the emulator signed (expired or not: the emulator says so itself), or a refresh of a
// refresh token that is not a recorded one.
func emulatorSession(key []byte) func(*http.Request) bool {
	return func(r *http.Request) bool {
		if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			if strings.HasSuffix(tok, redactedSignature) {
				return false
			}
			_, err := jwt.Parse(tok, func(*jwt.Token) (any, error) { return key, nil },
				jwt.WithValidMethods([]string{"HS256"}), jwt.WithoutClaimsValidation())
			return err == nil
		}
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/connect/token") {
			return false
		}
		body, err := har.PeekBody(r)
		if err != nil {
			return false
		}
		form, err := url.ParseQuery(string(body))
		return err == nil && form.Get("grant_type") == "refresh_token" && form.Get("refresh_token") != "" && form.Get("refresh_token") != sdkrecord.Redacted
	}
}
