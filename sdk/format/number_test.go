package format

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestToFixed(t *testing.T) {
	tests := []struct {
		x      float64
		digits int
		want   string
	}{
		{0.125, 2, "0.13"},
		{-0.125, 2, "-0.13"},
		{2.5, 0, "3"},
		{1.005, 2, "1.00"},
		{0, 2, "0.00"},
		{-0.001, 2, "-0.00"}, // as JavaScript: (-0.001).toFixed(2) === "-0.00"
		{123456.789, 1, "123456.8"},
		{math.NaN(), 2, "NaN"},
		{math.Inf(1), 2, "+Inf"},
	}
	for _, tt := range tests {
		if got := toFixed(tt.x, tt.digits); got != tt.want {
			t.Errorf("toFixed(%v, %d) = %q, want %q", tt.x, tt.digits, got, tt.want)
		}
	}
}

func TestRatio(t *testing.T) {
	tests := []struct {
		num, den int64
		digits   int
		want     string
	}{
		{1005, 1000, 2, "1.01"},
		{-1005, 1000, 2, "-1.01"},
		{-1, 1000, 2, "0.00"}, // no "-0.00"
		{5, 10, 0, "1"},
		{math.MaxInt64, 1, 0, "9223372036854775807"},
	}
	for _, tt := range tests {
		if got := ratio(tt.num, tt.den, tt.digits); got != tt.want {
			t.Errorf("ratio(%d, %d, %d) = %q, want %q", tt.num, tt.den, tt.digits, got, tt.want)
		}
	}
}

func TestPriceNonFinite(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := Price(&v); got != "NA" {
			t.Errorf("Price(%v) = %q, want NA", v, got)
		}
	}
}

func TestExtremeQuantities(t *testing.T) {
	// Hostile quantities must neither overflow nor leave [0, 100].
	tests := []struct {
		initial, remaining int64
		wantUsed           int64
	}{
		{math.MaxInt64, math.MinInt64, math.MaxInt64},
		{math.MaxInt64, math.MaxInt64, 0},
		{math.MinInt64, math.MaxInt64, 0},
	}
	for _, tt := range tests {
		if got := Used(tt.initial, tt.remaining); got != tt.wantUsed {
			t.Errorf("Used(%d, %d) = %d, want %d", tt.initial, tt.remaining, got, tt.wantUsed)
		}
		if p := ConsumptionPercent(tt.initial, tt.remaining); p < 0 || p > 100 {
			t.Errorf("ConsumptionPercent(%d, %d) = %v, outside [0, 100]", tt.initial, tt.remaining, p)
		}
	}
}

func TestBeirutIsTheRealZone(t *testing.T) {
	if got := Beirut().String(); got != "Asia/Beirut" {
		t.Fatalf("Beirut() = %q, want Asia/Beirut (the fixed fallback would lose DST)", got)
	}
}

func TestDateOfTimeValues(t *testing.T) {
	tests := []struct {
		name string
		in   time.Time
		want string
	}{
		{"zero", time.Time{}, ""},
		{"MinValue in another zone", time.Date(1, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 3600)), ""},
		{"summer", time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC), "Jul 1, 2026, 12:00 PM"},
	}
	for _, tt := range tests {
		if got := Date(tt.in); got != tt.want {
			t.Errorf("%s: Date = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestParseTimeErrorSaysWhat(t *testing.T) {
	_, err := ParseTime("yesterday")
	if err == nil || !strings.Contains(err.Error(), `"yesterday"`) {
		t.Fatalf("ParseTime error = %v, want it to quote the input", err)
	}
}
