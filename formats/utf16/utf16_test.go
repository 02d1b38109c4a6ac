package utf16

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	std "unicode/utf16"
)

func units(b []byte, bigEndian bool) []uint16 {
	u := make([]uint16, len(b)/2)
	for i := range u {
		if bigEndian {
			u[i] = binary.BigEndian.Uint16(b[2*i:])
		} else {
			u[i] = binary.LittleEndian.Uint16(b[2*i:])
		}
	}
	return u
}

func le(u ...uint16) []byte {
	b := make([]byte, 2*len(u))
	for i, c := range u {
		binary.LittleEndian.PutUint16(b[2*i:], c)
	}
	return b
}

func TestDecode(t *testing.T) {
	for _, c := range []struct {
		u    []uint16
		want string
	}{
		{nil, ""},
		{[]uint16{'A', 'b'}, "Ab"},
		{[]uint16{0xE9, 0x4E2D, 0xFFFF}, "é中\uFFFF"},
		{[]uint16{0xD83D, 0xDE00}, "😀"},
		{[]uint16{0xD800}, "\xED\xA0\x80"},                     // lone high, kept
		{[]uint16{0xDC00, 'x'}, "\xED\xB0\x80x"},               // lone low, kept
		{[]uint16{0xDFFF, 0xD800}, "\xED\xBF\xBF\xED\xA0\x80"}, // reversed pair: two lone
		{[]uint16{0xDBFF, 0xD800, 0xDFFF}, "\xED\xAF\xBF\U000103FF"},
	} {
		if got := Decode(le(c.u...), false); got != c.want {
			t.Errorf("Decode(%04X) = %q, want %q", c.u, got, c.want)
		}
		if got := DecodeUnits(c.u); got != c.want {
			t.Errorf("DecodeUnits(%04X) = %q, want %q", c.u, got, c.want)
		}
		be := le(c.u...)
		for i := 0; i+1 < len(be); i += 2 {
			be[i], be[i+1] = be[i+1], be[i]
		}
		if got := Decode(be, true); got != c.want {
			t.Errorf("Decode(%04X, big-endian) = %q, want %q", c.u, got, c.want)
		}
	}
}

// The ASCII fast path must stop at the first other unit and append after
// what dst holds, whatever dst's spare room.
func TestAppendFastPathEdges(t *testing.T) {
	text := strings.Repeat("abcdefgh", 9) + "é" + strings.Repeat("xyz", 11) + "😀" + "tail"
	b := le(std.Encode([]rune(text))...)
	for room := 0; room < 80; room += 7 {
		dst := make([]byte, 3, 3+room)
		copy(dst, "pre")
		if got := string(Append(dst, b, false)); got != "pre"+text {
			t.Fatalf("room %d: %q", room, got)
		}
	}
	// An odd trailing byte is ignored.
	if got := Decode(append(le('a', 'b'), 'c'), false); got != "ab" {
		t.Fatalf("odd length: %q", got)
	}
}

func TestReplaceLone(t *testing.T) {
	for _, u := range [][]uint16{
		{0xD800}, {0xDC00, 'x'}, {0xDFFF, 0xD800}, {0xD7FF, 0xD000, 'a'}, {0xDBFF, 0xD800, 0xDFFF, 0xED},
	} {
		if got, want := ReplaceLone(DecodeUnits(u)), string(std.Decode(u)); got != want {
			t.Errorf("%04X: %q, want %q", u, got, want)
		}
	}
	if s := "plain é 中"; ReplaceLone(s) != s {
		t.Error("text without surrogates must come back unchanged")
	}
}

// Both decoders agree with a unit-by-unit reading, and ReplaceLone makes
// them agree with unicode/utf16.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("[\x00A\x00]\x00\r\x00\n\x00"))
	f.Add([]byte{0x00, 0xD8, 'x', 0, 0xFF, 0xDF, 0x3D, 0xD8, 0x00, 0xDE, 'a', 0, 'b', 0, 'c', 0, 'd', 0, 0xE9, 0})
	f.Add([]byte(strings.Repeat("a\x00", 40) + "\x00\xd8"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, bigEndian := range []bool{false, true} {
			u := units(b, bigEndian)
			got, want := Decode(b, bigEndian), DecodeUnits(u)
			if got != want {
				t.Fatalf("% x (big-endian %v): %q, units give %q", b, bigEndian, got, want)
			}
			if r, s := ReplaceLone(got), string(std.Decode(u)); r != s {
				t.Fatalf("% x (big-endian %v): ReplaceLone %q, unicode/utf16 %q", b, bigEndian, r, s)
			}
			// LoneAt finds exactly the units unicode/utf16 replaces.
			var lone []uint16
			for i := 0; i < len(u); i++ {
				switch c := u[i]; {
				case c >= 0xD800 && c < 0xDC00 && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] < 0xE000:
					i++
				case c >= 0xD800 && c < 0xE000:
					lone = append(lone, c)
				}
			}
			offs, got16 := LoneAt(got)
			if len(offs) != len(got16) || fmt.Sprint(got16) != fmt.Sprint(lone) {
				t.Fatalf("% x (big-endian %v): LoneAt %04X, want %04X", b, bigEndian, got16, lone)
			}
			for _, o := range offs {
				if !isSurrogate(got[o:]) {
					t.Fatalf("LoneAt offset %d is not a surrogate in %q", o, got)
				}
			}
		}
	})
}

// IsASCII is false exactly when some byte is 0x80 or above, wherever it
// sits: in the eight-byte steps or the tail after them.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 20; n++ {
		s := []byte(strings.Repeat("a", n))
		if !IsASCII(string(s)) {
			t.Fatalf("%d ASCII bytes: not ASCII", n)
		}
		for i := range s {
			for _, c := range []byte{0x80, 0xC3, 0xFF} {
				b := append([]byte(nil), s...)
				b[i] = c
				if IsASCII(string(b)) {
					t.Fatalf("%q (0x%02X at %d of %d): ASCII", b, c, i, n)
				}
			}
		}
	}
}
