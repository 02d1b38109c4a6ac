package meshview

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
)

// A posed mesh whose triangles reach no pixel (a skeleton with NaN bones,
// an infinite translation, a translation of 1e38 that puts the mesh far
// out of the bind pose's frame) is an error: it was drawn as a blank
// picture, exit 0, "12 triangles".
func TestRenderNothingDrawnFails(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, c := range []struct {
		name string
		move func(v float32, axis int) float32
		want string
	}{
		{"NaN bones", func(v float32, _ int) float32 { return v * nan }, "12 of the 12 triangles have positions that are not finite"},
		{"infinite translation", func(v float32, axis int) float32 { return v + inf*float32(axis%2) }, "12 of the 12 triangles have positions that are not finite"},
		{"translation 1e38", func(v float32, _ int) float32 { return v + 1e38 }, "none of the 12 triangles covers a pixel"},
	} {
		posed := cube()
		g := *posed.Shared
		g.Positions = append([]float32(nil), g.Positions...)
		for i := range g.Positions {
			g.Positions[i] = c.move(g.Positions[i], i%3)
		}
		posed.Shared = &g
		img, err := RenderWith(context.Background(), posed, RenderOptions{Size: 256, Frame: cube()})
		if !errors.Is(err, ErrNothingDrawn) || !strings.Contains(err.Error(), c.want) || img != nil {
			t.Errorf("%s: err %v", c.name, err)
		}
		if _, err := Render(context.Background(), posed, 256); c.name == "NaN bones" && !errors.Is(err, ErrNothingDrawn) {
			t.Errorf("%s: Render: err %v", c.name, err)
		}
	}
	// The bind pose itself still draws.
	if _, err := RenderWith(context.Background(), cube(), RenderOptions{Size: 256}); err != nil {
		t.Fatal(err)
	}
}
