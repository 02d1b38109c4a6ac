package bindat

import (
	"fmt"
	"math"
	"strings"

	"packsmith/formats/tl2/dattext"
)

// NumberFix is a numeric value that is not a number as a whole and was read
// the C way instead (see CNumber).
//
// Why says what was wrong when it was not that: WhyRange, WhyInfinite,
// WhyNaN or WhyUnderflow; "" is a value that is not a number as a whole.
type NumberFix struct {
	Line  int
	Key   string
	Type  Type
	Text  string // the value as written
	Value string // what was packed, as canonical text
	Why   string
}

// What a NumberFix can be besides text that is not a number as a whole.
const (
	WhyRange     = "out of range"      // a whole number past the type's bounds: saturated
	WhyInfinite  = "infinite"          // a FLOAT or DOUBLE that reads as ±Inf (1e400, 1.#INF)
	WhyNaN       = "not a number"      // NaN, 1.#QNAN
	WhyUnderflow = "too small to show" // a nonzero FLOAT or DOUBLE that reads as 0
	// WhyNegative: an UNSIGNED INT written negative (-1), packed as its
	// 32-bit two's complement (4294967295).
	WhyNegative = "negative, for a type that has no sign"
)

// shownMax is how much of a value a message repeats: a 100 KB value in a
// warning was printed whole (and again per pack).
const shownMax = 64

// shown is text for a message (dattext.Excerpt).
func shown(text string) string { return dattext.Excerpt(text, shownMax) }

// negative says whether an accepted UNSIGNED INT value was written with a
// minus sign (a nonzero one: -0 is 0).
func negative(text string) bool {
	s := strings.TrimSpace(text)
	return strings.HasPrefix(s, "-") && strings.Trim(s[1:], "0") != ""
}

// Message describes the fix for a warning (the caller adds file:line).
func (f NumberFix) Message() string {
	f.Text = shown(f.Text)
	switch f.Why {
	case "":
		return fmt.Sprintf("%s: <%s> value %q is not a number as a whole; packed as %s, the leading number read the C way (GUTS, a C++ program, reads it so; an inference from mods built with GUTS that load and play)",
			f.Key, f.Type, f.Text, f.Value)
	case WhyRange:
		return fmt.Sprintf("%s: <%s> value %q is out of range for the type; packed as %s, the bound the C runtime saturates it to (GUTS, a C++ program, reads it so; an inference from mods built with GUTS that load and play)",
			f.Key, f.Type, f.Text, f.Value)
	}
	return fmt.Sprintf("%s: <%s> value %q is %s; packed as %s", f.Key, f.Type, f.Text, f.Why, f.Value)
}

// cWhy says why text, which the strict reader refused, is a fix: WhyRange
// for a whole number past the bounds, "" for the rest.
func cWhy(t Type, text string) string {
	s := strings.TrimSpace(text)
	switch t {
	case Integer, Integer64:
		bits := 32
		if t == Integer64 {
			bits = 64
		}
		if _, n, sat := dattext.CInt(s, bits); sat && n == len(s) {
			return WhyRange
		}
	case UnsignedInt, Bool:
		if _, n, sat := dattext.CUint(s, 32); sat && n == len(s) {
			return WhyRange
		}
	}
	return ""
}

// floatWhy says what is special about a FLOAT or DOUBLE the strict reader
// read as bits: infinite, NaN, or a nonzero text that became 0. "" for an
// ordinary value (and for other types).
func floatWhy(t Type, bits uint64, text string) string {
	var inf, nan, zero bool
	switch t {
	case Float:
		b := uint32(bits)
		inf, nan, zero = b&0x7FFFFFFF == 0x7F800000, b&0x7F800000 == 0x7F800000 && b&0x7FFFFF != 0, b&0x7FFFFFFF == 0
	case Double:
		inf, nan, zero = bits&(1<<63-1) == 0x7FF0000000000000, bits&0x7FF0000000000000 == 0x7FF0000000000000 && bits&(1<<52-1) != 0, bits&(1<<63-1) == 0
	default:
		return ""
	}
	switch {
	case inf:
		return WhyInfinite
	case nan:
		return WhyNaN
	case zero:
		for i := 0; i < len(text); i++ {
			c := text[i]
			if c == 'e' || c == 'E' {
				break
			}
			if c >= '1' && c <= '9' {
				return WhyUnderflow
			}
		}
	}
	return ""
}

// CNumber reads a numeric value as GUTS does, with the C runtime: INTEGER
// as strtol (32-bit long), INTEGER64 as _strtoi64, UNSIGNED INT as strtoul,
// FLOAT as strtod narrowed to float, DOUBLE as strtod, BOOL as "true" /
// "false" (any case) or else strtoul. The leading number counts, the rest
// is ignored, out-of-range values saturate and text without a number is 0
// (dattext's C-number functions hold the rules).
//
// That GUTS reads values this way is an INFERENCE from a released mod built
// with GUTS that holds values such as "339886767DIE31069" and plays: the
// game's own reader is not documented. Compile uses CNumber only for text
// the strict reader refuses, so every value that is a number as a whole
// packs as before. ok is false for a type that is not numeric.
func CNumber(t Type, text string) (bits uint64, ok bool) {
	s := strings.TrimSpace(text)
	switch t {
	case Integer:
		v, _, _ := dattext.CInt(s, 32)
		return uint64(uint32(int32(v))), true
	case Integer64:
		v, _, _ := dattext.CInt(s, 64)
		return uint64(v), true
	case UnsignedInt:
		v, _, _ := dattext.CUint(s, 32)
		return v, true
	case Bool:
		switch {
		case strings.EqualFold(s, "true"):
			return 1, true
		case strings.EqualFold(s, "false"):
			return 0, true
		}
		v, _, _ := dattext.CUint(s, 32)
		return v, true
	case Float:
		f, _ := dattext.CFloat(s)
		return uint64(math.Float32bits(float32(f))), true
	case Double:
		f, _ := dattext.CFloat(s)
		return math.Float64bits(f), true
	}
	return 0, false
}
