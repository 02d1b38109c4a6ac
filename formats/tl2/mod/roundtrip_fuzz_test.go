package mod

import (
	"bytes"
	"io"
	"testing"
)

// item is an entry read from fuzzed input, to be written again.
type item struct {
	name string
	typ  FileType
	time uint64
	data []byte
}

// readable collects the entries of r that read back whole (at most 32,
// each at most 1 MB): what a rewrite can carry over.
func readable(r *Reader) []item {
	var out []item
	for i := range r.Entries {
		e := &r.Entries[i]
		if len(out) >= 32 || e.Type == TypeFolder || e.Size > 1<<20 {
			continue
		}
		rc, err := r.Open(e)
		if err != nil {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(rc, 2<<20))
		rc.Close()
		if err == nil {
			out = append(out, item{e.Path, e.Type, e.FileTime, b})
		}
	}
	return out
}

// rewrite writes items with w; it returns the normalised names written
// (names the writer refuses or repeats are left out).
func rewrite(t *testing.T, w *Writer, items []item) map[string]item {
	t.Helper()
	written := map[string]item{}
	for _, it := range items {
		name, err := normName(it.name)
		if err != nil || written[name].name != "" {
			continue
		}
		if err := w.Add(FileHeader{Name: it.name, Type: it.typ, ExplicitType: true, FileTime: it.time}, bytes.NewReader(it.data)); err != nil {
			continue
		}
		written[name] = it
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close after %d entries: %v", len(written), err)
	}
	return written
}

// same checks that r2 holds exactly the written entries, byte for byte,
// and that its hashes verify.
func same(t *testing.T, r2 *Reader, written map[string]item) {
	t.Helper()
	files := 0
	for i := range r2.Entries {
		if r2.Entries[i].Type != TypeFolder {
			files++
		}
	}
	if files != len(written) {
		t.Fatalf("read back %d files, wrote %d", files, len(written))
	}
	for name, it := range written {
		e, ok := r2.Lookup(name)
		if !ok {
			t.Fatalf("%s: not in the rewritten archive", name)
		}
		if e.Type != it.typ || e.FileTime != it.time {
			t.Fatalf("%s: type %d time %d, wrote %d %d", name, e.Type, e.FileTime, it.typ, it.time)
		}
		rc, err := r2.Open(e)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil || !bytes.Equal(b, it.data) {
			t.Fatalf("%s: read back %d bytes (%v), wrote %d", name, len(b), err, len(it.data))
		}
	}
	for _, f := range r2.Check() {
		if f.Severity == SevError && (f.Check == "rolling-hash" || f.Check == "bounds" || f.Check == "manifest-version") {
			t.Fatalf("the rewritten archive fails its own check: %+v", f)
		}
	}
}

// FuzzPakRoundTrip: a DATA.PAK + .MAN pair decoded, written again with
// NewPakWriter and decoded once more holds the same files, byte for byte.
func FuzzPakRoundTrip(f *testing.F) {
	pak, man := &memFile{}, &bytes.Buffer{}
	w, _ := NewPakWriter(pak, man, nil)
	w.Add(FileHeader{Name: "MEDIA/UNITS/A.DAT"}, bytes.NewReader(bytes.Repeat([]byte("a"), 300)))
	w.Add(FileHeader{Name: "MEDIA/UI/B.JPG"}, bytes.NewReader([]byte("jpeg")))
	w.Add(FileHeader{Name: "MEDIA/LAYOUTS/X/X.LAYOUT"}, bytes.NewReader([]byte("layout")))
	w.Close()
	f.Add(append(append([]byte{byte(man.Len()), byte(man.Len() >> 8)}, man.Bytes()...), pak.b...))
	opts := &Options{MaxManifestSize: 1 << 20, MaxEntries: 1 << 14}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n := min(int(data[0])|int(data[1])<<8, len(data)-2)
		m, p := data[2:2+n], data[2+n:]
		r, err := NewPakReader(bytes.NewReader(p), int64(len(p)), bytes.NewReader(m), int64(len(m)), opts)
		if err != nil {
			return
		}
		pak2, man2 := &memFile{}, &bytes.Buffer{}
		w, err := NewPakWriter(pak2, man2, &WriterOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		written := rewrite(t, w, readable(r))
		r2, err := NewPakReader(bytes.NewReader(pak2.b), int64(len(pak2.b)), bytes.NewReader(man2.Bytes()), int64(man2.Len()), opts)
		if err != nil {
			t.Fatalf("the rewritten PAK does not read: %v", err)
		}
		same(t, r2, written)
	})
}

// FuzzModRoundTrip does the same for a .MOD, header included.
func FuzzModRoundTrip(f *testing.F) {
	for _, b := range testdataSet(f) {
		f.Add(b)
	}
	opts := &Options{MaxHeaderSize: 1 << 20, MaxManifestSize: 4 << 20, MaxEntries: 1 << 14}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data), int64(len(data)), opts)
		if err != nil {
			return
		}
		h := *r.Header
		out := &memFile{}
		w, err := NewWriter(out, &h, &WriterOptions{Workers: 1, KeepReqHash: true})
		if err != nil {
			return // a header the writer cannot write (checked by its own tests)
		}
		written := rewrite(t, w, readable(r))
		r2, err := NewReader(bytes.NewReader(out.b), int64(len(out.b)), opts)
		if err != nil {
			t.Fatalf("the rewritten .MOD does not read: %v", err)
		}
		if a, b := r2.Header, r.Header; a.Title != b.Title || a.ModID != b.ModID || a.Author != b.Author || a.ModVersion != b.ModVersion || a.ReqHash != b.ReqHash {
			t.Fatalf("header changed: %+v -> %+v", b, a)
		}
		same(t, r2, written)
	})
}
