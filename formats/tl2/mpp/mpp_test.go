package mpp

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"
)

func TestFixturesRoundTrip(t *testing.T) {
	for _, rel := range []string{fixtureReal, fixtureStub} {
		t.Run(rel, func(t *testing.T) {
			b := readFixture(t, rel)
			g, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			out, err := Encode(g)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, b) {
				t.Fatalf("Encode(Decode(x)) differs from x (%d vs %d bytes)", len(out), len(b))
			}
		})
	}
}

// directCount counts cell values in the raw file, independent of Decode.
func directCount(b []byte) (w, h int, n map[byte]int) {
	w = int(binary.LittleEndian.Uint32(b[0:]))
	h = int(binary.LittleEndian.Uint32(b[4:]))
	n = map[byte]int{}
	for _, v := range b[24:] {
		n[v]++
	}
	return w, h, n
}

func TestFixtureStats(t *testing.T) {
	b := readFixture(t, fixtureReal)
	g, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	w, h, n := directCount(b)
	st := g.Stats()
	if st.Width != w || st.Height != h || st.Cells != len(b)-24 {
		t.Fatalf("size %d×%d (%d cells), want %d×%d (%d)", st.Width, st.Height, st.Cells, w, h, len(b)-24)
	}
	if st.Walkable.Count != n[0x00] || st.Wall.Count != n[0x01] || st.Void.Count != n[0xFF] {
		t.Fatalf("counts walkable/wall/void %d/%d/%d, direct count %d/%d/%d",
			st.Walkable.Count, st.Wall.Count, st.Void.Count, n[0x00], n[0x01], n[0xFF])
	}
	if len(n) > 3 || st.Walkable.Count+st.Wall.Count+st.Void.Count != st.Cells {
		t.Fatalf("classes do not cover every cell: %v", n)
	}
	wantPct := 100 * float64(n[0]) / float64(len(b)-24)
	if math.Abs(st.Walkable.Percent-wantPct) > 1e-9 {
		t.Fatalf("walkable %% = %v, want %v", st.Walkable.Percent, wantPct)
	}
	if sum := st.Walkable.Percent + st.Wall.Percent + st.Void.Percent; math.Abs(sum-100) > 1e-9 {
		t.Fatalf("percentages sum to %v", sum)
	}
	// The header floats as the notes record them for CITY_04B.
	if st.OriginX != 90 || st.OriginZ != 200 || st.ExtentX != 150 || st.ExtentZ != 260 {
		t.Fatalf("header floats %v %v %v %v", st.OriginX, st.OriginZ, st.ExtentX, st.ExtentZ)
	}
	if st.WorldWidth != float64(w)*0.4 || st.WorldDepth != float64(h)*0.4 {
		t.Fatalf("world %v×%v", st.WorldWidth, st.WorldDepth)
	}
	if st.Stub || st.NoWalkable || g.IsStub() {
		t.Fatal("real grid reported as a stub")
	}
	t.Logf("%d×%d, walkable %d (%.2f%%), wall %d, void %d (%.2f%%)",
		w, h, st.Walkable.Count, st.Walkable.Percent, st.Wall.Count, st.Void.Count, st.Void.Percent)
}

func TestFixtureStub(t *testing.T) {
	b := readFixture(t, fixtureStub)
	if len(b) != StubSize {
		t.Fatalf("stub fixture is %d bytes", len(b))
	}
	g, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	st := g.Stats()
	if !g.IsStub() || !st.Stub || !st.NoWalkable || st.Void.Count != 2500 || st.Void.Percent != 100 {
		t.Fatalf("stub not reported: %+v", st)
	}
	if g.OriginX != 10 || g.OriginZ != 10 || g.ExtentX != 20 || g.ExtentZ != 20 {
		t.Fatalf("stub floats %v %v %v %v", g.OriginX, g.OriginZ, g.ExtentX, g.ExtentZ)
	}
}

func TestIsStubNeedsEveryCellVoid(t *testing.T) {
	g, _ := New(50, 50, Void)
	if !g.IsStub() {
		t.Fatal("50×50 void grid is the stub")
	}
	g.Set(49, 49, Walkable)
	if g.IsStub() {
		t.Fatal("a walkable cell makes it no stub")
	}
	g2, _ := New(50, 51, Void)
	if g2.IsStub() || !g2.Stats().NoWalkable {
		t.Fatal("50×51 is no stub but has nothing walkable")
	}
}

func header(w, h int32) []byte {
	b := make([]byte, 24)
	binary.LittleEndian.PutUint32(b[0:], uint32(w))
	binary.LittleEndian.PutUint32(b[4:], uint32(h))
	return b
}

func TestDecodeErrors(t *testing.T) {
	huge := header(math.MaxInt32, math.MaxInt32)
	cases := []struct {
		name   string
		in     []byte
		offset int64
		msg    string
	}{
		{"empty", nil, 0, "shorter than the 24-byte header"},
		{"short", make([]byte, 23), 23, "shorter than the 24-byte header"},
		{"zero width", header(0, 5), 0, "width 0"},
		{"negative height", header(5, -1), 4, "height -1"},
		{"too few cells", append(header(3, 3), 0, 0), 24, "needs 9 cell bytes, file has 2"},
		{"too many cells", append(header(1, 1), 0, 0), 24, "needs 1 cell bytes, file has 2"},
		{"lying huge header", huge, 24, "file has 0"},
		{"bad cell", append(header(2, 2), 0, 1, 0xFF, 7), 27, "cell (1,1) holds 0x07"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Decode(c.in)
			if err == nil {
				t.Fatalf("decoded %+v", g)
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T %v is no *FormatError", err, err)
			}
			if fe.Offset != c.offset || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %q at %d, want %q at %d", err, fe.Offset, c.msg, c.offset)
			}
		})
	}
}

func TestEncodeRejectsBadGrids(t *testing.T) {
	for name, g := range map[string]*Grid{
		"short cells": {Width: 2, Height: 2, Cells: make([]Class, 3)},
		"no class":    {Width: 1, Height: 1, Cells: []Class{9}},
		"zero":        {},
	} {
		if _, err := Encode(g); err == nil {
			t.Errorf("%s: encoded", name)
		}
	}
}

func TestEncodeKeepsFloatBits(t *testing.T) {
	b := append(header(1, 1), 0x01)
	for i, bits := range []uint32{0x7FC00001, 0xFF800000, 0x80000000, 0x00000001} {
		binary.LittleEndian.PutUint32(b[8+4*i:], bits)
	}
	g, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, b) {
		t.Fatalf("float bits changed:\n% x\n% x", b, out)
	}
}
