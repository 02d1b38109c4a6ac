package mod

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"packsmith/internal/testfixtures"
)

// FuzzReadMod feeds arbitrary bytes to the reader, the checks and every
// entry: they must return errors, never panic, hang or allocate hugely.
func FuzzReadMod(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.MOD")
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	// The real GUTS files too, when ../shared/fixtures is there.
	if root, ok := testfixtures.RepoRoot(); ok {
		for _, rel := range []string{"xover/EDITORMOD.MOD", "cyber_mod/EDITORMOD_at_90dcf2a.MOD"} {
			if b, err := os.ReadFile(filepath.Join(root, "..", "shared", "fixtures", "tl2", rel)); err == nil {
				f.Add(b)
			}
		}
	}
	opts := &Options{MaxHeaderSize: 1 << 20, MaxManifestSize: 4 << 20, MaxEntries: 1 << 16}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data), int64(len(data)), opts)
		if err != nil {
			return
		}
		r.Check()
		for i := range r.Entries {
			if i >= 64 {
				break
			}
			e := &r.Entries[i]
			if e.Size > 1<<20 {
				continue // a zlib bomb is legal input; stay quick
			}
			rc, err := r.Open(e)
			if err != nil {
				continue
			}
			io.Copy(io.Discard, io.LimitReader(rc, 2<<20))
			rc.Close()
		}
	})
}

// FuzzReadPak does the same for a DATA.PAK + .MAN pair; the input is the
// .MAN length (u16) followed by the .MAN and then the .PAK.
func FuzzReadPak(f *testing.F) {
	pak, man := &memFile{}, &bytes.Buffer{}
	w, _ := NewPakWriter(pak, man, nil)
	w.Add(FileHeader{Name: "MEDIA/UNITS/A.DAT"}, bytes.NewReader(bytes.Repeat([]byte("a"), 300)))
	w.Add(FileHeader{Name: "MEDIA/UI/B.JPG"}, bytes.NewReader([]byte("jpeg")))
	w.Add(FileHeader{Name: "MEDIA/LAYOUTS/X/X.LAYOUT"}, bytes.NewReader([]byte("layout")))
	w.Close()
	seed := append([]byte{byte(man.Len()), byte(man.Len() >> 8)}, man.Bytes()...)
	f.Add(append(seed, pak.b...))
	opts := &Options{MaxManifestSize: 1 << 20, MaxEntries: 1 << 14}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n := int(data[0]) | int(data[1])<<8
		data = data[2:]
		if n > len(data) {
			n = len(data)
		}
		m, p := data[:n], data[n:]
		r, err := NewPakReader(bytes.NewReader(p), int64(len(p)), bytes.NewReader(m), int64(len(m)), opts)
		if err != nil {
			return
		}
		r.Check()
		for i := range r.Entries {
			if i >= 32 || r.Entries[i].Size > 1<<20 {
				continue
			}
			if rc, err := r.Open(&r.Entries[i]); err == nil {
				io.Copy(io.Discard, io.LimitReader(rc, 2<<20))
				rc.Close()
			}
		}
	})
}
