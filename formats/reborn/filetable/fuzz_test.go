package filetable

import (
	"os"
	"reflect"
	"testing"
)

// FuzzFileTable: Decode never panics; a decoded table encodes and decodes
// again to the same rows.
func FuzzFileTable(f *testing.F) {
	if b, err := os.ReadFile("testdata/FileTable.bin"); err == nil {
		f.Add(b)
	}
	if b, err := Encode(New("T", []File{{Dir: 0, Path: "a.dat", Size: 3}})); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		tb, err := Decode(b)
		if err != nil {
			return
		}
		out, err := Encode(tb)
		if err != nil {
			return // e.g. batches that overlap: readable, not writable as they are
		}
		again, err := Decode(out)
		if err != nil {
			t.Fatalf("re-encoded table does not read: %v", err)
		}
		if len(again.Rows) != len(tb.Rows) {
			t.Fatalf("%d rows, then %d", len(tb.Rows), len(again.Rows))
		}
		for i := range tb.Rows {
			a, b := tb.Rows[i], again.Rows[i]
			a.Record, b.Record, a.SizeOffset, b.SizeOffset = nil, nil, 0, 0
			if !tb.Reborn {
				a.Path, b.Path, a.Size, b.Size = "", "", 0, 0
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("row %d: %+v then %+v", i, a, b)
			}
		}
	})
}
