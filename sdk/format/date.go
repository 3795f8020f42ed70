package format

import (
	"fmt"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // Asia/Beirut must resolve on machines without system zoneinfo
)

// DateLayout is the display form of dates: Beirut time, 12-hour, plain spaces.
const DateLayout = "Jan 2, 2006, 3:04 PM"

// beirut is loaded once; the embedded tzdata makes failure impossible in practice, and
// the fixed EET offset keeps dates readable should it happen anyway.
var beirut = sync.OnceValue(func() *time.Location {
	loc, err := time.LoadLocation("Asia/Beirut")
	if err != nil {
		return time.FixedZone("EET", 2*60*60)
	}
	return loc
})

// Beirut is the time zone every displayed date uses.
func Beirut() *time.Location { return beirut() }

// Missing reports a time that stands for "no date": the zero time, and anything in year 1
// or before (.NET servers send DateTime.MinValue, 0001-01-01T00:00:00, for none).
func Missing(t time.Time) bool {
	return t.IsZero() || t.UTC().Year() <= 1
}

// Date renders t in Beirut time ("Nov 22, 2026, 3:40 PM"); a missing time is "".
func Date(t time.Time) string {
	if Missing(t) {
		return ""
	}
	return t.In(beirut()).Format(DateLayout)
}

// ParseTime reads a server date-time: RFC 3339, or the same without an offset, which is
// taken as UTC (the web app must not let the browser read it as local time). Empty and
// "null" are the zero time without error.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "null" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	t, err := time.ParseInLocation("2006-01-02T15:04:05.999999999", s, time.UTC)
	if err != nil {
		return time.Time{}, fmt.Errorf("parse date-time %q: want RFC 3339: %w", s, err)
	}
	return t, nil
}
