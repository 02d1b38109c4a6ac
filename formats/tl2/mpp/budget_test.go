package mpp

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestAnalyseMaxBytes(t *testing.T) {
	g, _ := New(400, 400, Walkable)
	for y := 0; y < 400; y++ {
		for x := 0; x < 400; x++ {
			if (x+y)%2 == 1 {
				g.Set(x, y, Wall)
			}
		}
	}
	// 80,000 regions: about 33 MB of bookkeeping at the end, 64 MB as
	// AnalyseBytes counts it (the slices' growth included).
	_, err := Analyse(g, AnalyseOptions{MaxBytes: 8 << 20})
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "walkable regions") {
		t.Fatalf("err = %v", err)
	}
	a, err := Analyse(g, AnalyseOptions{MaxBytes: 128 << 20})
	if err != nil || len(a.Pockets) != 79999 {
		t.Fatalf("under the cap: %v", err)
	}
	// The cells alone over the cap: refused before the buffers.
	if _, err := Analyse(g, AnalyseOptions{MaxBytes: 1 << 20}); !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "400×400") {
		t.Fatalf("err = %v", err)
	}
}

func TestNonFinite(t *testing.T) {
	g, _ := New(2, 2, Walkable)
	if _, _, _, bad := g.NonFinite(); bad {
		t.Fatal("a new grid is not finite")
	}
	g.ExtentZ = float32(math.Inf(-1))
	if f, off, _, bad := g.NonFinite(); !bad || f != "extentZ" || off != 20 {
		t.Fatalf("NonFinite = %s %d %v", f, off, bad)
	}
	g.OriginX = float32(math.NaN())
	if f, off, _, bad := g.NonFinite(); !bad || f != "originX" || off != 8 {
		t.Fatalf("NonFinite = %s %d %v", f, off, bad)
	}
}
