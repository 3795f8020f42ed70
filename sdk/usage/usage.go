// Package usage holds the usage rules shared with the web shop (contract/vectors/usage.json):
// when a bundle warns that its data is nearly used or its plan nearly over.
package usage

import (
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
)

// ExpiresWithin is how close to its end a plan warns.
const ExpiresWithin = 24 * time.Hour

// Notice says why an Active bundle warns.
type Notice struct {
	LowData     bool // at least 80% of the quota used
	ExpiresSoon bool // ends within ExpiresWithin
}

// Any reports whether there is something to warn about.
func (n Notice) Any() bool { return n.LowData || n.ExpiresSoon }

// NoticeFor applies the rule to b at now: only an Active bundle warns; low data is
// used*5 >= initial*4 exactly (no rounding), for a bundle with a quota that is not unlimited.
func NoticeFor(b sdk.ESIMBundle, now time.Time) Notice {
	if b.BundleState != "Active" {
		return Notice{}
	}
	used := b.InitialQuantity - max(b.RemainingQuantity, 0)
	n := Notice{LowData: !b.Unlimited && b.InitialQuantity > 0 && used*5 >= b.InitialQuantity*4}
	if !format.Missing(b.EndTime) {
		left := b.EndTime.Sub(now)
		n.ExpiresSoon = left > 0 && left <= ExpiresWithin
	}
	return n
}
