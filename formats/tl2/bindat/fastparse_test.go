package bindat

import (
	"math"
	"strconv"
	"testing"
)

// The fast number paths must agree with strconv wherever they answer.
func TestFastNumbersMatchStrconv(t *testing.T) {
	for _, s := range []string{"0", "-0", "+0", "1", "-1", "+7", "123456789", "-123456789", "1.", ".5", "-.5",
		"15.4862", "1.16667", "0.1", "-0.0", "999999999999999", "123456789.012345", "3.4028235", "0.30000000000000004", "1e5", "", "-", "+", "1.2.3", "1_0"} {
		if v, ok := smallInt(s); ok {
			w, err := strconv.ParseInt(s, 10, 64)
			if err != nil || w != v {
				t.Errorf("smallInt(%q) = %d, strconv %d %v", s, v, w, err)
			}
		}
		if f, ok := simpleFloat(s); ok {
			w, err := strconv.ParseFloat(s, 64)
			if err != nil || math.Float64bits(w) != math.Float64bits(f) {
				t.Errorf("simpleFloat(%q) = %v, strconv %v %v", s, f, w, err)
			}
		}
	}
}

func FuzzFastNumbers(f *testing.F) {
	f.Add("15.4862")
	f.Add("-12")
	f.Fuzz(func(t *testing.T, s string) {
		if v, ok := smallInt(s); ok {
			if w, err := strconv.ParseInt(s, 10, 64); err != nil || w != v {
				t.Fatalf("smallInt(%q) = %d, strconv %d %v", s, v, w, err)
			}
		}
		if f, ok := simpleFloat(s); ok {
			if w, err := strconv.ParseFloat(s, 64); err != nil || math.Float64bits(w) != math.Float64bits(f) {
				t.Fatalf("simpleFloat(%q) = %v, strconv %v %v", s, f, w, err)
			}
		}
	})
}
