package mpp

import (
	"context"
	"errors"
	"testing"
)

// countdownCtx is live for its first n looks at Err, then cancelled: it
// stops an analysis at each of its checks in turn.
type countdownCtx struct {
	context.Context
	n, looks int
}

func (c *countdownCtx) Err() error {
	c.looks++
	if c.looks > c.n {
		return context.Canceled
	}
	return nil
}

// An analysis of a large grid stops at its context (issue 44: a bake's
// SIGTERM waited 1.3 s for the pockets of a 25-million-cell grid): the
// region labelling, the flood of one region and the wall distances each
// look at it as they go, and every look can end the analysis.
func TestAnalyseCancel(t *testing.T) {
	const w, h = 1024, 1024
	g, err := New(w, h, Walkable)
	if err != nil {
		t.Fatal(err)
	}
	for y := range h { // a wall column: two regions, so the distances run
		g.Set(w/2, y, Wall)
	}
	live := &countdownCtx{Context: context.Background(), n: 1 << 30}
	if _, err := Analyse(g, AnalyseOptions{Context: live}); err != nil {
		t.Fatal(err)
	}
	// The labelling visits every cell, each region's flood every cell of
	// it, the distances every cell twice: about four looks per
	// cancelEvery cells (63 here; any one loop without its looks
	// leaves 50 or fewer).
	if min := 7 * 4 * w * h / cancelEvery / 8; live.looks < min {
		t.Fatalf("%d looks at the context for %d cells, want at least %d", live.looks, w*h, min)
	}
	for k := 0; k < live.looks; k += 5 {
		ctx := &countdownCtx{Context: context.Background(), n: k}
		if a, err := Analyse(g, AnalyseOptions{Context: ctx}); !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at look %d: %v, %v; want context.Canceled", k, a != nil, err)
		}
	}
}
