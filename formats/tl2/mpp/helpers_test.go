package mpp

import (
	"os"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

const (
	fixtureReal = "cyber_mod/MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP"
	fixtureStub = "cyber_mod/MEDIA/LAYOUTS/CITY05/CITY05.MPP"
)

// readFixture reads a real grid in place, skipping when fixtures are absent.
func readFixture(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(testfixtures.File(t, "tl2", rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// gridFromArt builds a grid from rows of '.' walkable, '#' wall and '~'
// void, so tests can draw the case they check.
func gridFromArt(t testing.TB, art string) *Grid {
	t.Helper()
	rows := strings.Split(strings.Trim(art, "\n"), "\n")
	g, err := New(len(rows[0]), len(rows), Void)
	if err != nil {
		t.Fatal(err)
	}
	for y, r := range rows {
		if len(r) != g.Width {
			t.Fatalf("art row %d has %d cells, want %d", y, len(r), g.Width)
		}
		for x, ch := range r {
			switch ch {
			case '.':
				g.Set(x, y, Walkable)
			case '#':
				g.Set(x, y, Wall)
			case '~':
				g.Set(x, y, Void)
			default:
				t.Fatalf("art: unknown cell %q", ch)
			}
		}
	}
	return g
}
