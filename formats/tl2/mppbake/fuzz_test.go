package mppbake

import (
	"bytes"
	"context"
	"testing"

	"packsmith/formats/tl2/mpp"
)

// FuzzBake: any triangle soup bakes without a panic, or fails with an
// error, and the grid does not depend on the number of workers. Each 10
// input bytes are a triangle (nine signed coordinates in quarter units
// and a NOPATH flag).
func FuzzBake(f *testing.F) {
	f.Add([]byte{0, 0, 0, 40, 0, 0, 40, 0, 40, 0})
	f.Add([]byte{0, 0, 0, 40, 0, 0, 40, 0, 40, 0, 20, 250, 0, 20, 250, 40, 20, 20, 40, 1})
	f.Add(bytes.Repeat([]byte{1, 2, 3, 200, 5, 6, 7, 100, 9, 1}, 4))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 400 {
			return
		}
		s := &Shape{Min: [3]float32{inf, inf, inf}, Max: [3]float32{-inf, -inf, -inf}}
		for i := 0; i+10 <= len(b); i += 10 {
			var v [9]float32
			for k := range v {
				v[k] = float32(int8(b[i+k])) / 4
			}
			tr := Triangle{A: [3]float32{v[0], v[1], v[2]}, B: [3]float32{v[3], v[4], v[5]}, C: [3]float32{v[6], v[7], v[8]}, NoPath: b[i+9]&1 != 0}
			s.Triangles = append(s.Triangles, tr)
			for _, p := range [][3]float32{tr.A, tr.B, tr.C} {
				for k := range 3 {
					s.Min[k], s.Max[k] = min(s.Min[k], p[k]), max(s.Max[k], p[k])
				}
			}
		}
		ps := []Piece{{Shape: s, World: Identity, Box: true, Solid: true}}
		r1, err1 := Bake(context.Background(), ps, Options{Workers: 1, MaxCells: 1 << 18})
		r3, err3 := Bake(context.Background(), ps, Options{Workers: 3, MaxCells: 1 << 18})
		if (err1 == nil) != (err3 == nil) {
			t.Fatalf("errors differ: %v / %v", err1, err3)
		}
		if err1 != nil {
			return
		}
		a, err := mpp.Encode(r1.Grid)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := mpp.Encode(r3.Grid)
		if !bytes.Equal(a, c) {
			t.Fatal("1 and 3 workers bake different grids")
		}
	})
}
