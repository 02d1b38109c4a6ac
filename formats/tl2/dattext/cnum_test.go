package dattext

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"testing"
)

func TestCInt(t *testing.T) {
	cases := []struct {
		in   string
		bits int
		v    int64
		n    int
		sat  bool
	}{
		// The two shapes from the mod that led to this rule (issue 11).
		{"339886767DIE31069", 64, 339886767, 9, false},
		{"-8DIE5862694407086", 64, -8, 2, false},
		{"339886767DIE31069", 32, 339886767, 9, false},
		{"-8DIE5862694407086", 32, -8, 2, false},
		{"12", 32, 12, 2, false},
		{"  \t+7x", 32, 7, 5, false},
		{"-0", 32, 0, 2, false},
		{"abc", 32, 0, 0, false},
		{"", 64, 0, 0, false},
		{"-", 64, 0, 0, false},
		{"+-3", 64, 0, 0, false},
		{"- 3", 64, 0, 0, false},
		{"1.9", 32, 1, 1, false},
		{"1e5", 32, 1, 1, false},
		{"0x1F", 32, 0, 1, false},
		{"2147483647", 32, math.MaxInt32, 10, false},
		{"2147483648", 32, math.MaxInt32, 10, true},
		{"-2147483648", 32, math.MinInt32, 11, false},
		{"-2147483649", 32, math.MinInt32, 11, true},
		{"99999999999999999999999zz", 32, math.MaxInt32, 23, true},
		{"9223372036854775807", 64, math.MaxInt64, 19, false},
		{"9223372036854775808", 64, math.MaxInt64, 19, true},
		{"-9223372036854775808", 64, math.MinInt64, 20, false},
		{"-9223372036854775809", 64, math.MinInt64, 20, true},
		{"18446744073709551615", 64, math.MaxInt64, 20, true},
		{"00000000000000000000042", 32, 42, 23, false},
	}
	for _, c := range cases {
		v, n, sat := CInt(c.in, c.bits)
		if v != c.v || n != c.n || sat != c.sat {
			t.Errorf("CInt(%q, %d) = %d, %d, %v; want %d, %d, %v", c.in, c.bits, v, n, sat, c.v, c.n, c.sat)
		}
	}
}

func TestCUint(t *testing.T) {
	cases := []struct {
		in   string
		bits int
		v    uint64
		n    int
		sat  bool
	}{
		{"-1", 32, math.MaxUint32, 2, false},
		{"-1x", 32, math.MaxUint32, 2, false},
		{"-8DIE5862694407086", 64, math.MaxUint64 - 7, 2, false},
		{"4294967295", 32, math.MaxUint32, 10, false},
		{"4294967296", 32, math.MaxUint32, 10, true},
		{"-4294967296", 32, math.MaxUint32, 11, true},
		{"-4294967295", 32, 1, 11, false},
		{"18446744073709551615", 64, math.MaxUint64, 20, false},
		{"18446744073709551616", 64, math.MaxUint64, 20, true},
		{"7 days", 32, 7, 1, false},
		{"none", 32, 0, 0, false},
	}
	for _, c := range cases {
		v, n, sat := CUint(c.in, c.bits)
		if v != c.v || n != c.n || sat != c.sat {
			t.Errorf("CUint(%q, %d) = %d, %d, %v; want %d, %d, %v", c.in, c.bits, v, n, sat, c.v, c.n, c.sat)
		}
	}
}

func TestCFloat(t *testing.T) {
	cases := []struct {
		in string
		f  float64
		n  int
	}{
		{"1.5f", 1.5, 3},
		{"-.5", -0.5, 3},
		{"+3.", 3, 3},
		{".", 0, 0},
		{"-", 0, 0},
		{"e5", 0, 0},
		{"1e", 1, 1},
		{"1e+", 1, 1},
		{"1e+2x", 100, 4},
		{"2E-1", 0.2, 4},
		{" 7.25 m", 7.25, 5},
		{"0x10", 0, 1},
		{"1,5", 1, 1},
		{"1e999", math.Inf(1), 5},
		{"-1e999", math.Inf(-1), 6},
		{"1e-999", 0, 6},
		{"inf", 0, 0},
		{"nan", 0, 0},
		{"339886767DIE31069", 339886767, 9},
	}
	for _, c := range cases {
		f, n := CFloat(c.in)
		if f != c.f || n != c.n {
			t.Errorf("CFloat(%q) = %v, %d; want %v, %d", c.in, f, n, c.f, c.n)
		}
	}
}

// refInt is an independent model of strtol / strtoul: a regular expression
// for the prefix and math/big for the value.
var refIntRE = regexp.MustCompile(`^[ \t\n\v\f\r]*([+-]?)([0-9]+)`)

func refInt(s string, bits int, unsigned bool) (big.Int, int, bool) {
	m := refIntRE.FindStringSubmatchIndex(s)
	if m == nil {
		return big.Int{}, 0, false
	}
	var mag big.Int
	mag.SetString(s[m[4]:m[5]], 10)
	neg := m[3] > m[2] && s[m[2]] == '-'
	one := big.NewInt(1)
	var v big.Int
	if unsigned {
		max := new(big.Int).Sub(new(big.Int).Lsh(one, uint(bits)), one)
		if mag.Cmp(max) > 0 {
			return *max, m[1], true
		}
		v.Set(&mag)
		if neg {
			v.Neg(&v)
			v.And(&v, max) // two's complement modulo 2^bits
		}
		return v, m[1], false
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(one, uint(bits-1)), one)
	min := new(big.Int).Neg(new(big.Int).Lsh(one, uint(bits-1)))
	v.Set(&mag)
	if neg {
		v.Neg(&v)
	}
	if v.Cmp(max) > 0 {
		return *max, m[1], true
	}
	if v.Cmp(min) < 0 {
		return *min, m[1], true
	}
	return v, m[1], false
}

var refFloatRE = regexp.MustCompile(`^[ \t\n\v\f\r]*([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)`)

func FuzzCNumbers(f *testing.F) {
	for _, s := range []string{"339886767DIE31069", "-8DIE5862694407086", "1.5f", "-1", "99999999999999999999", " +.5e-3x", "", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, bits := range []int{32, 64} {
			v, n, sat := CInt(s, bits)
			rv, rn, rsat := refInt(s, bits, false)
			if !rv.IsInt64() || v != rv.Int64() || n != rn || sat != rsat {
				t.Fatalf("CInt(%q, %d) = %d, %d, %v; the model says %s, %d, %v", s, bits, v, n, sat, rv.String(), rn, rsat)
			}
			u, n, sat := CUint(s, bits)
			ru, rn, rsat := refInt(s, bits, true)
			if !ru.IsUint64() || u != ru.Uint64() || n != rn || sat != rsat {
				t.Fatalf("CUint(%q, %d) = %d, %d, %v; the model says %s, %d, %v", s, bits, u, n, sat, ru.String(), rn, rsat)
			}
		}
		fv, fn := CFloat(s)
		m := refFloatRE.FindStringSubmatchIndex(s)
		if m == nil {
			if fv != 0 || fn != 0 {
				t.Fatalf("CFloat(%q) = %v, %d; the model reads no number", s, fv, fn)
			}
			return
		}
		want, err := strconv.ParseFloat(s[m[2]:m[3]], 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
				t.Fatalf("model prefix %q: %v", s[m[2]:m[3]], err)
			}
		}
		if fn != m[1] || math.Float64bits(fv) != math.Float64bits(want) {
			t.Fatalf("CFloat(%q) = %v, %d; the model says %v, %d", s, fv, fn, want, m[1])
		}
	})
}
