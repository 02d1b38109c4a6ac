package raw

import (
	"math/rand"
	"strings"
	"testing"
)

// splitLess is scan's order as first written: the paths split into
// components and compared one by one.
func splitLess(a, b string) bool {
	x, y := strings.Split(a, "/"), strings.Split(b, "/")
	for k := 0; k < len(x) && k < len(y); k++ {
		if x[k] == y[k] {
			continue
		}
		xFile, yFile := k == len(x)-1, k == len(y)-1
		if xFile != yFile {
			return xFile
		}
		return x[k] < y[k]
	}
	return len(x) < len(y)
}

// The sort keys order paths exactly as comparing their components does,
// on paths mixing the bytes around '/'.
func TestSortKeyMatchesComponentOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alpha := []byte{0, ' ', '-', '.', '/', '/', '0', 'A', 'B', '_', 0x7F, 0xC3, 0xFF}
	path := func() string {
		b := make([]byte, 1+rng.Intn(7))
		for i := range b {
			b[i] = alpha[rng.Intn(len(alpha))]
		}
		return string(b)
	}
	for i := 0; i < 200000; i++ {
		a, b := path(), path()
		ka, kb := string(appendSortKey(nil, a)), string(appendSortKey(nil, b))
		if got, want := ka < kb, splitLess(a, b); got != want {
			t.Fatalf("%q < %q: key says %v, components %v", a, b, got, want)
		}
		if (ka == kb) != (a == b) {
			t.Fatalf("%q, %q: equal keys %v", a, b, ka == kb)
		}
	}
}

func TestUpperPath(t *testing.T) {
	for _, p := range []string{"", "MEDIA/X.DAT", `media\units\x.dat`, "Média/ß/x", `a\b/c`, "\xff\\a", "ǅ"} {
		if got, want := upperPath(p), strings.ToUpper(strings.ReplaceAll(p, `\`, "/")); got != want {
			t.Errorf("upperPath(%q) = %q, want %q", p, got, want)
		}
	}
}
