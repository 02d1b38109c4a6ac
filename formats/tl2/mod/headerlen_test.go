package mod

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// readSpy is an io.ReaderAt that records the furthest byte read.
type readSpy struct {
	r   *bytes.Reader
	end int64
}

func (s *readSpy) ReadAt(p []byte, off int64) (int, error) {
	n, err := s.r.ReadAt(p, off)
	s.end = max(s.end, off+int64(n))
	return n, err
}

// Every header version gives its own length, offData, and ReadHeader
// decodes it reading no byte past it. Byte 12, where version 4 keeps
// offData (the old profiles reader took it for every version), holds
// something else in versions 1–3.
func TestHeaderLengthEveryVersion(t *testing.T) {
	tiny, err := os.ReadFile(filepath.Join("testdata", "tiny.MOD"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"v4": tiny, "v2": withHeaderVersion(t, tiny, 2)}
	for _, n := range []string{"v1", "v3"} {
		if files[n], err = os.ReadFile(filepath.Join("testdata", n+".MOD")); err != nil {
			t.Fatal(err)
		}
	}
	for name, b := range files {
		want, n, err := parseHeader(b)
		if err != nil {
			t.Fatal(name, err)
		}
		spy := &readSpy{r: bytes.NewReader(b)}
		got, err := HeaderLength(spy, int64(len(b)), 0)
		if err != nil || got != int64(n) || got != int64(want.DataOffset) {
			t.Errorf("%s: HeaderLength %d (%v), want %d", name, got, err, n)
		}
		spy = &readSpy{r: bytes.NewReader(b)}
		h, err := ReadHeader(spy, int64(len(b)), 1<<20)
		if err != nil || !reflect.DeepEqual(h, want) {
			t.Errorf("%s: ReadHeader %+v (%v), want %+v", name, h, err, want)
		}
		if spy.end > int64(n) {
			t.Errorf("%s: ReadHeader read to byte %d of a %d-byte header", name, spy.end, n)
		}
		if at12 := binary.LittleEndian.Uint32(b[12:]); name != "v4" && at12 == uint32(n) {
			t.Errorf("%s: byte 12 holds the header length too: the test shows nothing", name)
		}
	}
}

// A header that does not read is refused with the reason, never read
// over its cap.
func TestHeaderLengthRefusals(t *testing.T) {
	tiny, err := os.ReadFile(filepath.Join("testdata", "tiny.MOD"))
	if err != nil {
		t.Fatal(err)
	}
	n := int64(binary.LittleEndian.Uint32(tiny[12:]))
	withU32 := func(at int, v uint32) []byte {
		b := bytes.Clone(tiny)
		binary.LittleEndian.PutUint32(b[at:], v)
		return b
	}
	v5 := bytes.Clone(tiny)
	v5[0] = 5
	for _, c := range []struct {
		name string
		b    []byte
		max  int64
		want error
	}{
		{"three bytes", tiny[:3], 0, ErrFormat},
		{"version 5", v5, 0, ErrHeaderVersion},
		{"offData past the end", withU32(12, uint32(len(tiny)+1)), 0, ErrFormat},
		{"offData inside its own field", withU32(12, 8), 0, ErrFormat},
		{"offMan before offData", withU32(16, uint32(n)), 0, ErrFormat},
		{"over the cap", tiny, n - 1, ErrTooLarge},
	} {
		spy := &readSpy{r: bytes.NewReader(c.b)}
		_, err := ReadHeader(spy, int64(len(c.b)), c.max)
		var fe *FormatError
		if !errors.Is(err, c.want) || !errors.As(err, &fe) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if spy.end > 32+8 {
			t.Errorf("%s: read to byte %d before refusing", c.name, spy.end)
		}
	}
	if l, err := HeaderLength(bytes.NewReader(tiny), int64(len(tiny)), n); err != nil || l != n {
		t.Errorf("a header exactly at the cap: %d %v", l, err)
	}
}
