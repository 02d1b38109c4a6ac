package dattext

import (
	"math"
	"strconv"
)

// C-style numbers.
//
// GUTS is a C++ program and reads a numeric value with the C runtime's
// string-to-number functions (strtol, _strtoi64, strtoul, strtod or their
// wide twins): the longest leading number counts and the rest of the text
// is ignored, a value out of range saturates, and text without a leading
// number reads as 0. This is an INFERENCE, not a documented fact: a large
// released mod built with GUTS holds values such as
// "<INTEGER64>UNIQUE_GUID:339886767DIE31069", and the game loads and plays
// it, which a reader that refused them could not produce. The functions
// below model the Microsoft C runtime for base 10:
//
//	leading   C isspace blanks (space, \t \n \v \f \r) are skipped
//	sign      one optional '+' or '-'
//	digits    decimal digits; none at all: value 0, nothing consumed
//	strtol    (bits 32/64) out of range: the bound of the sign (LONG_MAX,
//	          LONG_MIN), as errno=ERANGE leaves it
//	strtoul   (bits 32/64) the magnitude saturates to the maximum; a '-'
//	          negates the (unsaturated) result modulo 2^bits
//	strtod    [+-] digits [. digits] [e|E [+-] digits]: the exponent only
//	          counts when it has a digit; overflow gives ±Inf (HUGE_VAL),
//	          underflow 0. No hex floats or inf/nan words (the 2010-era
//	          runtime GUTS shipped with has neither).

// cSkip returns where the number starts after C blanks and, when there is
// one, its sign.
func cSkip(s string) (i int, neg bool) {
	for i < len(s) && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')) {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	return i, neg
}

// cDigits reads decimal digits from s[i:] into a magnitude saturating at
// limit; it returns the magnitude, the index after the digits, whether any
// digit was read and whether the magnitude passed limit.
func cDigits(s string, i int, limit uint64) (mag uint64, end int, any, over bool) {
	for end = i; end < len(s) && s[end] >= '0' && s[end] <= '9'; end++ {
		any = true
		d := uint64(s[end] - '0')
		if over {
			continue
		}
		if mag > (limit-d)/10 {
			over, mag = true, limit
			continue
		}
		mag = mag*10 + d
	}
	return mag, end, any, over
}

// CInt reads s as strtol (bits 32) or _strtoi64 (bits 64) do in base 10.
// n is how many bytes of s make the number (0: none, the value is 0);
// saturated reports a value out of range, replaced by its bound.
func CInt(s string, bits int) (v int64, n int, saturated bool) {
	i, neg := cSkip(s)
	maxV := uint64(1)<<(bits-1) - 1
	limit := maxV
	if neg {
		limit = maxV + 1
	}
	mag, end, any, over := cDigits(s, i, limit)
	if !any {
		return 0, 0, false
	}
	if neg {
		return -int64(mag-1) - 1, end, over // mag may be 2^63
	}
	return int64(mag), end, over
}

// CUint reads s as strtoul (bits 32) or _strtoui64 (bits 64) do in base
// 10: a '-' negates the result modulo 2^bits; an out-of-range magnitude
// gives the maximum whatever the sign.
func CUint(s string, bits int) (v uint64, n int, saturated bool) {
	i, neg := cSkip(s)
	maxV := uint64(math.MaxUint64)
	if bits < 64 {
		maxV = uint64(1)<<bits - 1
	}
	mag, end, any, over := cDigits(s, i, maxV)
	if !any {
		return 0, 0, false
	}
	if over {
		return maxV, end, true
	}
	if neg {
		mag = -mag & maxV
	}
	return mag, end, false
}

// CFloat reads s as strtod does (see above). n is 0 when s has no leading
// number (the value is then 0).
func CFloat(s string) (f float64, n int) {
	i, _ := cSkip(s)
	start := i
	if start > 0 && (s[start-1] == '+' || s[start-1] == '-') {
		start--
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	digits := j - i
	if j < len(s) && s[j] == '.' {
		k := j + 1
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		digits += k - j - 1
		if digits > 0 {
			j = k
		}
	}
	if digits == 0 {
		return 0, 0
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			j = k
		}
	}
	// strconv reads exactly this grammar; a range error still gives ±Inf
	// or ±0, as HUGE_VAL and underflow do.
	f, _ = strconv.ParseFloat(s[start:j], 64)
	return f, j
}
