package xlce_test

import (
	"encoding/binary"
	"fmt"

	"packsmith/formats/reborn/xlce"
)

// Decode reads an xlce table: rows of 4-byte cells, an 8-byte cell that
// points into the string pool read as its string.
func ExampleDecode() {
	// "xlce", 1 row of 16 bytes at 16, then the row (id 100, value 7,
	// the name's offset) and the pool.
	le := binary.LittleEndian
	b := make([]byte, 32)
	copy(b, "xlce")
	le.PutUint32(b[4:], 1)
	le.PutUint32(b[8:], 16)
	le.PutUint32(b[12:], 16)
	le.PutUint32(b[16:], 100)
	le.PutUint32(b[20:], 7)
	le.PutUint64(b[24:], 32)
	b = append(b, "Short Sword\x00"...)
	t, err := xlce.Decode(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Rows, t.RowSize)
	for _, c := range t.Cells[0] {
		if c.String != nil {
			fmt.Println(c.Offset, *c.String)
		} else {
			fmt.Println(c.Offset, c.Value)
		}
	}
	// Output:
	// 1 16
	// 0 100
	// 4 7
	// 8 Short Sword
}
