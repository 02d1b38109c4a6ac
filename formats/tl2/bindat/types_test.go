package bindat

import "testing"

// canonicalType must know exactly the upper-case names.
func TestCanonicalType(t *testing.T) {
	for want := Integer; want <= Note; want++ {
		if got := canonicalType(want.String()); got != want {
			t.Errorf("canonicalType(%q) = %v", want.String(), got)
		}
	}
	for _, s := range []string{"", "bool", "Note", "FLOAT ", "STRINg", "INTEGER6", "UNSIGNED_INT", "TRANSLATE\x00"} {
		if got := canonicalType(s); got != 0 {
			t.Errorf("canonicalType(%q) = %v, want 0", s, got)
		}
	}
}
