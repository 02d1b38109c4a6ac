package xlce

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrFormat is wrapped by every decoding error.
var ErrFormat = errors.New("xlce: malformed")

// MaxCells caps the cells Decode returns.
const MaxCells = 4 << 20

// Cell is 4 bytes of a row, or 8 when it is read as a string.
type Cell struct {
	Offset int     `json:"offset"` // in the row
	Value  uint32  `json:"value"`
	String *string `json:"string,omitempty"` // a likely string (8-byte cell)
}

// Table is a decoded xlce.
type Table struct {
	Rows     int      `json:"rows"`
	RowSize  int      `json:"rowSize"`
	PoolAt   int      `json:"poolAt"` // 0: no pool
	Cells    [][]Cell `json:"cells"`
	Trailing int      `json:"trailing"` // bytes after the rows and pool start
}

func errf(off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s (offset 0x%X)", ErrFormat, fmt.Sprintf(format, args...), off)
}

// Decode reads the header and every row.
func Decode(b []byte) (*Table, error) {
	if len(b) < 16 || !bytes.HasPrefix(b, []byte("xlc")) {
		return nil, errf(0, "no xlce header")
	}
	if b[3] != 101 {
		return nil, errf(3, "version %d, want 101", b[3])
	}
	le := binary.LittleEndian
	n, off, rs := int64(int32(le.Uint32(b[4:]))), le.Uint32(b[8:]), int64(int32(le.Uint32(b[12:])))
	if off != 16 {
		return nil, errf(8, "data offset %d, want 16", off)
	}
	if n < 0 || rs < 0 || 16+n*rs > int64(len(b)) {
		return nil, errf(4, "%d rows of %d bytes do not fit in %d bytes", n, rs, len(b))
	}
	if n*((rs+3)/4) > MaxCells {
		return nil, errf(4, "%d rows of %d bytes: over the %d-cell cap", n, rs, MaxCells)
	}
	t := &Table{Rows: int(n), RowSize: int(rs)}
	end := 16 + int(n*rs)
	if pool := (end + 15) &^ 15; pool < len(b) {
		t.PoolAt = pool
		t.Trailing = len(b) - pool
	}
	isStart := func(v uint64) bool {
		return t.PoolAt > 0 && v >= uint64(t.PoolAt) && v < uint64(len(b)) && (v == uint64(t.PoolAt) || b[v-1] == 0) &&
			bytes.IndexByte(b[v:], 0) >= 0
	}
	if rs == 0 {
		// Rows of no bytes hold no cells: nothing to list, however many
		// the count says (up to 2³¹ from a 16-byte file: a list of that
		// many empty rows was gigabytes).
		return t, nil
	}
	for i := 0; i < int(n); i++ {
		row := b[16+i*int(rs) : 16+(i+1)*int(rs)]
		var cells []Cell
		for c := 0; c < len(row); {
			if c%8 == 0 && c+8 <= len(row) {
				if v := le.Uint64(row[c:]); isStart(v) {
					s := string(b[v : v+uint64(bytes.IndexByte(b[v:], 0))])
					cells = append(cells, Cell{Offset: c, Value: uint32(v), String: &s})
					c += 8
					continue
				}
			}
			var w [4]byte
			copy(w[:], row[c:])
			cells = append(cells, Cell{Offset: c, Value: le.Uint32(w[:])})
			c += 4
		}
		t.Cells = append(t.Cells, cells)
	}
	return t, nil
}
