package mppbake

import (
	"testing"

	"packsmith/formats/tl2/mpp"
)

// The height gate sits at |y| = 80 exactly: a floor just inside it is
// walkable, one just past it is wall, above and below the ground alike.
// (TestHighestHitWins probes only y 90, which a limit anywhere in 80..89
// would pass.)
func TestHeightLimitEdges(t *testing.T) {
	r := bake(t, piece(shape(
		quad(0, 0, 4, 4, 79.5, false),
		quad(8, 0, 12, 4, 80.5, false),
		quad(0, 8, 4, 12, -79.5, false),
		quad(8, 8, 12, 12, -80.5, false),
	), Identity))
	for _, c := range []struct {
		x, z float64
		want mpp.Class
		what string
	}{
		{2, 2, mpp.Walkable, "floor at y 79.5"},
		{10, 2, mpp.Wall, "floor at y 80.5"},
		{2, 10, mpp.Walkable, "floor at y -79.5"},
		{10, 10, mpp.Wall, "floor at y -80.5"},
	} {
		if got := at(r, c.x, c.z); got != c.want {
			t.Errorf("%s: %v, want %v (limit %v)", c.what, got, c.want, HeightLimit)
		}
	}
}
