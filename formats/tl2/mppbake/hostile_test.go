package mppbake

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"packsmith/formats/tl2/mpp"
)

// overlapping is n large triangles stacked over a span×span square at
// 50 heights (issue 22: 330 of them, a 16 KB mesh, baked for 43 s).
func overlapping(n int, span float32) []Piece {
	r := rand.New(rand.NewPCG(22, uint64(n)))
	var tris []Triangle
	for i := range n {
		y := float32(i%50) * 0.5
		j := func() float32 { return (r.Float32() - 0.5) * span * 0.1 }
		tris = append(tris, Triangle{A: [3]float32{-span + j(), y, -span + j()}, B: [3]float32{span + j(), y, -span + j()}, C: [3]float32{j(), y + 1, span + j()}})
	}
	return []Piece{piece(shape(tris), Identity)}
}

// A grid of large stacked triangles stops at the test cap with
// ErrTooMuchWork, in well under the minutes it took, and the cap counts
// the same tests whatever the number of workers.
func TestOverlappingTrianglesBounded(t *testing.T) {
	t0 := time.Now()
	_, err := Bake(context.Background(), overlapping(330, 400), Options{})
	if !errors.Is(err, ErrTooMuchWork) {
		t.Fatalf("err %v, want ErrTooMuchWork", err)
	}
	t.Logf("refused after %v: %v", time.Since(t0), err)
	if !strings.Contains(err.Error(), "330 triangles") || !strings.Contains(err.Error(), "50000000 tests") {
		t.Errorf("error %q lacks the triangle count or the cap", err)
	}
}

// Below the cap the tests are counted exactly, the same for 1 and 4
// workers: the cap's decision depends on the input alone.
func TestTestCountDeterministic(t *testing.T) {
	ps := overlapping(40, 20)
	var got []int64
	for _, w := range []int{1, 4} {
		r, err := Bake(context.Background(), ps, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r.Tests)
	}
	if got[0] != got[1] || got[0] == 0 {
		t.Fatalf("tests %v", got)
	}
	_, err := Bake(context.Background(), ps, Options{Workers: 3, MaxTests: got[0] - 1})
	if !errors.Is(err, ErrTooMuchWork) {
		t.Fatalf("cap one below the %d tests: %v", got[0], err)
	}
	if _, err := Bake(context.Background(), ps, Options{Workers: 3, MaxTests: got[0]}); err != nil {
		t.Fatalf("cap at the %d tests: %v", got[0], err)
	}
}

// A piece placed at 1e30 made w×h overflow and makeslice panic; it is a
// refusal naming the region.
func TestHugePlacementRefused(t *testing.T) {
	s := shape(quad(-8, -8, 8, 8, 0, false))
	for _, m := range []Matrix{translate(1e30, 0, 0), translate(0, 0, -1e30), translate(3e9, 0, 3e9)} {
		_, err := Bake(context.Background(), []Piece{piece(s, Identity), piece(s, m)}, Options{})
		if err == nil || !strings.Contains(err.Error(), "cells") {
			t.Errorf("%v: err %v", m[0][3], err)
		}
	}
}

// MaxBytes refuses the grid before it is allocated.
func TestBakeMemoryBudget(t *testing.T) {
	s := shape(quad(-500, -500, 500, 500, 0, false))
	r, err := Bake(context.Background(), []Piece{piece(s, Identity)}, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	cells := int64(r.Grid.Width) * int64(r.Grid.Height)
	_, err = Bake(context.Background(), []Piece{piece(s, Identity)}, Options{MaxBytes: cells})
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), fmt.Sprintf("%d×%d grid", r.Grid.Width, r.Grid.Height)) {
		t.Fatalf("err %v", err)
	}
}

// Cancel stops a bake mid-row within a fraction of a second.
func TestCancelPrompt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var at time.Time
	done := make(chan error)
	go func() {
		_, err := Bake(ctx, overlapping(330, 400), Options{MaxTests: 1 << 40, Progress: func(d, total int) {
			if d >= 32 && at.IsZero() {
				at = time.Now()
				cancel()
			}
		}})
		done <- err
	}()
	err := <-done
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if d := time.Since(at); d > 500*time.Millisecond {
		t.Errorf("stopped %v after the cancel", d)
	}
}

// Two triangles hit at the same height: the one placed first decides, as
// when buckets listed triangles by index (they are now listed highest
// first, and a tie goes to the lower index).
func TestTieGoesToFirstPlaced(t *testing.T) {
	floor := shape(quad(-4, -4, 4, 4, 0, false))
	slab := shape(quad(-4, -4, 4, 4, 0, true))
	if c := at(bake(t, piece(slab, Identity), piece(floor, Identity)), 0.05, 0.05); c != mpp.Wall {
		t.Errorf("NOPATH first: %v, want wall", c)
	}
	if c := at(bake(t, piece(floor, Identity), piece(slab, Identity)), 0.05, 0.05); c != mpp.Walkable {
		t.Errorf("floor first: %v, want walkable", c)
	}
}
