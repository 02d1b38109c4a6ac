package filetable

import (
	"encoding/binary"
	"testing"
)

// A big-endian table (endianness follows the magic, see doc.go) is
// written back big-endian, by Encode and by SetSize. Decode reads either
// order, so a round trip alone would not notice a table written
// little-endian.
func TestBigEndianWrittenBigEndian(t *testing.T) {
	nt := New("REBORN", []File{{Dir: 1, Path: "event/scene.dat", Size: 1234}, {Dir: 2, Path: "sound/y.dat", Size: 77}})
	le, err := Encode(nt)
	if err != nil {
		t.Fatal(err)
	}
	nt.BigEndian = true
	be, err := Encode(nt)
	if err != nil {
		t.Fatal(err)
	}
	if binary.BigEndian.Uint16(be) != Magic || binary.LittleEndian.Uint16(le) != Magic {
		t.Fatalf("magic: BE table starts % x, LE table % x", be[:2], le[:2])
	}
	if len(be) != len(le) {
		t.Fatalf("BE table %d bytes, LE %d", len(be), len(le))
	}
	back, err := Decode(be)
	if err != nil || !back.BigEndian || len(back.Rows) != 2 {
		t.Fatalf("decode BE: %v %+v", err, back)
	}
	r := back.Rows[0]
	if r.Path != "event/scene.dat" || r.Size != 1234 {
		t.Fatalf("row 0 %+v", r)
	}
	// The size field holds 1234 big-endian at the offset the row names.
	if got := binary.BigEndian.Uint32(be[r.SizeOffset:]); got != 1234 {
		t.Fatalf("size field at 0x%X reads %d big-endian", r.SizeOffset, got)
	}
	if err := back.SetSize(be, 0, 0x01020304); err != nil {
		t.Fatal(err)
	}
	if got := be[r.SizeOffset : r.SizeOffset+4]; got[0] != 1 || got[3] != 4 {
		t.Fatalf("SetSize wrote % x, want 01 02 03 04", got)
	}
	again, err := Decode(be)
	if err != nil || again.Rows[0].Size != 0x01020304 || again.Rows[1].Size != 77 {
		t.Fatalf("after SetSize: %v %+v", err, again.Rows)
	}
}
