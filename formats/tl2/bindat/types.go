package bindat

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is the BINDAT format version Torchlight II writes (TL1 wrote 1).
const Version = 2

// EmptyString is the string id of an empty STRING/TRANSLATE/NOTE value; it
// has no table entry.
const EmptyString = 0xFFFFFFFF

// Type is a property type code.
type Type uint32

// Property types. Values are 4 bytes except DOUBLE and INTEGER64 (8 bytes).
const (
	Integer     Type = 1 // i32
	Float       Type = 2 // f32
	Double      Type = 3 // f64
	UnsignedInt Type = 4 // u32
	String      Type = 5 // u32 string id
	Bool        Type = 6 // u32 0/1
	Integer64   Type = 7 // i64
	Translate   Type = 8 // u32 string id, text meant for translation
	Note        Type = 9 // u32 string id (TL2Lib; not seen from GUTS)
)

var typeNames = [...]string{
	Integer: "INTEGER", Float: "FLOAT", Double: "DOUBLE", UnsignedInt: "UNSIGNED INT",
	String: "STRING", Bool: "BOOL", Integer64: "INTEGER64", Translate: "TRANSLATE", Note: "NOTE",
}

// String returns the text name, e.g. "UNSIGNED INT".
func (t Type) String() string {
	if t >= 1 && int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", uint32(t))
}

// ParseType maps a text type name to its code. Upper case is canonical;
// other case is accepted because the type is not hashed.
func ParseType(s string) (Type, bool) {
	if t := canonicalType(s); t != 0 {
		return t, true
	}
	for t := Integer; t <= Note; t++ {
		if strings.EqualFold(s, typeNames[t]) {
			return t, true
		}
	}
	return 0, false
}

// canonicalType maps a type name in GUTS's upper case to its code, or
// gives 0. Switching on the length first leaves at most two comparisons
// with a constant, cheaper than a switch on the whole string.
func canonicalType(s string) Type {
	switch len(s) {
	case 4:
		if s == "BOOL" {
			return Bool
		}
		if s == "NOTE" {
			return Note
		}
	case 5:
		if s == "FLOAT" {
			return Float
		}
	case 6:
		if s == "STRING" {
			return String
		}
		if s == "DOUBLE" {
			return Double
		}
	case 7:
		if s == "INTEGER" {
			return Integer
		}
	case 9:
		if s == "TRANSLATE" {
			return Translate
		}
		if s == "INTEGER64" {
			return Integer64
		}
	case 12:
		if s == "UNSIGNED INT" {
			return UnsignedInt
		}
	}
	return 0
}

// valueSize is the byte size of a value of type t, or 0 if t is unknown.
func valueSize(t Type) int {
	switch t {
	case Double, Integer64:
		return 8
	case Integer, Float, UnsignedInt, String, Bool, Translate, Note:
		return 4
	}
	return 0
}

func isStringType(t Type) bool { return t == String || t == Translate || t == Note }

// parseNumber turns the text of a numeric value into its raw little-endian
// bits (4 or 8 bytes used). Leading and trailing blanks are ignored.
func parseNumber(t Type, text string) (uint64, error) {
	s := text
	if s == "" || s[0]-0x21 >= 0x5F || s[len(s)-1]-0x21 >= 0x5F {
		// Only then can there be something to trim: TrimSpace's spaces
		// are at most ' ' in ASCII and non-ASCII otherwise.
		s = strings.TrimSpace(text)
	}
	switch t {
	case Integer:
		if v, ok := smallInt(s); ok {
			return uint64(uint32(int32(v))), nil
		}
		v, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return 0, fmt.Errorf("INTEGER value %q is not a 32-bit integer", shown(text))
		}
		return uint64(uint32(int32(v))), nil
	case UnsignedInt:
		if v, ok := smallInt(s); ok {
			return uint64(uint32(int32(v))), nil // -1 for 0xFFFFFFFF, as below
		}
		if v, err := strconv.ParseUint(s, 10, 32); err == nil {
			return v, nil
		}
		// GUTS text sometimes holds -1 for 0xFFFFFFFF.
		if v, err := strconv.ParseInt(s, 10, 32); err == nil {
			return uint64(uint32(int32(v))), nil
		}
		return 0, fmt.Errorf("UNSIGNED INT value %q is not a 32-bit integer", shown(text))
	case Integer64:
		if v, ok := smallInt(s); ok {
			return uint64(v), nil
		}
		// A value over 9223372036854775807 is out of range, not an unsigned
		// one: _strtoi64 saturates it, and reading it as uint64 wrapped
		// 18446744073709551615 to -1 without a word (issue 30). The C-way
		// reader takes it from here, with a warning.
		if v, err := strconv.ParseInt(s, 10, 64); err == nil {
			return uint64(v), nil
		}
		return 0, fmt.Errorf("INTEGER64 value %q is not a 64-bit integer", shown(text))
	case Bool:
		switch {
		case strings.EqualFold(s, "true"):
			return 1, nil
		case strings.EqualFold(s, "false"):
			return 0, nil
		}
		if v, err := strconv.ParseUint(s, 10, 32); err == nil {
			return v, nil
		}
		return 0, fmt.Errorf("BOOL value %q is not true, false or a number", shown(text))
	case Float:
		if f, ok := simpleFloat(s); ok {
			return uint64(float32bits(float32(f))), nil
		}
		f, err := parseFloat(s)
		if err != nil {
			return 0, fmt.Errorf("FLOAT value %q is not a number", shown(text))
		}
		// Through float64 first, as GUTS (wcstod then a cast) and the
		// reference encoder do: the double rounding decides the last bit.
		return uint64(float32bits(float32(f))), nil
	case Double:
		if f, ok := simpleFloat(s); ok {
			return float64bits(f), nil
		}
		f, err := parseFloat(s)
		if err != nil {
			return 0, fmt.Errorf("DOUBLE value %q is not a number", shown(text))
		}
		return float64bits(f), nil
	}
	return 0, fmt.Errorf("type %v is not numeric", t)
}

// smallInt reads an optionally signed decimal of 1 to 9 digits, the usual
// value, without strconv; anything else is left to strconv.
func smallInt(s string) (int64, bool) {
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 9 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, false
		}
		v = v*10 + int64(d)
	}
	if neg {
		v = -v
	}
	return v, true
}

// pow10 holds the powers of ten float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// simpleFloat reads [+-]digits[.digits] with at most 15 digits in all,
// the usual value. The digits as an integer and the power of ten are both
// exact in float64, so one correctly rounded division gives the correctly
// rounded value, the same as strconv.ParseFloat. Anything else is left to
// parseFloat.
func simpleFloat(s string) (float64, bool) {
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var mant uint64
	digits, frac, dot := 0, 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			mant = mant*10 + uint64(c-'0')
			digits++
			if dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 || digits > 15 {
		return 0, false
	}
	f := float64(mant) / pow10[frac]
	if neg {
		f = -f
	}
	return f, true
}

// parseFloat reads a decimal float, including the 1.#INF / 1.#QNAN forms
// the Microsoft C runtime prints.
func parseFloat(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err == nil {
		return f, nil
	}
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		return f, nil // ±Inf or 0, as the C runtime gives
	}
	switch strings.ToUpper(s) {
	case "1.#INF", "+1.#INF":
		return posInf, nil
	case "-1.#INF":
		return negInf, nil
	case "1.#QNAN", "-1.#QNAN", "1.#IND", "-1.#IND", "1.#SNAN", "-1.#SNAN":
		return nan, nil
	}
	return 0, err
}

// formatValue renders raw value bits as canonical text.
func formatValue(t Type, bits uint64) string {
	switch t {
	case Integer:
		return strconv.FormatInt(int64(int32(uint32(bits))), 10)
	case UnsignedInt:
		return strconv.FormatUint(bits&0xFFFFFFFF, 10)
	case Integer64:
		return strconv.FormatInt(int64(bits), 10)
	case Bool:
		switch uint32(bits) {
		case 0:
			return "false"
		case 1:
			return "true"
		}
		return strconv.FormatUint(bits&0xFFFFFFFF, 10)
	case Float:
		return FormatFloat32(float32frombits(uint32(bits)))
	case Double:
		return FormatFloat64(float64frombits(bits))
	}
	return ""
}

// FormatFloat32 returns the shortest decimal text that compiles back to the
// same float32 bits (parsed as float64, then rounded to float32). Plain
// notation is used unless the exponent is extreme.
func FormatFloat32(f float32) string {
	s := formatShort(float64(f), 32)
	if pf, err := parseFloat(s); err != nil || float32bits(float32(pf)) != float32bits(f) {
		// Double rounding can in rare cases pick the neighbour of the
		// shortest float32 text; the exact float64 text never can.
		s = formatShort(float64(f), 64)
	}
	return s
}

// FormatFloat64 returns the shortest decimal text for f.
func FormatFloat64(f float64) string { return formatShort(f, 64) }

func formatShort(f float64, bitSize int) string {
	if a := abs(f); a != 0 && (a < 1e-5 || a >= 1e21) {
		return strconv.FormatFloat(f, 'g', -1, bitSize)
	}
	return strconv.FormatFloat(f, 'f', -1, bitSize)
}
