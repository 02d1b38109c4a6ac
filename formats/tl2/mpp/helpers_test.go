package mpp

import (
	"os"
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
// void (ParseArt), so tests can draw the case they check.
func gridFromArt(t testing.TB, art string) *Grid {
	t.Helper()
	g, err := ParseArt(art)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
