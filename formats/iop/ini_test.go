package iop

import (
	"bytes"
	"testing"
)

func TestScrambleINIKnownBytes(t *testing.T) {
	// n = 3: key[i] = row1[i] ^ row1[(3-i) % 30]
	//   i=0: 0x30^0x01 = 0x31, i=1: 0x1D^0x60 = 0x7D, i=2: 0x60^0x1D = 0x7D
	b := []byte("ABC")
	ScrambleINI(b)
	if want := []byte{0x41 ^ 0x31, 0x42 ^ 0x7D, 0x43 ^ 0x7D}; !bytes.Equal(b, want) {
		t.Fatalf("got % X, want % X", b, want)
	}
	// n = 31: i=0 uses row1[0]^row1[1] = 0x2D, i=1 row1[1]^row1[0], i=2 row1[2]^row1[29] = 0x60.
	z := make([]byte, 31)
	ScrambleINI(z)
	if z[0] != 0x2D || z[1] != 0x2D || z[2] != 0x60 || z[30] != 0x2D {
		t.Fatalf("n=31: % X", z)
	}
	// Its own inverse.
	orig := []byte("[Setting]\r\nLanguage=en\r\n")
	c := append([]byte(nil), orig...)
	ScrambleINI(c)
	ScrambleINI(c)
	if !bytes.Equal(c, orig) {
		t.Fatal("scramble twice is not the identity")
	}
}

func TestINIReaderMatchesScramble(t *testing.T) {
	orig := bytes.Repeat([]byte("key=value\r\n"), 20)
	s := append([]byte(nil), orig...)
	ScrambleINI(s)
	r := &iniReader{r: &oneByteReader{bytes.NewReader(s)}, n: int64(len(s))}
	var out bytes.Buffer
	out.ReadFrom(r)
	if !bytes.Equal(out.Bytes(), orig) {
		t.Fatal("streaming unscramble differs")
	}
}

type oneByteReader struct{ r *bytes.Reader }

func (o *oneByteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}

func TestPasswordObfuscationRoundTrip(t *testing.T) {
	b := make([]byte, 20)
	copy(b, "iosuccess#@")
	for i := range b {
		b[i] ^= xorAt(&xorRows[0], int64(i), 20)
	}
	if got := DeobfuscatePassword(b); got != "iosuccess#@" {
		t.Fatalf("got %q", got)
	}
}

func TestAtoiAndINIFlag(t *testing.T) {
	for s, want := range map[string]int{"1": 1, " 1": 1, "1x": 1, "": 0, "0": 0, "-1": -1, "abc": 0, "+12": 12} {
		if got := atoi(s); got != want {
			t.Errorf("atoi(%q) = %d, want %d", s, got, want)
		}
	}
	cases := []struct {
		name, comment string
		want          bool
	}{
		{`config\client.ini`, "1", true},
		{`CONFIG\CLIENT.INI`, " 1", true},
		{`config\client.ini`, "0", false},
		{`config\client.ini`, "", false},
		{`xml\items.xml`, "1", false},
		{`a.ini.bak`, "1", true}, // the client tests "contains .ini"
	}
	for _, c := range cases {
		if got := INIScrambled(c.name, c.comment); got != c.want {
			t.Errorf("INIScrambled(%q, %q) = %v", c.name, c.comment, got)
		}
	}
}
