package mod

import (
	"encoding/binary"
	"testing"

	"packsmith/formats/utf16"
)

// Published MurmurHash64B vectors (tl2-notes §5, from S10).
func TestMurmurHash64BVectors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		seed uint64
		want uint64
	}{
		{"a", 0, 0x716E41E3DFF50B85},
		{"1234", 0, 0xDD72C9660E2C94FE},
		{"abcdefghi", 0, 0xC7F119FA4F515136},
		{"abcdefghij", 0, 0xDBFF398B66D28E58},
		{"abcdefghijk", 0, 0x04C34396965F1D3D},
		{"abcdefghijkl", 0, 0x9310DFEC0A0BAB90},
		{"abcdefghijklm", 0, 0x3BCCE82899A6D9A6},
		{"abcdefghijklmn", 0, 0x6C7DF090A8541296},
		{"abcdefghijklmno", 0, 0x69E7F39723D7F52A},
		{"", 61755476, 0xC9E1CA157A93477C},
		{"测试", 0, 0xDE5F4E8A9F6D0566},
		{"结果是多少", 900812297, 0xE8316082E2CAB316},
		{"", 0, 0},
	} {
		if got := MurmurHash64B([]byte(tc.in), tc.seed); got != tc.want {
			t.Errorf("MurmurHash64B(%q, %d) = 0x%016X, want 0x%016X", tc.in, tc.seed, got, tc.want)
		}
		if tc.seed <= 0xFFFFFFFF {
			if got := MurmurHash64B32([]byte(tc.in), uint32(tc.seed)); got != tc.want {
				t.Errorf("32-bit seed variant differs for %q", tc.in)
			}
		}
	}
	// A seed with a high half: the TL2 variant must ignore nothing but
	// still differ from the 64-bit form, which starts h2 at hi32(seed).
	if MurmurHash64B([]byte("a"), 1<<32) == MurmurHash64B32([]byte("a"), 0) {
		t.Error("64-bit seed's high half had no effect")
	}
}

// The reqHash chain, computed step by step by hand from the spec's words.
func TestReqHashChain(t *testing.T) {
	if ReqHash(nil) != 0 {
		t.Fatal("empty REQUIRED_MODS must give 0")
	}
	deps := []Dependency{{Name: "A", ID: -2318989449992446293, Version: 3}, {Name: "B", ID: 42, Version: 0}}
	le := binary.LittleEndian
	acc := uint64(34832)
	for _, d := range deps {
		g := le.AppendUint64(nil, uint64(d.ID))
		t1 := MurmurHash64B(g, 0x22D0)
		v := le.AppendUint16(nil, d.Version)
		t2 := MurmurHash64B(v, t1&0xFFFFFFFF)
		acc = MurmurHash64B(le.AppendUint64(nil, t2), acc&0xFFFFFFFF)
	}
	if got := ReqHash(deps); got != acc {
		t.Errorf("ReqHash = 0x%016X, hand chain 0x%016X", got, acc)
	}
	// One dependency, fully unrolled.
	one := ReqHash(deps[:1])
	t1 := MurmurHash64B(le.AppendUint64(nil, uint64(deps[0].ID)), 0x22D0)
	t2 := MurmurHash64B([]byte{3, 0}, uint64(uint32(t1)))
	if want := MurmurHash64B(le.AppendUint64(nil, t2), 34832); one != want {
		t.Errorf("one dep: 0x%016X, want 0x%016X", one, want)
	}
	// The name does not take part.
	renamed := []Dependency{{Name: "other", ID: deps[0].ID, Version: 3}, deps[1]}
	if ReqHash(renamed) != acc {
		t.Error("the name changed reqHash")
	}
}

func TestRollingHashSmall(t *testing.T) {
	if RollingHash(make([]byte, 8)) != 0 {
		t.Error("8-byte section must hash to 0")
	}
	b := []byte{0, 0, 0, 0, 0, 0, 0, 0, 0x80, 1, 2}
	// n=11: divisor in 25..75, so stride 2; samples 8, 10, then the last byte.
	h := uint32(11)
	h = h*33 + uint32(int32(int8(b[8])))
	h = h*33 + uint32(int32(int8(b[10])))
	h = h*33 + uint32(int32(int8(b[10])))
	if got := RollingHash(b); got != h {
		t.Errorf("got 0x%X want 0x%X", got, h)
	}
}

func TestStringsRoundTrip(t *testing.T) {
	for _, units := range [][]uint16{
		{'A', 'b'},
		{0xD83D, 0xDE00},         // a pair: 😀
		{0xD800},                 // lone high
		{0xDC00, 'x'},            // lone low
		{0xDBFF, 0xD800, 0xDFFF}, // high, then a pair
		{0x00E9, 0x4E2D, 0xFFFF},
		{0xDFFF, 0xD800}, // reversed pair: two lone surrogates
	} {
		raw := make([]byte, 2*len(units))
		for i, u := range units {
			binary.LittleEndian.PutUint16(raw[2*i:], u)
		}
		s := utf16.Decode(raw, false)
		back, n := encodeUTF16(nil, s)
		if n != len(units) || string(back) != string(raw) {
			t.Errorf("%04X: round trip gave % X", units, back)
		}
	}
	if upperASCII("media/é/x.dds") != "MEDIA/é/X.DDS" {
		t.Error("upperASCII must leave non-ASCII alone")
	}
}
