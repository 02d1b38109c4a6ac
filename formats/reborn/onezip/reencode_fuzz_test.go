package onezip

import (
	"bytes"
	"testing"
)

// FuzzOneZipReencode: any input reads or fails cleanly; what reads,
// written again under its name, reads back to the same name and bytes.
func FuzzOneZipReencode(f *testing.F) {
	for _, d := range [][]byte{[]byte("hello hello"), nil, bytes.Repeat([]byte("ab"), 500)} {
		if b, err := Write("data.bin", d); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, data, err := Read(b, 1<<20)
		if err != nil {
			return
		}
		w, err := Write(m.Name, data)
		if err != nil {
			return // a name the writer refuses
		}
		m2, data2, err := Read(w, 1<<20)
		if err != nil || m2.Name != m.Name || !bytes.Equal(data2, data) {
			t.Fatalf("read → write → read: %v (%q %d bytes vs %q %d)", err, m2.Name, len(data2), m.Name, len(data))
		}
	})
}
