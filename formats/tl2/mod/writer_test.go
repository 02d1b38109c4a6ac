package mod

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// memFile is an in-memory io.WriteSeeker + io.ReaderAt.
type memFile struct {
	b   []byte
	pos int64
}

func (m *memFile) Write(p []byte) (int, error) {
	if end := m.pos + int64(len(p)); end > int64(len(m.b)) {
		m.b = append(m.b, make([]byte, end-int64(len(m.b)))...)
	}
	copy(m.b[m.pos:], p)
	m.pos += int64(len(p))
	return len(p), nil
}

func (m *memFile) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += m.pos
	case io.SeekEnd:
		off += int64(len(m.b))
	}
	if off < 0 {
		return 0, errors.New("negative seek")
	}
	m.pos = off
	return off, nil
}

func (m *memFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(m.b)) {
		return 0, io.EOF
	}
	n := copy(p, m.b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// makeAssets writes a small mod folder: text, random bytes, an empty
// file, a JPG, lower-case and non-ASCII names, nested folders.
func makeAssets(t testing.TB, dir string, big bool) map[string][]byte {
	rng := rand.New(rand.NewSource(1))
	files := map[string][]byte{}
	put := func(rel string, b []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		files[rel] = b
	}
	text := []byte(strings.Repeat("[UNIT]\r\n<STRING>NAME:Zombie\r\n[/UNIT]\r\n", 200))
	random := make([]byte, 70000)
	rng.Read(random)
	put("MEDIA/UNITS/MONSTERS/ZOMBIE.DAT", text)
	put("MEDIA/UNITS/MONSTERS/noise.bin", random)
	put("MEDIA/UNITS/PLAYERS/EMPTY.RAW", nil)
	put("MEDIA/UI/ICONS/portrait.dds", text[:999])
	put("MEDIA/UI/SPLASH.JPG", random[:5000])
	put("MEDIA/LAYOUTS/TOWN/TOWN.LAYOUT", text[:321])
	put("MEDIA/LAYOUTS/TOWN/TOWN.MPP", append(make([]byte, 24), bytes.Repeat([]byte{0, 1}, 50)...))
	put("MEDIA/SOUNDS/ÉTÉ/chant.wav", random[100:40000])
	put("MEDIA/AFFIXES.RAW", []byte{1, 2, 3})
	if big {
		b := make([]byte, StoreThreshold+12345)
		rng.Read(b[:4096])
		put("MEDIA/MOVIES/INTRO.BIK", b)
	}
	return files
}

// writeFolder packs a folder with the Writer, walking it in name order.
func writeFolder(t testing.TB, w *Writer, dir string) {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		st, _ := f.Stat()
		return w.Add(FileHeader{Name: filepath.ToSlash(rel), FileTime: FileTime(st.ModTime().UnixNano())}, f)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func testHeader() *Header {
	return &Header{
		ModVersion: 3, GameVersion: GameVersion{1, 25, 5, 6},
		Title: "Zombie pack \U0001F600", Author: "me", Description: "lone \xed\xa0\x80 surrogate kept",
		Website: "https://example.org", DownloadURL: "https://example.org/dl",
		ModID: -1234567890123, Flags: 0,
		Required: []Dependency{{Name: "Base", ID: 77, Version: 2}},
		Remove:   []string{"MEDIA/UNITS/OLD.DAT"},
	}
}

func TestWriteFolderRoundTrip(t *testing.T) {
	for _, big := range []bool{false, true} {
		if big && testing.Short() {
			continue
		}
		dir := t.TempDir()
		files := makeAssets(t, dir, big)
		out := &memFile{}
		w, err := NewWriter(out, testHeader(), &WriterOptions{MaxInFlight: 100 << 10})
		if err != nil {
			t.Fatal(err)
		}
		writeFolder(t, w, dir)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}

		// 1. The package's own reader sees the same entries and bytes.
		r, err := NewReader(out, int64(len(out.b)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Entries) != len(files) {
			t.Fatalf("%d entries, want %d", len(r.Entries), len(files))
		}
		for rel, want := range files {
			e, ok := r.Lookup(upperASCII(rel))
			if !ok {
				t.Fatalf("%s missing", rel)
			}
			got, err := r.ReadEntry(e, 0)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s: %v, %d bytes vs %d", rel, err, len(got), len(want))
			}
		}
		h := r.Header
		want := testHeader()
		if h.Title != want.Title || h.Description != want.Description || h.ModID != want.ModID ||
			h.GameVersion != want.GameVersion || h.ReqHash != ReqHash(want.Required) ||
			len(h.Required) != 1 || h.Required[0] != want.Required[0] || h.Remove[0] != want.Remove[0] {
			t.Errorf("header came back as %+v", h)
		}
		e, _ := r.Lookup("MEDIA/UI/SPLASH.JPG")
		if b, _ := r.BlockOf(e); !b.Stored {
			t.Error(".JPG must be stored")
		}
		if e, ok := r.Lookup("MEDIA/MOVIES/INTRO.BIK"); ok {
			if b, _ := r.BlockOf(e); !b.Stored {
				t.Error("a block >= 0x1900000 must be stored")
			}
		}
		if e, _ := r.Lookup("MEDIA/UNITS/MONSTERS/ZOMBIE.DAT"); e.Type != TypeDAT {
			t.Errorf("type %v", e.Type)
		}
		fs, err := r.Verify(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if f.Severity != SevInfo {
				t.Errorf("finding: %+v", f)
			}
		}
		// mhash was written with the fixed step.
		mb, _ := r.ManifestBytes()
		if MHash(mb, DefaultMHashStep) != r.MHash {
			t.Error("mhash does not match step 20")
		}

		// 2. The independent reading agrees on hash, CRCs, sizes, offsets.
		m, err := indepCheck(out.b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.files) != len(files) {
			t.Fatalf("independent reader saw %d files", len(m.files))
		}
		for _, f := range m.files {
			var want []byte
			for rel, b := range files {
				if upperASCII(rel) == f.path {
					want = b
				}
			}
			if !bytes.Equal(f.data, want) {
				t.Errorf("%s differs in the independent reading", f.path)
			}
		}
	}
}

func TestWriterGUTSLayout(t *testing.T) {
	out := &memFile{}
	w, _ := NewWriter(out, &Header{}, nil)
	for i, p := range []string{"MEDIA/B/X.DAT", "MEDIA/A.RAW", "MEDIA/B/C/Y.DDS", "MEDIA/B/W.DAT"} {
		order := 0
		if p == "MEDIA/B/W.DAT" {
			order = -1 // goes first in its directory
		}
		w.Add(FileHeader{Name: p, Order: order, FileTime: uint64(i)}, strings.NewReader(p))
	}
	if err := w.Add(FileHeader{Name: "media/a.raw"}, strings.NewReader("dup")); !errors.Is(err, ErrDuplicate) {
		t.Errorf("duplicate after upper-casing: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(out, int64(len(out.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	d := &dec{b: out.b[r.Header.ManifestOffset:]}
	d.u16("")
	d.u32("")
	d.ss("")
	d.u32("")
	n := d.u32("")
	var recs []string
	for i := 0; i < int(n); i++ {
		dir := d.ss("")
		dirs = append(dirs, dir)
		k := d.u32("")
		for j := 0; j < int(k); j++ {
			d.u32("")
			d.u8("")
			recs = append(recs, dir+d.ss(""))
			d.u32("")
			d.u32("")
			d.u64("")
		}
	}
	wantDirs := "|MEDIA/|MEDIA/B/|MEDIA/B/C/|MEDIA/|MEDIA/B/"
	if got := strings.Join(dirs, "|"); got != wantDirs {
		t.Errorf("directories %q, want %q", got, wantDirs)
	}
	wantRecs := "MEDIA/,MEDIA/A.RAW,MEDIA/B/W.DAT,MEDIA/B/X.DAT,MEDIA/B/C/Y.DDS,MEDIA/B/,MEDIA/B/C/"
	if got := strings.Join(recs, ","); got != wantRecs {
		t.Errorf("records %q\nwant %q", got, wantRecs)
	}
	if len(r.Folders) != 3 || len(r.Entries) != 4 {
		t.Errorf("folders %d entries %d", len(r.Folders), len(r.Entries))
	}
}

func TestPakRoundTrip(t *testing.T) {
	dir := t.TempDir()
	files := makeAssets(t, dir, false)
	pak, man := &memFile{}, &bytes.Buffer{}
	w, err := NewPakWriter(pak, man, nil)
	if err != nil {
		t.Fatal(err)
	}
	writeFolder(t, w, dir)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := indepCheck(pak.b, man.Bytes()); err != nil {
		t.Fatal(err)
	}
	r, err := NewPakReader(pak, int64(len(pak.b)), bytes.NewReader(man.Bytes()), int64(man.Len()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.IsPak() || len(r.Entries) != len(files) {
		t.Fatalf("pak: %d entries", len(r.Entries))
	}
	if len(r.Dirs) == 0 || r.Dirs[0] != "MEDIA/" {
		t.Errorf("a PAK manifest starts at MEDIA/, got %q", r.Dirs)
	}
	fs, _ := r.Verify(context.Background(), nil)
	for _, f := range fs {
		if f.Severity != SevInfo {
			t.Errorf("finding: %+v", f)
		}
	}
}

// CopyRaw of every block in stored order, manifest order kept, reproduces
// a GUTS .MOD byte for byte.
func TestRepackFixtureByteIdentical(t *testing.T) {
	for _, rel := range []string{"xover/EDITORMOD.MOD", "cyber_mod/EDITORMOD_at_90dcf2a.MOD"} {
		r, f := openFixture(t, rel)
		orig, _ := os.ReadFile(f.Name())
		out := &memFile{}
		mb, _ := r.ManifestBytes()
		w, err := NewWriter(out, r.Header, &WriterOptions{KeepReqHash: true, FileCount: r.FileCount, MHashStep: FindMHashStep(mb, r.MHash)})
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range r.BlockOrder() {
			e := &r.Entries[i]
			if err := w.CopyRaw(r, e, FileHeader{Name: e.Path, Type: e.Type, ExplicitType: true, FileTime: e.FileTime, Order: e.Index}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.b, orig) {
			n := 0
			for n < len(out.b) && n < len(orig) && out.b[n] == orig[n] {
				n++
			}
			t.Errorf("%s: repack differs from byte %d (len %d vs %d)", rel, n, len(out.b), len(orig))
		}
	}
}

// Blocks of exactly StoreThreshold bytes are stored, whether the writer
// knows the size up front (bytes.Reader) or finds out by reading.
func TestStoreThresholdBoundary(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 75 MB")
	}
	data := bytes.Repeat([]byte("threshold "), StoreThreshold/10+1)
	out := &memFile{}
	w, _ := NewWriter(out, &Header{}, nil)
	w.Add(FileHeader{Name: "MEDIA/EXACT_HINTED.DAT"}, bytes.NewReader(data[:StoreThreshold]))
	w.Add(FileHeader{Name: "MEDIA/EXACT_PLAIN.DAT"}, struct{ io.Reader }{bytes.NewReader(data[:StoreThreshold])})
	w.Add(FileHeader{Name: "MEDIA/BELOW.DAT"}, struct{ io.Reader }{bytes.NewReader(data[:StoreThreshold-1])})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(out, int64(len(out.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, stored := range map[string]bool{"MEDIA/EXACT_HINTED.DAT": true, "MEDIA/EXACT_PLAIN.DAT": true, "MEDIA/BELOW.DAT": false} {
		e, _ := r.Lookup(name)
		b, err := r.BlockOf(e)
		if err != nil || b.Stored != stored {
			t.Errorf("%s: stored %v, want %v (%v)", name, b.Stored, stored, err)
		}
	}
	if _, err := indepCheck(out.b, nil); err != nil {
		t.Fatal(err)
	}
}

// Cancel wakes an Add that waits for room (the in-flight bytes over
// MaxInFlight) with the cancel's error, without waiting for the
// compressors: a cancelled pack waited there for whole 24 MB files to
// compress before it could stop.
func TestCancelWakesAWaitingAdd(t *testing.T) {
	out := &memFile{}
	w, err := NewWriter(out, testHeader(), &WriterOptions{MaxInFlight: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("abcdefghijklmnop"), 1<<20) // 16 MB, compressed
	if err := w.AddBytes(FileHeader{Name: "MEDIA/A.BIN"}, big); err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop here")
	added := make(chan error, 1)
	go func() { added <- w.Add(FileHeader{Name: "MEDIA/B.BIN"}, bytes.NewReader([]byte("b"))) }()
	w.Cancel(stop)
	select {
	case err := <-added:
		if !errors.Is(err, stop) {
			t.Errorf("the waiting Add returned %v, want the cancel's error", err)
		}
	case <-time.After(time.Minute): // a hang guard, not a timing
		t.Fatal("the waiting Add did not return")
	}
	w.Abort()
}

// LevelOf picks each entry's zlib level by its type: a texture at level 4
// and a .DAT at the default 6 each carry their level in the stream's FLG
// byte (zlib's FLEVEL: 1 for levels 2–5, 2 for 6), read back whole; a
// texture that level 4 shrinks below a quarter is deflated again at 6
// (Refold); a LevelOf that answers 0 leaves Level in place.
func TestLevelOfPicksTheLevelByType(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	poor := make([]byte, 100_000) // 16 symbols, little repetition: deflate keeps about half
	for i := range poor {
		poor[i] = "ABCDEFGHIJKLMNOP"[rng.Intn(16)]
	}
	rich := bytes.Repeat([]byte("DXT5 block, packed floats; "), 4000) // kept: a few per cent
	out := &memFile{}
	w, err := NewWriter(out, &Header{}, &WriterOptions{LevelOf: func(ft FileType) int {
		if ft == TypeDDS {
			return 4
		}
		return 0
	}})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"MEDIA/UI/ICON.DDS": poor, "MEDIA/UI/BLANK.DDS": rich, "MEDIA/UNITS/A.DAT": poor}
	for _, name := range []string{"MEDIA/UI/ICON.DDS", "MEDIA/UI/BLANK.DDS", "MEDIA/UNITS/A.DAT"} {
		if err := w.AddBytes(FileHeader{Name: name}, bytes.Clone(files[name])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(out, int64(len(out.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, flg := range map[string]byte{"MEDIA/UI/ICON.DDS": 0x5E, "MEDIA/UI/BLANK.DDS": 0x9C, "MEDIA/UNITS/A.DAT": 0x9C} {
		e, _ := r.Lookup(name)
		_, sr, err := r.RawBlock(e)
		if err != nil {
			t.Fatal(err)
		}
		var head [2]byte
		if _, err := sr.ReadAt(head[:], 0); err != nil {
			t.Fatal(err)
		}
		if head != [2]byte{0x78, flg} {
			t.Errorf("%s: zlib header % X, want 78 %02X", name, head, flg)
		}
		rc, _ := r.Open(e)
		got, err := io.ReadAll(rc)
		if err != nil || !bytes.Equal(got, files[name]) {
			t.Errorf("%s: read back %d bytes (%v), want the %d written", name, len(got), err, len(files[name]))
		}
	}
}
