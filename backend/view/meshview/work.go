package meshview

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// MaxWork caps the pixel (or cell) tests one drawing makes, a row of a
// triangle counting rowCost: a real mesh at the largest size or a real
// level makes a few million, and 2^27 is about half a second of drawing. A mesh of thousands of triangles stacked
// over the whole picture, or a layout placing thousands of large pieces,
// meets it and is refused with ErrTooMuchWork instead of drawing for
// minutes.
const MaxWork = 1 << 27

// rowCost is what starting a row of a triangle counts, in pixel tests:
// finding its span costs about as much as testing four pixels.
const rowCost = 4

// ErrTooMuchWork is wrapped by the refusal of a drawing over its work cap.
var ErrTooMuchWork = errors.New("too much drawing work")

// workCheck is how many tests a drawing makes between looks at its
// context: about a millisecond.
const workCheck = 1 << 16

// work counts a drawing's tests against its cap and looks at the context
// every workCheck of them. Its first error sticks: the drawing loops stop
// at it.
type work struct {
	ctx        context.Context
	done, max  int64
	sinceCheck int64
	err        error
	what       string // what is drawn, for the cap's message: "512×512 picture"
	triangles  int    // triangles drawn so far, for the message
}

// maxWork is MaxWork, lowered by tests.
var maxWork int64 = MaxWork

func newWork(ctx context.Context, what string) *work {
	return &work{ctx: ctx, max: maxWork, what: what}
}

// add counts n tests; false means stop (the context ended or the cap is
// passed: w.err says which).
func (w *work) add(n int) bool {
	if w.err != nil {
		return false
	}
	w.done += int64(n)
	if w.done > w.max {
		w.err = fmt.Errorf("%w: the %s needs more than %d pixel tests, the drawing's cap (real meshes and levels take a few million); stopped after %d triangles: are many large triangles stacked over each other?",
			ErrTooMuchWork, w.what, w.max, w.triangles)
		return false
	}
	w.sinceCheck += int64(n)
	if w.sinceCheck >= workCheck {
		w.sinceCheck = 0
		if err := w.ctx.Err(); err != nil {
			w.err = err
			return false
		}
	}
	return true
}

// span returns the range [lo, hi] of p where the three edge functions
// k[i]·p + m[i] all have the sign s (zero included), widened by one on
// each side so that rounding never loses a pixel the exact test would take;
// ok is false when the range is empty. The caller still tests each pixel
// exactly: span only spares it the pixels of the bounding box far outside.
func span(k, m [3]float64, s float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(-1), math.Inf(1)
	for i := range 3 {
		a, b := s*k[i], s*m[i]
		switch {
		case a > 0:
			lo = max(lo, -b/a)
		case a < 0:
			hi = min(hi, -b/a)
		case b < 0:
			return 0, 0, false
		}
	}
	if lo > hi+2 || math.IsNaN(lo) || math.IsNaN(hi) {
		return 0, 0, false
	}
	return lo - 1, hi + 1, true
}

// clampRange narrows [i0, i1] to the numbers i whose position off + i·scale
// lies in [lo, hi]; an empty range comes back with i0 > i1.
func clampRange(lo, hi, off, scale float64, i0, i1 int) (int, int) {
	a, b := (lo-off)/scale, (hi-off)/scale
	if a > float64(i1) || b < float64(i0) {
		return i0, i0 - 1
	}
	if a > float64(i0) {
		i0 = int(math.Floor(a))
	}
	if b < float64(i1) {
		i1 = int(math.Ceil(b))
	}
	return i0, i1
}
