package format

import (
	"testing"
	"unicode/utf8"
)

// FuzzServerValues feeds arbitrary server strings and numbers to the display rules: none
// may panic, and what reaches an image URL must stay within its alphabet.
func FuzzServerValues(f *testing.F) {
	f.Add("TR", "2026-11-22T13:40:00Z", int64(1005), int64(5_000_000_000), int64(2))
	f.Add("../x", "0001-01-01T00:00:00", int64(-1), int64(-7), int64(0))
	f.Add("Middle East", "2026-13-01T99:00:00+25:00", int64(1<<62), int64(-1<<62), int64(1<<62))
	f.Fuzz(func(t *testing.T, code, date string, a, b, c int64) {
		fl := FlagFor(code)
		switch fl.Kind {
		case FlagCountry:
			if !isAlpha2(fl.Code) || fl.Icon != "" {
				t.Fatalf("FlagFor(%q) = %+v", code, fl)
			}
		case FlagRegion:
			if fl.Icon == "" || fl.Code != "" {
				t.Fatalf("FlagFor(%q) = %+v", code, fl)
			}
		case FlagPlaceholder:
		default:
			t.Fatalf("FlagFor(%q) kind %q", code, fl.Kind)
		}
		if e := FlagEmoji(code); e != "" && utf8.RuneCountInString(e) != 2 {
			t.Fatalf("FlagEmoji(%q) = %q", code, e)
		}
		if tm, err := ParseTime(date); err == nil {
			_ = Date(tm) // must not panic on any date that parses
		}
		if p := ConsumptionPercent(a, b); p < 0 || p > 100 {
			t.Fatalf("ConsumptionPercent(%d, %d) = %v", a, b, p)
		}
		if u := Used(a, b); u < 0 || (a > 0 && u > a) {
			t.Fatalf("Used(%d, %d) = %d", a, b, u)
		}
		_ = Quota(a) + Validity(c) + BytesGB(b) + UsedMB(a, b) + Consumption(a, b, false)
	})
}
