package messages

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cedarsim/esim/sdk"
)

// Context is the situation an error happened in: the same server answer reads
// differently in different places (a 400 is "Unexpected error" after a code check but
// "Email not found." when sending a login code).
type Context int

const (
	OTPSendSignup Context = iota + 1 // sending the code from the checkout signup form
	OTPSendLogin                     // sending the code from the login page
	OTPVerify                        // checking the code
	PurchaseCheck                    // the purchase pre-check (can-purchase)
	Payment                          // the rest of "Proceed to Pay": order, details, checkout link
	TopupCheck                       // the external eSIM check of a top-up
	TopupSelect                      // topup_bundle_selected
	Topup                            // the whole top-up button (sdk Client.TopupSelect)
	Contact                          // the contact form
)

// lastContext bounds the loop of Contexts; keep it equal to the last constant above.
const lastContext = Contact

// Contexts lists every context, in declaration order.
func Contexts() []Context {
	out := make([]Context, 0, int(lastContext))
	for c := OTPSendSignup; c <= lastContext; c++ {
		out = append(out, c)
	}
	return out
}

// String is the context's name in the shared vector file.
func (c Context) String() string {
	switch c {
	case OTPSendSignup:
		return "otpSendSignup"
	case OTPSendLogin:
		return "otpSendLogin"
	case OTPVerify:
		return "otpVerify"
	case PurchaseCheck:
		return "purchaseCheck"
	case Payment:
		return "payment"
	case TopupCheck:
		return "topupCheck"
	case TopupSelect:
		return "topupSelect"
	case Topup:
		return "topup"
	case Contact:
		return "contact"
	}
	return fmt.Sprintf("Context(%d)", int(c))
}

// Support is the support contact put into the texts that name it.
type Support struct{ Phone, Email string }

// Message is what the user sees: a text, optional hints below it, and a link target for
// the last hint ("New user? ..." links to /plans).
type Message struct {
	Text  string   `json:"text"`
	Hints []string `json:"hints"`
	Link  string   `json:"link"`
}

// For returns the section 8 message for err in ctx. A nil error gives the success text
// where the spec has one (the contact form) and an empty Message otherwise. Server texts
// (detail, refusal reason) pass through Clean. Input errors of the SDK
// (*sdk.ValidationError) are shown by callers next to the field; here they count as
// "any other failure", except an unknown contact topic.
func For(ctx Context, err error, s Support) Message {
	if err == nil {
		if ctx == Contact {
			return text(ContactSent)
		}
		return Message{Hints: []string{}}
	}
	apiErr, isAPI := asAPIError(err)
	if isAPI && apiErr.Status == http.StatusTooManyRequests {
		// A rate limit says when to come back, whatever the situation.
		return text(strings.ReplaceAll(TooManyRequests, "{wait}", WaitText(apiErr.RetryAfter)))
	}
	switch ctx {
	case OTPSendSignup:
		if isAPI {
			if d := Clean(apiErr.Detail); d != "" {
				return text(d)
			}
		}
		return text(Unexpected)

	case OTPSendLogin:
		if !isAPI {
			return text(Unexpected)
		}
		if apiErr.Status != http.StatusBadRequest {
			if d := Clean(apiErr.Detail); d != "" {
				return text(d)
			}
		}
		return Message{Text: EmailNotFound, Hints: []string{HintCheckSpelling, HintNewUser}, Link: NewUserLink}

	case OTPVerify:
		// The order of the spec's rows matters: a captcha or code failure is also a Bad
		// Request, and only the rest of the Bad Requests are "Unexpected error".
		switch {
		case sdk.IsConflict(err):
			return text(Conflict)
		case sdk.IsInvalidCaptcha(err):
			return text(InvalidCaptcha)
		case sdk.IsInvalidOTP(err):
			return text(InvalidOTPRetry)
		case sdk.IsAccountLocked(err):
			return text(AccountLocked)
		case sdk.IsBadRequest(err):
			return text(Unexpected)
		}
		return text(InvalidOTP)

	case PurchaseCheck, Payment:
		var refused *sdk.PurchaseRefusedError
		if errors.As(err, &refused) {
			if r := Clean(refused.Reason); r != "" {
				return text(r)
			}
		}
		return text(withSupport(PaymentFailed, s))

	case TopupCheck:
		if errors.Is(err, sdk.ErrInvalidPlan) {
			return text(InvalidPlan)
		}
		return text(SomethingWentWrong)

	case TopupSelect:
		switch {
		case errors.Is(err, sdk.ErrInvalidPlan):
			return text(InvalidPlan)
		case isAPI:
			return text(withSupport(TopupSelectFailed, s))
		}
		return text(SomethingWentWrong)

	case Topup:
		// The combined flow makes two calls; only a refusal of topup_bundle_selected is
		// "status other than 200", a failing eSIM check is a thrown error.
		switch {
		case errors.Is(err, sdk.ErrInvalidPlan):
			return text(InvalidPlan)
		case isAPI && strings.Contains(apiErr.URL, "catalog/topup_bundle_selected/"):
			return text(withSupport(TopupSelectFailed, s))
		}
		return text(SomethingWentWrong)

	case Contact:
		var v *sdk.ValidationError
		if errors.As(err, &v) && v.Field == "department" {
			return text(InvalidTopic)
		}
		return text(ContactFailed)
	}
	return text(Unexpected)
}

// WaitText says how long a wait is, in the words of the rate limit message: "a few
// minutes" when unknown (zero), else whole seconds under a minute, whole minutes (rounded
// up) under an hour, whole hours (rounded up) beyond.
func WaitText(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %ss", n, unit)
	}
	ceil := func(unit time.Duration) int64 { return int64((d + unit - 1) / unit) }
	switch {
	case d <= 0:
		return "a few minutes"
	case d < time.Minute:
		return plural(ceil(time.Second), "second")
	case d < time.Hour:
		return plural(ceil(time.Minute), "minute")
	}
	return plural(ceil(time.Hour), "hour")
}

func text(t string) Message { return Message{Text: t, Hints: []string{}} }

func asAPIError(err error) (*sdk.APIError, bool) {
	var e *sdk.APIError
	ok := errors.As(err, &e)
	return e, ok
}

func withSupport(tmpl string, s Support) string {
	return strings.NewReplacer("{phone}", s.Phone, "{email}", s.Email).Replace(tmpl)
}

// MaxServerText is how many characters (code points) of a server text are shown.
const MaxServerText = 500

// Clean makes a server-supplied text safe to show in a terminal or a page: invalid UTF-8
// becomes U+FFFD, tabs and line breaks become spaces, other control characters and the
// bidirectional controls (which can reorder what a reader sees) are removed, the result
// is trimmed, and anything past MaxServerText characters is cut and ends with "…".
func Clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r < 0x20 || (r >= 0x7F && r <= 0x9F):
		case r == '\u200E' || r == '\u200F' || (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069'):
		default:
			b.WriteRune(r)
		}
	}
	out := strings.TrimFunc(b.String(), isJSSpace)
	if utf8.RuneCountInString(out) > MaxServerText {
		out = string([]rune(out)[:MaxServerText]) + "…"
	}
	return out
}

// isJSSpace is the set String.prototype.trim removes, so both sides trim alike.
func isJSSpace(r rune) bool {
	return r == '\uFEFF' || (r != '\u0085' && unicode.IsSpace(r))
}
