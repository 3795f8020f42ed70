package format

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// toFixed renders x with exactly digits decimals the way JavaScript's
// Number.prototype.toFixed does: it rounds the exact binary value of x and breaks exact
// ties away from zero. Go's %.2f breaks ties to even (0.125 -> "0.12" where the web app
// shows "0.13"), so the shared vectors would disagree without this.
func toFixed(x float64, digits int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1e21 {
		// toFixed itself falls back to ToString there; no display value is that large.
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	r := new(big.Rat).SetFloat64(math.Abs(x)) // exact: every finite float64 is a rational
	s := roundHalfUp(r, digits)
	if x < 0 {
		s = "-" + s
	}
	return s
}

// ratio renders num/den (den > 0) with digits decimals, rounding half away from zero on
// the exact decimal value. Integer arithmetic avoids float artefacts such as
// 1005/1000 = 1.00499999... that would show 1005 MB as "1 GB" instead of "1.01 GB".
func ratio(num, den int64, digits int) string {
	neg := (num < 0) != (den < 0)
	r := new(big.Rat).SetFrac(new(big.Int).Abs(big.NewInt(num)), new(big.Int).Abs(big.NewInt(den)))
	s := roundHalfUp(r, digits)
	if neg && strings.Trim(s, "0.") != "" {
		s = "-" + s
	}
	return s
}

// roundHalfUp formats a non-negative rational with digits decimals, ties rounded up.
func roundHalfUp(r *big.Rat, digits int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	v := new(big.Rat).Mul(r, new(big.Rat).SetInt(scale))
	v.Add(v, big.NewRat(1, 2))
	n := new(big.Int).Quo(v.Num(), v.Denom()) // floor, as both are positive

	s := n.String()
	if digits == 0 {
		return s
	}
	if len(s) <= digits {
		s = strings.Repeat("0", digits-len(s)+1) + s
	}
	return s[:len(s)-digits] + "." + s[len(s)-digits:]
}

// trimZeros drops trailing fractional zeros and a bare decimal point: "1.50" -> "1.5",
// "50.00" -> "50".
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
