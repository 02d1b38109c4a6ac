package mppbake

import (
	"context"
	"errors"
	"testing"
)

// lookCounter counts the looks at its context.
type lookCounter struct {
	context.Context
	looks int
}

func (c *lookCounter) Err() error { c.looks++; return nil }

// Indexing triangles that each cover every bucket looks at the context by
// the buckets walked (issue 44: an 8,000-piece layout answered SIGTERM
// after up to 2.5 s; the index looked once per 256 triangles, and one
// triangle over a large grid is a million buckets).
func TestBucketsLookByWork(t *testing.T) {
	const n, side = 40, 500
	ctx := &lookCounter{Context: context.Background()}
	whole := func(int) (float64, float64, float64, float64) { return 0, 0, side, side }
	b, err := newBuckets(ctx, 0, 0, 1, side, side, n, nil, 1<<30, whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.idx) != n*side*side {
		t.Fatalf("%d entries, want %d", len(b.idx), n*side*side)
	}
	// Two passes over n·side² buckets: one look per cancelStep of them.
	if want := 2 * n * side * side / cancelStep; ctx.looks < want {
		t.Errorf("%d looks at the context for 2×%d buckets walked, want at least %d", ctx.looks, n*side*side, want)
	}
}

// The world triangles are allocated once at the size the budget was told
// (issue 44: grown by append they took up to three times it while copied,
// and a layout of 150 spread pieces of 7,938 triangles each peaked at
// 487 MB under --max-memory 512; 186 MB sized up front), and only no-path
// triangles are counted as walls.
func TestWorldTrianglesSizedUpFront(t *testing.T) {
	var floor, walls []Triangle
	for i := range 500 {
		x := float32(i)
		floor = append(floor, quad(x, 0, x+1, 1, 0, false)...)
		walls = append(walls, quad(x, 2, x+1, 3, 0, true)...)
	}
	pieces := []Piece{piece(shape(floor), Identity), piece(shape(floor), translate(0, 0, 5)), piece(shape(floor, walls), translate(0, 0, 10))}
	rays, ws, err := worldTriangles(context.Background(), pieces, Options{}, &gridPlan{}, &Result{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rays) != 4000 || cap(rays) != 4000 || len(ws) != 1000 || cap(ws) != 1000 {
		t.Errorf("rays %d (capacity %d), walls %d (capacity %d); want 4000 and 1000, each its own capacity", len(rays), cap(rays), len(ws), cap(ws))
	}
	need := 4000*sizeTri + 1000*sizeWall
	if _, _, err := worldTriangles(context.Background(), pieces, Options{MaxBytes: need - 1}, &gridPlan{}, &Result{}); !errors.Is(err, ErrBudget) {
		t.Errorf("one byte under the need: %v, want ErrBudget", err)
	}
	if _, _, err := worldTriangles(context.Background(), pieces, Options{MaxBytes: need}, &gridPlan{}, &Result{}); err != nil {
		t.Errorf("the need exactly: %v", err)
	}
}
