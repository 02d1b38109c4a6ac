package txte

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
	"unicode/utf8"
)

// ref builds a txte the way the driver's test generator does (an
// independent layout: rows, then key and text strings in order).
func ref(pairs ...string) []byte {
	n := len(pairs) / 2
	hdr := make([]byte, 16+32*n)
	copy(hdr, "txte")
	le := binary.LittleEndian
	le.PutUint32(hdr[4:], uint32(n))
	le.PutUint32(hdr[8:], 16)
	le.PutUint32(hdr[12:], 32)
	var pool []byte
	for i := 0; i < n; i++ {
		for j := 0; j < 2; j++ {
			le.PutUint64(hdr[16+32*i+8*j:], uint64(len(hdr)+len(pool)))
			pool = append(append(pool, pairs[2*i+j]...), 0)
		}
	}
	return append(hdr, pool...)
}

func TestRoundTrip(t *testing.T) {
	b := ref("msg_0001", "Denam \uF8FF\u0001 speaks", "msg_0002", "Vyce")
	rows, err := Decode(append(b, make([]byte, 16)...))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Key != "msg_0001" || rows[1].Text != "Vyce" {
		t.Fatalf("rows %+v", rows)
	}
	if !bytes.Equal(Encode(rows), b) {
		t.Fatal("Encode differs from the reference layout")
	}
	v := Visible(rows[0].Text)
	if v != "Denam {U+F8FF}\u0001 speaks" {
		t.Fatalf("visible %q", v)
	}
	back, err := FromVisible(v)
	if err != nil || back != rows[0].Text {
		t.Fatalf("FromVisible %q %v", back, err)
	}
	if MacroName(0xF8FC) != "span" || MacroName(0xE123) != "gaiji" {
		t.Error("macro names")
	}
}

func TestErrors(t *testing.T) {
	good := ref("k", "v")
	for name, b := range map[string][]byte{
		"short": good[:10],
		"count": func() []byte { c := append([]byte(nil), good...); c[4] = 0xFF; return c }(),
		"rowsz": func() []byte { c := append([]byte(nil), good...); c[12] = 31; return c }(),
		"off":   func() []byte { c := append([]byte(nil), good...); c[16] = 0xF0; return c }(),
		"nonul": good[:len(good)-1],
	} {
		if _, err := Decode(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := FromVisible("{U+D800}"); err == nil {
		t.Error("surrogate accepted")
	}
}

func FuzzTxte(f *testing.F) {
	f.Add(ref("msg_0001", "Denam", "msg_0002", "Vyce"))
	f.Add(Encode([]Row{{Key: "a", Text: "\uF8FF", Third: "x", Fourth: "y"}}))
	f.Fuzz(func(t *testing.T, b []byte) {
		rows, err := Decode(b)
		if err != nil {
			return
		}
		again, err := Decode(Encode(rows))
		if err != nil || len(again) != len(rows) {
			t.Fatalf("re-encoded: %v", err)
		}
		for i := range rows {
			if rows[i] != again[i] {
				t.Fatalf("row %d changed", i)
			}
			if v, err := FromVisible(Visible(rows[i].Text)); err == nil && utf8.ValidString(rows[i].Text) && v != rows[i].Text && !visibleCode.MatchString(rows[i].Text) {
				t.Fatalf("visible round trip of row %d", i)
			}
		}
	})
}
