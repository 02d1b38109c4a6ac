package bindat

import (
	"fmt"
	"math"
	"strings"

	"packsmith/formats/tl2/dattext"
)

// NumberFix is a numeric value that is not a number as a whole and was read
// the C way instead (see CNumber).
type NumberFix struct {
	Line  int
	Key   string
	Type  Type
	Text  string // the value as written
	Value string // what was packed, as canonical text
}

// Message describes the fix for a warning (the caller adds file:line).
func (f NumberFix) Message() string {
	return fmt.Sprintf("%s: <%s> value %q is not a number as a whole; packed as %s, the leading number read the C way (GUTS, a C++ program, reads it so; an inference from mods built with GUTS that load and play)",
		f.Key, f.Type, f.Text, f.Value)
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
