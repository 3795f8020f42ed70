// Package sdk is the Go client of the eSIM provider's API: one Client, one service per
// resource (Auth, Users, Catalog, Orders, Support, ESIMs, ESIMCheck, Logs), one typed
// method per call of the spec's section 7, and the composite operations Login, Checkout
// and TopupSelect.
//
// # Sessions
//
// A TokenStore keeps the session (token, refreshToken, isGuest, primaryProfileId):
// NewMemoryStore for a process, NewFileStore (0600, atomic writes) for the CLI. The bearer
// token goes on every request except those whose path contains connect/token,
// catalog/search_bundles or catalog/bundle. Public calls log in with the guest account
// first when there is no session; customer calls fail with ErrNotLoggedIn instead.
//
// On a 401 the client re-authenticates once for all concurrent callers that used the
// same token (refresh grant for a customer, guest login for a guest), detached from any
// one caller's context, then retries each request once with its body rewound. Only when
// the server rejects that grant (401, or 400 invalid_grant) is the store cleared and every
// caller given an error wrapping ErrSessionExpired; a 5xx, timeout or dropped connection
// keeps the session and returns that error. The code send and contact-us calls instead
// log in as guest and retry once on any error.
//
// # Retries
//
// Calls that are safe to repeat (every GET; orderdetails, code verification and
// contact-us, whose idempotency id the server honours) are sent again after a 502, 503,
// 504 or a dropped connection, and GETs after a 429 with Retry-After: at most three tries
// with jittered backoff, never shorter than Retry-After, never past the call's deadline
// (Options.Retry). Other POSTs are never repeated.
//
// # Errors
//
// Non-2xx answers are *APIError (status, problem+json title and detail, raw body) with
// predicates such as IsInvalidOTP, IsInvalidCaptcha, IsAccountLocked, IsConflict and
// IsNotFound. Inputs whose form the spec fixes (e-mail, ISO codes, ICCID, numeric code,
// bundle id) are checked before any request and give a *ValidationError. No error string
// carries a token, password, code or query string.
//
// # Example
//
//	c, err := sdk.NewClient(sdk.Options{
//		APIBase: "https://api.example/api/v1/", SupportBase: "https://support.example/esim-service/api/v1/",
//		ClientID: id, ClientSecret: secret, GuestUsername: guest, GuestPassword: guestPassword,
//		Store: sdk.NewFileStore(path),
//	})
//	sent, err := c.Users.SendLoginCode(ctx, "rana@example.com")
//	tok, err := c.Login(ctx, sent.UserID, code, captchaToken)
//	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: id, Email: tok.Claims.Email})
//	// send the customer to res.CheckoutURL
//
// Package sdk/record turns real traffic into redacted HAR fixtures.
package sdk
