package sdk

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract"
)

// APIError is a non-2xx answer from one of the provider's services. Title and Detail come
// from an application/problem+json body when there is one; Body keeps the raw bytes
// (truncated to maxErrorBody) so that nothing the server said is lost.
type APIError struct {
	Method string
	URL    string // without query string, so no secret reaches a log
	Status int
	Title  string
	Detail string
	Body   []byte
	// RetryAfter is the answer's Retry-After header (seconds or an HTTP date) as a
	// duration; zero when absent. A 429 carries it: how long until the next try may pass.
	RetryAfter time.Duration
}

const maxErrorBody = 64 << 10

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %d", e.Method, e.URL, e.Status)
	if e.Title != "" {
		b.WriteString(" " + e.Title)
	}
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	return b.String()
}

// newAPIError builds an APIError from a raw body. It never fails: a body that is not JSON,
// or is truncated, leaves Title and Detail empty (or takes an OAuth "error" field).
func newAPIError(method, url string, status int, body []byte) *APIError {
	if len(body) > maxErrorBody {
		body = body[:maxErrorBody]
	}
	e := &APIError{Method: method, URL: url, Status: status, Body: body}
	var p struct {
		Title            string `json:"title"`
		Detail           string `json:"detail"`
		Error            string `json:"error"`
		ErrorDescription string `json:"error_description"`
		Message          string `json:"message"`
	}
	if json.Unmarshal(body, &p) == nil {
		e.Title, e.Detail = p.Title, p.Detail
		if e.Detail == "" {
			e.Detail = firstNonEmpty(p.ErrorDescription, p.Error, p.Message)
		}
	}
	return e
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

func asAPIError(err error) (*APIError, bool) {
	var e *APIError
	ok := errors.As(err, &e)
	return e, ok
}

// Predicates on errors returned by the client. They look through wrapping.

// IsStatus reports whether err is an APIError with the given HTTP status.
func IsStatus(err error, status int) bool {
	e, ok := asAPIError(err)
	return ok && e.Status == status
}

// IsNotFound reports a 404 answer.
func IsNotFound(err error) bool { return IsStatus(err, 404) }

// IsUnauthorized reports a 401 answer that survived re-authentication.
func IsUnauthorized(err error) bool { return IsStatus(err, 401) }

// IsForbidden reports a 403: the server's authorization model refused the call (a guest
// asking for customer data, a customer asking for another's).
func IsForbidden(err error) bool { return IsStatus(err, 403) }

// IsTooManyRequests reports a 429 answer (a rate limit); RetryAfter says how long to wait.
func IsTooManyRequests(err error) bool { return IsStatus(err, http.StatusTooManyRequests) }

// RetryAfter returns how long the server asked the caller to wait before trying again
// (the Retry-After of the answer err carries) and whether it said so.
func RetryAfter(err error) (time.Duration, bool) {
	e, ok := asAPIError(err)
	if !ok || e.RetryAfter <= 0 {
		return 0, false
	}
	return e.RetryAfter, true
}

// IsConflict reports an answer whose title is Conflict (or status 409).
func IsConflict(err error) bool {
	e, ok := asAPIError(err)
	return ok && (strings.EqualFold(e.Title, "Conflict") || e.Status == 409)
}

// IsBadRequest reports an answer whose title is Bad Request (or status 400).
func IsBadRequest(err error) bool {
	e, ok := asAPIError(err)
	return ok && (strings.EqualFold(e.Title, "Bad Request") || e.Status == 400)
}

// IsInvalidCaptcha reports the captcha rejection of OTP verification.
func IsInvalidCaptcha(err error) bool {
	e, ok := asAPIError(err)
	return ok && IsBadRequest(err) && strings.EqualFold(strings.TrimSpace(e.Detail), contract.DetailInvalidCaptcha)
}

// IsInvalidOTP reports a wrong one-time code.
func IsInvalidOTP(err error) bool {
	e, ok := asAPIError(err)
	return ok && strings.EqualFold(strings.TrimSpace(e.Detail), contract.DetailInvalidOtp)
}

// IsAccountLocked reports the lock after multiple failed code attempts.
func IsAccountLocked(err error) bool {
	e, ok := asAPIError(err)
	if !ok {
		return false
	}
	d := strings.ToLower(e.Detail)
	return strings.Contains(d, "locked") && strings.Contains(d, "multiple failed attempts")
}

// ErrSessionExpired is returned when a 401 could not be recovered by re-authentication;
// the session has been cleared. The CLI tells the user to run `esim login`.
var ErrSessionExpired = errors.New("session expired: please log in again")

// ErrInvalidPlan is the eSIM check's answer that the plan cannot continue (top-up).
var ErrInvalidPlan = errors.New("invalid plan: the eSIM check says the plan cannot continue")

// ErrNoData is returned when a 2xx answer lacks the field the call exists for (for
// example an empty bundle list where one bundle was asked for).
var ErrNoData = errors.New("the answer carries no data")

// PurchaseRefusedError is the purchase pre-check's refusal; Reason is the server's text,
// shown to the customer as is.
type PurchaseRefusedError struct{ Reason string }

func (e *PurchaseRefusedError) Error() string {
	if e.Reason == "" {
		return "purchase refused"
	}
	return "purchase refused: " + e.Reason
}

// ValidationError is returned before any request when an input has the wrong form.
// Value is empty for secrets (codes, captcha tokens) so that it can be logged.
type ValidationError struct {
	Field  string
	Value  string
	Reason string
	Err    error // the underlying reason when there is one (e.g. an iccid sentinel)
}

func (e *ValidationError) Unwrap() error { return e.Err }

func (e *ValidationError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("invalid %s: %s", e.Field, e.Reason)
	}
	return fmt.Sprintf("invalid %s %q: %s", e.Field, e.Value, e.Reason)
}
