package chunk

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

var errShort = errors.New("short")

func errorf(off int, truncated bool, msg string) error {
	if truncated {
		return fmt.Errorf("offset %d: %s: %w", off, msg, errShort)
	}
	return fmt.Errorf("offset %d: %s", off, msg)
}

// The bounds checks, at their edges: exactly the bytes a field needs
// reads, one fewer fails (truncated, at the field's offset, nothing
// consumed), and End bounds a read even when the input goes on past it.
// Each check off by one either refuses good files or reads past the
// chunk (or panics past the input).
func TestBoundsEdges(t *testing.T) {
	b := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	for _, c := range []struct {
		end, n int
		ok     bool
	}{{4, 4, true}, {4, 5, false}, {3, 4, false}, {0, 0, true}, {0, 1, false}, {8, -1, false}} {
		r := &Reader{B: b, End: c.end, Errorf: errorf}
		if err := r.Need(c.n, "x"); (err == nil) != c.ok {
			t.Errorf("Need(%d) with %d bytes left: %v, want ok=%v", c.n, c.end, err, c.ok)
		}
	}
	// Within a chunk that ends at 3, a u32 fails, though the input holds 8.
	r := &Reader{B: b, End: 3, Errorf: errorf}
	if v, err := r.U32("count"); !errors.Is(err, errShort) || r.Pos != 0 || !strings.Contains(err.Error(), "offset 0: count: needs 4 bytes, 3 left") {
		t.Errorf("U32 across the chunk end: %d %v (pos %d)", v, err, r.Pos)
	}
	r = &Reader{B: b, End: 4, Errorf: errorf}
	if v, err := r.U32("count"); err != nil || v != 0x04030201 || r.Pos != 4 {
		t.Errorf("U32 with exactly 4 bytes: %#x %v (pos %d)", v, err, r.Pos)
	}
	r = &Reader{B: b, End: 5, Pos: 4, Errorf: errorf}
	if _, err := r.U16("id"); !errors.Is(err, errShort) || r.Pos != 4 {
		t.Errorf("U16 with 1 byte left: %v (pos %d)", err, r.Pos)
	}
	r = &Reader{B: b, End: 6, Pos: 4, Errorf: errorf}
	if v, err := r.U16("id"); err != nil || v != 0x0605 || r.Pos != 6 {
		t.Errorf("U16 with exactly 2 bytes: %#x %v", v, err)
	}
	r = &Reader{B: []byte{0, 2}, End: 1, Errorf: errorf}
	if v, err := r.Bool("flag"); err != nil || v {
		t.Errorf("Bool of 0 with exactly 1 byte: %v %v", v, err)
	}
	if _, err := r.Bool("flag"); err == nil {
		t.Error("Bool past End read")
	}
	r.End = 2
	if v, err := r.Bool("flag"); err != nil || !v {
		t.Errorf("Bool of 2: %v %v", v, err)
	}
}

func TestFloats(t *testing.T) {
	b := []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0} // 1, -2
	r := New(b, errorf)
	dst := make([]float32, 2)
	if err := r.Floats("v", dst); err != nil || dst[0] != 1 || dst[1] != -2 || r.Pos != 8 {
		t.Fatalf("Floats: %v %v (pos %d)", dst, err, r.Pos)
	}
	r = New(b[:7], errorf)
	if err := r.Floats("v", dst); !errors.Is(err, errShort) || r.Pos != 0 || !strings.Contains(err.Error(), "v: needs 8 bytes, 7 left") {
		t.Errorf("Floats one byte short: %v (pos %d)", err, r.Pos)
	}
}

// Line: the newline ends it within limit bytes; a line of exactly limit
// bytes reads, one more fails; End bounds the search.
func TestLine(t *testing.T) {
	for _, c := range []struct {
		in    string
		end   int
		limit int
		want  string
		err   string
	}{
		{"abc\nrest", -1, 3, "abc", ""},
		{"abcd\nrest", -1, 3, "", "name: no end of line within 4 bytes"},
		{"\n", -1, 0, "", ""},
		{"abc", -1, 10, "", "no end of line within 3 bytes"},
		{"abc\n", 3, 10, "", "no end of line within 3 bytes"},
	} {
		r := New([]byte(c.in), errorf)
		if c.end >= 0 {
			r.End = c.end
		}
		got, err := r.Line("name", c.limit)
		if c.err == "" && (err != nil || got != c.want || r.Pos != len(c.want)+1) {
			t.Errorf("Line(%q, %d) = %q, %v (pos %d), want %q", c.in, c.limit, got, err, r.Pos, c.want)
		}
		if c.err != "" && (err == nil || errors.Is(err, errShort) || !strings.Contains(err.Error(), c.err) || r.Pos != 0) {
			t.Errorf("Line(%q, %d): %v (pos %d), want an error saying %q", c.in, c.limit, err, r.Pos, c.err)
		}
	}
}

// Header: six bytes read as stored (no length check here); fewer is the
// end, with nothing read.
func TestHeader(t *testing.T) {
	b := []byte{0x00, 0x20, 5, 0, 0, 0, 9}
	r := New(b, errorf)
	r.Pos = 2
	if _, _, start, ok := r.Header(); ok || start != 2 || r.Pos != 2 {
		t.Errorf("Header with 5 bytes left: ok %v start %d pos %d", ok, start, r.Pos)
	}
	r.Pos = 1
	if id, length, _, ok := r.Header(); !ok || id != 0x0520 || length != 0x09000000 || r.Pos != 7 {
		t.Errorf("Header with exactly 6 bytes left: %#x %#x %v (pos %d)", id, length, ok, r.Pos)
	}
	r.Pos = 0
	id, length, start, ok := r.Header()
	if !ok || id != 0x2000 || length != 5 || start != 0 || r.Pos != HeaderSize {
		t.Errorf("Header: %#x %d %d %v (pos %d)", id, length, start, ok, r.Pos)
	}
	r = New(b, errorf)
	r.End = 5
	if _, _, _, ok := r.Header(); ok {
		t.Error("Header read past End")
	}
}
