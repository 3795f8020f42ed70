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
// one caller's context, then retries each request once with its body rewound. If that
// fails, the store is cleared and every caller gets an error wrapping ErrSessionExpired.
// The code send and contact-us calls instead log in as guest and retry once on any error.
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
