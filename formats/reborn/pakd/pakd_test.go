package pakd

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

func open(t *testing.T, b []byte) *Reader {
	t.Helper()
	p, err := NewReader(bytes.NewReader(b), int64(len(b)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRoundTripNoIDs(t *testing.T) {
	items := []Item{{Data: Pad([]byte("txte\x00\x00\x00\x00"))}, {Data: Pad([]byte("xlce 16 bytes..."))}, {Data: nil}}
	b := Build(items)
	if len(b)%16 != 0 || binary.LittleEndian.Uint32(b[8:]) != 32 {
		t.Fatalf("header: % X", b[:32])
	}
	p := open(t, b)
	if p.HasIDs || len(p.Entries) != 3 || p.PackSize != int64(len(b)) || p.HeaderEnd != 0 {
		t.Fatalf("%+v", p)
	}
	var back []Item
	for i := range p.Entries {
		d, err := p.ReadEntry(i)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(d, items[i].Data) {
			t.Fatalf("entry %d differs", i)
		}
		back = append(back, Item{ID: p.Entries[i].ID, Data: d})
	}
	if !bytes.Equal(Build(back), b) {
		t.Fatal("rebuild differs")
	}
	if DetectKind(items[0].Data) != "txte" || DetectKind(items[1].Data) != "xlce" || DetectKind(nil) != "data" {
		t.Fatal("kinds")
	}
}

func TestRoundTripIDsAndNested(t *testing.T) {
	inner := Build([]Item{{ID: 0x11000, Data: Pad([]byte("face"))}, {ID: 0x50001, Data: Pad([]byte("unit"))}})
	outer := Build([]Item{{Data: Pad([]byte("a"))}, {Data: Nested(inner)}, {ID: 7, Data: Pad([]byte("b"))}})
	p := open(t, outer)
	if !p.HasIDs || p.Entries[2].ID != 7 || p.HeaderSize != HeaderSize(3, true) {
		t.Fatalf("%+v", p)
	}
	if p.Entries[1].Size != int64(len(inner))+16 {
		t.Fatalf("nested size %d", p.Entries[1].Size)
	}
	sec := p.Open(1)
	q, err := NewReader(sec, sec.Size(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if q.Entries[0].ID != 0x11000 || q.Entries[1].ID != 0x50001 || q.PackSize != int64(len(inner)) {
		t.Fatalf("%+v", q.Entries)
	}
	if d, _ := q.ReadEntry(1); !bytes.HasPrefix(d, []byte("unit")) {
		t.Fatalf("inner entry %q", d)
	}
	// Empty pack.
	e := Build(nil)
	if len(e) != 16 || len(open(t, e).Entries) != 0 {
		t.Fatalf("empty pack % X", e)
	}
}

func TestLyingHeaders(t *testing.T) {
	good := Build([]Item{{Data: Pad([]byte("one"))}, {Data: Pad([]byte("two"))}})
	mod := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	cases := []struct {
		name  string
		b     []byte
		entry int
	}{
		{"short", good[:10], -1},
		{"magic", append([]byte("paku"), good[4:]...), -1},
		{"count", mod(4, 0xFFFFFFFF), -1},
		{"count-size", mod(4, 1000), -1},
		{"packsize", mod(16, 1<<30), -1},
		{"off0-in-header", mod(8, 4), 0},
		{"backwards", mod(12, 8), 0},
		{"past-packsize", mod(12, 100), 1},
	}
	for _, c := range cases {
		_, err := NewReader(bytes.NewReader(c.b), int64(len(c.b)), Options{MaxEntries: 100000})
		var pe *Error
		if !errors.As(err, &pe) || !errors.Is(err, ErrFormat) {
			t.Errorf("%s: err %v", c.name, err)
			continue
		}
		if pe.Entry != c.entry {
			t.Errorf("%s: entry %d, want %d (%v)", c.name, pe.Entry, c.entry, err)
		}
	}
}
