// Package messages maps an error, in the situation where it happened, to the exact texts
// of spec section 8. The CLI and TUI use it; the web app implements the same table in
// TypeScript; contract/vectors/messages.json pins both (the "texts" map there holds every
// fixed text by the keys of Texts).
package messages

// The fixed texts of section 8, copied exactly from the spec (including the final period
// that the top-up text has and the payment text lacks).
const (
	EmailNotFound         = "Email not found."
	HintCheckSpelling     = "Please check your spelling"
	HintNewUser           = "New user? Buy your first eSIM to register"
	NewUserLink           = "/plans"
	Conflict              = "Conflict error, contact support!"
	InvalidCaptcha        = "Invalid Captcha"
	InvalidOTPRetry       = "Invalid OTP please try again"
	AccountLocked         = "Account is locked due to multiple failed attempts. Please try again later."
	Unexpected            = "Unexpected error"
	InvalidOTP            = "Invalid OTP"
	TopupSelectFailed     = "Unexpected error, please contact support {phone} or {email}."
	PaymentFailed         = "Unexpected error, please contact support {phone} or {email}"
	InvalidPlan           = "Invalid plan, please try selecting another one."
	SomethingWentWrong    = "Something went wrong. Please try again."
	ContactSent           = "Your message has been sent successfully"
	ContactFailed         = "Unexpected error, try again later!"
	InvalidTopic          = "Please select a valid topic."
	TopicPlaceholder      = "Topic - Please Select"
	NothingToShow         = "Nothing to show"
	PaymentSuccessTitle   = "Payment Success"
	PaymentFailedTitle    = "Payment Failed"
	PaymentUnsuccessful   = "Payment unsuccessful. We apologize for the inconvenience. Please try again later."
	SelectItem            = "Please select an item"
	ApplicationErrorTitle = "Unexpected Application Error!"
	// TooManyRequests is not in the spec: a 429 (too many code e-mails or code checks)
	// in any context. {wait} is filled by WaitText from the answer's Retry-After.
	TooManyRequests = "Too many attempts. Please wait {wait} and try again."
)

// Texts returns every fixed text by the key the shared vector file uses. A new map each
// call, so callers cannot change what others see.
func Texts() map[string]string {
	return map[string]string{
		"emailNotFound":         EmailNotFound,
		"hintCheckSpelling":     HintCheckSpelling,
		"hintNewUser":           HintNewUser,
		"conflict":              Conflict,
		"invalidCaptcha":        InvalidCaptcha,
		"invalidOtpRetry":       InvalidOTPRetry,
		"accountLocked":         AccountLocked,
		"unexpected":            Unexpected,
		"invalidOtp":            InvalidOTP,
		"topupSelectFailed":     TopupSelectFailed,
		"paymentFailed":         PaymentFailed,
		"invalidPlan":           InvalidPlan,
		"somethingWentWrong":    SomethingWentWrong,
		"contactSent":           ContactSent,
		"contactFailed":         ContactFailed,
		"invalidTopic":          InvalidTopic,
		"topicPlaceholder":      TopicPlaceholder,
		"nothingToShow":         NothingToShow,
		"paymentSuccessTitle":   PaymentSuccessTitle,
		"paymentFailedTitle":    PaymentFailedTitle,
		"paymentUnsuccessful":   PaymentUnsuccessful,
		"selectItem":            SelectItem,
		"applicationErrorTitle": ApplicationErrorTitle,
		"tooManyRequests":       TooManyRequests,
	}
}
