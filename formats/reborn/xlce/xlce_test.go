package xlce

import (
	"encoding/binary"
	"errors"
	"testing"
)

// build lays out n rows of (u32 id, u32 value, u64 name offset).
func build(names ...string) []byte {
	le := binary.LittleEndian
	n := len(names)
	end := 16 + 16*n
	pool := (end + 15) &^ 15
	b := make([]byte, pool)
	copy(b, "xlce")
	le.PutUint32(b[4:], uint32(n))
	le.PutUint32(b[8:], 16)
	le.PutUint32(b[12:], 16)
	for i, s := range names {
		r := b[16+16*i:]
		le.PutUint32(r, uint32(100+i))
		le.PutUint32(r[4:], uint32(i*7))
		le.PutUint64(r[8:], uint64(len(b)))
		b = append(append(b, s...), 0)
	}
	return b
}

func TestDecode(t *testing.T) {
	tb, err := Decode(build("Short Sword", "Bastard Sword"))
	if err != nil {
		t.Fatal(err)
	}
	if tb.Rows != 2 || len(tb.Cells[1]) != 3 || tb.Cells[1][0].Value != 101 || tb.Cells[1][2].String == nil || *tb.Cells[1][2].String != "Bastard Sword" {
		t.Fatalf("%+v", tb.Cells)
	}
	for name, b := range map[string][]byte{"short": []byte("xlce"), "ver": []byte("xlcf\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00"),
		"rows": func() []byte { b := build("a"); b[4] = 99; return b }()} {
		if _, err := Decode(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func FuzzXlce(f *testing.F) {
	f.Add(build("Short Sword", "Bastard Sword"))
	f.Fuzz(func(t *testing.T, b []byte) {
		tb, err := Decode(b)
		if err != nil {
			return
		}
		for _, row := range tb.Cells {
			w := 0
			for _, c := range row {
				if c.Offset != w {
					t.Fatalf("cell at %d, want %d", c.Offset, w)
				}
				w += 4
				if c.String != nil {
					w += 4
				}
			}
		}
	})
}

// Rows of 0 bytes hold no cells: however many the count says, the table
// lists none (CI's fuzz found a 24-byte file of 134,217,729 empty rows
// that made gigabytes of empty row lists).
func TestDecodeRowsOfNoBytes(t *testing.T) {
	b := []byte("xlce\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00")
	for _, n := range []uint32{1, 1 << 20, 0x7fffffff} {
		binary.LittleEndian.PutUint32(b[4:], n)
		tb, err := Decode(b)
		if err != nil {
			t.Fatalf("%d rows: %v", n, err)
		}
		if tb.Rows != int(n) || tb.RowSize != 0 || len(tb.Cells) != 0 || tb.PoolAt != 0 {
			t.Fatalf("%d rows: rows %d, row size %d, %d cell rows, pool at %d", n, tb.Rows, tb.RowSize, len(tb.Cells), tb.PoolAt)
		}
	}
}
