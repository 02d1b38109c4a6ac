package mppbake

import (
	"context"
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
