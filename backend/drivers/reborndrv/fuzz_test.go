package reborndrv

import (
	"bytes"
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
		// Round trip: replacing the first entry with its own decoded bytes
		// rebuilds every layer; the result opens and lists the same paths.
		if len(a.Entries()) == 0 || len(b) > 1<<16 {
			return
		}
		dir := t.TempDir()
		e0 := a.Entries()[0]
		rc, err := a.Open(e0.Path)
		if err != nil {
			return
		}
		data, _ := io.ReadAll(rc)
		if bytes.HasPrefix(data, []byte("pakd")) {
			return // would be stored as a nested pack, listed differently
		}
		src := filepath.Join(dir, "src")
		os.WriteFile(src, data, 0o644)
		st, err := a.Rewrite(context.Background(), filepath.Join(dir, "out.dat"), []archive.Edit{{Op: archive.EditReplace, Path: e0.Path, Source: src}}, archive.NoProgress{})
		if err != nil {
			return
		}
		if err := st.Commit(); err != nil {
			t.Fatal(err)
		}
		out, _ := os.ReadFile(filepath.Join(dir, "out.dat"))
		re, err := openBytes("re.dat", out, 1<<22)
		if err != nil {
			t.Fatalf("rebuilt file does not open: %v", err)
		}
		if len(re.Entries()) != len(a.Entries()) {
			t.Fatalf("%d entries, %d after the rebuild", len(a.Entries()), len(re.Entries()))
		}
		rc, err = re.Open(e0.Path)
		if err != nil {
			t.Fatalf("rebuilt %s: %v", e0.Path, err)
		}
		got, _ := io.ReadAll(rc)
		if !bytes.HasPrefix(got, data) {
			t.Fatalf("rebuilt %s differs", e0.Path)
		}
	})
}
