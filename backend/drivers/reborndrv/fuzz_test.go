package reborndrv

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/rotxor"
)

// FuzzRotXorZip feeds whole .dat files (seeded from testdata/*.dat) through
// the layer chain: nothing may panic, and whatever opens must list, open
// and verify. With encrypt set the input is the plain layer and is
// obfuscated first, so mutations reach the ZIP and pakd readers.
func FuzzRotXorZip(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.dat")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, false)
		if plain := append([]byte(nil), b...); len(plain) > 0 {
			rotxor.Decrypt(plain)
			f.Add(plain, true)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte, encrypt bool) {
		if encrypt {
			b = append([]byte(nil), b...)
			rotxor.Encrypt(b)
		}
		a, err := openBytes("fuzz.dat", b, 1<<20)
		if err != nil {
			return
		}
		for _, e := range a.Entries() {
			rc, err := a.Open(e.Path)
			if err != nil {
				continue
			}
			io.Copy(io.Discard, rc)
			rc.Close()
		}
		a.Info()
		if _, err := a.Verify(context.Background(), archive.NoProgress{}); err != nil {
			t.Fatal(err)
		}
	})
}
