package mppbake

import (
	"context"
	"testing"
)

// BenchmarkBakeGenerated: a generated level of 50×50 tiles of 8 units
// (about 1000×1000 cells) with about 3,500 pieces (floors, rotated NOPATH
// posts, raised slabs), on every core.
func BenchmarkBakeGenerated(b *testing.B) {
	ps := genTiles(50, 8, 3)
	r, err := Bake(context.Background(), ps, Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d pieces, %d triangles, grid %d×%d", len(ps), r.Triangles, r.Grid.Width, r.Grid.Height)
	b.ReportMetric(float64(len(ps)), "pieces")
	b.ReportMetric(float64(r.Grid.Width*r.Grid.Height), "cells")
	b.ResetTimer()
	for b.Loop() {
		if _, err := Bake(context.Background(), ps, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
