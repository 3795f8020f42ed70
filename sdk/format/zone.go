package format

import "time"

// DateZoneLayout is DateLayout followed by the zone abbreviation of Beirut time.
const DateZoneLayout = DateLayout + " MST"

// DateZone renders t like Date with the zone shown ("Nov 22, 2026, 3:40 PM EET", EEST in
// summer): what the CLI and the TUI print, where the reader's own zone may differ. A
// missing time is "".
func DateZone(t time.Time) string {
	if Missing(t) {
		return ""
	}
	return t.In(beirut()).Format(DateZoneLayout)
}

// InBeirut returns t in Beirut time (for machine-readable output that keeps the offset);
// a missing time stays the zero time.
func InBeirut(t time.Time) time.Time {
	if Missing(t) {
		return time.Time{}
	}
	return t.In(beirut())
}
