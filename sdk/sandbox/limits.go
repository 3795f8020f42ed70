package sandbox

import (
	"fmt"
	"net/http"
	"unicode/utf8"

	"github.com/cedarsim/esim/contract"
)

// Field maxima (docs/contract.md, "Bounded input"; contract/constants.json group "limit").
// Lengths are in characters (Unicode code points) unless the name says bytes; a longer
// value is answered 400 problem+json naming the field and its maximum.
const (
	MaxEmailLen       = contract.LimitEmailMax        // RFC 5321 path limit
	MaxNameLen        = contract.LimitNameMax         // firstName, lastName
	MaxFullNameLen    = contract.LimitFullNameMax     // contact-us FullName
	MaxPhoneLen       = contract.LimitPhoneMax        // phone
	MaxCountryCodeLen = contract.LimitCountryCodeMax  // countryCode (dialling code or ISO code)
	MaxMessageLen     = contract.LimitMessageMax      // contact-us Message
	MaxDepartmentLen  = contract.LimitDepartmentMax   // contact-us Department, can-purchase comment
	MaxLogLineBytes   = contract.LimitLogLineBytesMax // one log push line
	MaxLogLabels      = contract.LimitLogLabelsMax    // labels of one stream
	MaxLogLabelLen    = contract.LimitLogLabelBytesMax
	MaxLogValues      = contract.LimitLogValuesMax // lines in one push
	MaxOTPLen         = contract.LimitOtpMax       // the e-mail code as typed
	MaxCaptchaLen     = contract.LimitCaptchaMax   // captcha token
	maxIDLen          = contract.LimitIDMax        // idempotency ids, user ids, order ids, bundle ids
	maxSecretLen      = contract.LimitSecretMax    // token request fields: passwords, refresh tokens, scope, client credential
)

// Maxima the sandbox adds for fields the contract leaves without one (characters).
const (
	maxAreaLen   = 100 // catalog/bundles/{area}
	maxAmountLen = 32  // orderdetails discountAmount, tax, quantity
)

// fieldLimit is one field checked against its maximum.
type fieldLimit struct {
	name  string
	value string
	max   int
}

// tooLong answers 400 for the first field over its maximum and reports whether it did.
func tooLong(w http.ResponseWriter, fields ...fieldLimit) bool {
	for _, f := range fields {
		if len(f.value) > f.max*utf8.UTFMax || utf8.RuneCountInString(f.value) > f.max {
			writeProblem(w, http.StatusBadRequest, fmt.Sprintf("%s is longer than %d characters.", f.name, f.max))
			return true
		}
	}
	return false
}
