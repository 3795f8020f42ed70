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

// Total caps on what the sandbox keeps of client-supplied text: when a new entry would pass
// the cap, the oldest entries go first.
const (
	maxMailBytes    = 8 << 20 // mailbox (subjects and texts)
	maxContactBytes = 4 << 20 // contact messages
	maxLogBytes     = 4 << 20 // pushed log lines
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

func mailBytes(m *Mail) int { return len(m.To) + len(m.Subject) + len(m.Text) + len(m.QRPNG) }

func contactBytes(c *contact) int {
	return len(c.FullName) + len(c.Email) + len(c.Message) + len(c.Department)
}

func logBytes(l LogLine) int {
	n := len(l.Message)
	for k, v := range l.Labels {
		n += len(k) + len(v)
	}
	return n
}

// trimOldest drops the oldest entries of list until at most maxN remain and their sizes sum
// to at most maxBytes; it returns the kept entries and their total size.
func trimOldest[T any](list []T, size func(T) int, maxN, maxBytes int) ([]T, int) {
	total := 0
	for _, v := range list {
		total += size(v)
	}
	drop := 0
	for drop < len(list) && (len(list)-drop > maxN || total > maxBytes) {
		total -= size(list[drop])
		drop++
	}
	if drop == 0 {
		return list, total
	}
	return append([]T(nil), list[drop:]...), total
}
