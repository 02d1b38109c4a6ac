package reborndrv

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/pierrec/lz4/v4"

	"packsmith/backend/archive"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/reborn/filetable"
	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
)

// refPakd is an independent reading of a pakd (a second opinion on the
// package under test): count, offsets, pack_size, entries by offset
// difference.
func refPakd(t *testing.T, b []byte) [][]byte {
	t.Helper()
	if string(b[:4]) != "pakd" {
		t.Fatalf("ref: no pakd magic: % X", b[:4])
	}
	le := binary.LittleEndian
	n := int(le.Uint32(b[4:]))
	var out [][]byte
	for i := 0; i < n; i++ {
		lo, hi := le.Uint32(b[8+4*i:]), le.Uint32(b[12+4*i:])
		out = append(out, b[lo:hi])
	}
	return out
}

// refUnwrap removes RotXor (whole buffer), ZIP (Go's archive/zip, which
// checks the CRC) and MLZ0 (pierrec's block decoder) without the code
// under test.
func refUnwrap(t *testing.T, dat []byte) (member []byte, payload []byte) {
	t.Helper()
	b := append([]byte(nil), dat...)
	rotxor.Decrypt(b)
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil || len(zr.File) != 1 {
		t.Fatalf("ref: archive/zip: %v", err)
	}
	rc, err := zr.File[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	member, err = io.ReadAll(rc)
	if err != nil {
		t.Fatalf("ref: archive/zip read (CRC checked): %v", err)
	}
	payload = member
	if bytes.HasPrefix(member, []byte("MLZ0")) {
		payload = make([]byte, binary.LittleEndian.Uint32(member[4:]))
		if _, err := lz4.UncompressBlock(member[8:], payload); err != nil {
			t.Fatalf("ref: lz4: %v", err)
		}
	}
	return member, payload
}

// otherToolDat is a RotXor + ZIP + MLZ0 + pakd file whose ZIP was written
// by another tool (Go's archive/zip at its default level, times set) and
// whose MLZ0 blocks were made by pierrec at a high level: nothing in it is
// what a rebuild would write, so only keeping bytes makes it identical.
func otherToolDat(t *testing.T, payload []byte) []byte {
	t.Helper()
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "pack", Method: zip.Deflate, ModifiedTime: 0x644C, ModifiedDate: 0x54A9})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(payload)
	zw.Close()
	b := z.Bytes()
	rotxor.Encrypt(b)
	return b
}

func hcMLZ0(data []byte) []byte {
	dst := make([]byte, lz4.CompressBlockBound(len(data)))
	c := lz4.CompressorHC{Level: lz4.Level9}
	n, _ := c.CompressBlock(data, dst)
	out := make([]byte, 8, 8+n)
	copy(out, "MLZ0")
	binary.LittleEndian.PutUint32(out[4:], uint32(len(data)))
	return append(out, dst[:n]...)
}

func writeT(t *testing.T, p string, b []byte) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func rewriteT(t *testing.T, a *Archive, dst string, edits ...archive.Edit) []string {
	t.Helper()
	st, err := a.Rewrite(context.Background(), dst, edits, archive.NoProgress{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	return st.(*staged).Notes()
}

// The ZIP CRC is the member's: over the MLZ0 bytes, not the decoded pack.
func TestVerifyCRCOverMember(t *testing.T) {
	inner := samplePakd()
	z := rotxorZip("pack", mlz0.Encode(inner))
	a, err := openBytes("crc.dat", z, 1<<24)
	if err != nil {
		t.Fatal(err)
	}
	if in := a.Info().(Info); in.Chain != "rotxor > zip(pack) > mlz0 > pakd" {
		t.Fatalf("chain %q", in.Chain)
	}
	f, err := a.Verify(context.Background(), archive.NoProgress{})
	if err != nil || len(f) != 0 {
		t.Fatalf("verify of a valid file: %v %+v", err, f)
	}
	// A wrong stored CRC is still reported.
	plain := append([]byte(nil), z...)
	rotxor.Decrypt(plain)
	plain[14] ^= 0xFF
	rotxor.Encrypt(plain)
	b, _ := openBytes("crc2.dat", plain, 1<<24)
	if f, _ := b.Verify(context.Background(), archive.NoProgress{}); len(f) != 1 || f[0].Check != "zip-crc" {
		t.Fatalf("findings %+v", f)
	}
}

func TestUnchangedRebuildIdentical(t *testing.T) {
	dir := t.TempDir()
	pk := pakd.Build([]pakd.Item{
		{Data: pakd.Pad(txteOf("a", "b"))},
		{Data: hcMLZ0(bytes.Repeat([]byte("txte text text "), 40))},
	})
	files := map[string][]byte{
		"other.dat":  otherToolDat(t, pk),
		"mlz0in.dat": otherToolDat(t, hcMLZ0(pk)),
		"sample.dat": mustRead(t, "testdata/sample.dat"),
		"effect.dat": mustRead(t, "testdata/effect.dat"),
		"raw.dat":    mustRead(t, "testdata/raw.dat"),
		"single.dat": mustRead(t, "testdata/single.dat"),
	}
	for name, b := range files {
		src := writeT(t, filepath.Join(dir, "in", name), b)
		a := openT(t, src)
		in := a.Info().(Info)
		if !in.Rebuildable {
			t.Errorf("%s: info says an unchanged rebuild differs: %+v", name, in.Layers)
		}
		dst := filepath.Join(dir, "out", name)
		os.MkdirAll(filepath.Dir(dst), 0o755)
		rewriteT(t, a, dst)
		if got := mustRead(t, dst); !bytes.Equal(got, b) {
			t.Errorf("%s: unchanged rebuild differs (%d → %d bytes)", name, len(b), len(got))
		}
	}
	// Info is truthful about re-encoding: Go's default-level stream and
	// pierrec's HC blocks are not what an edit writes.
	a := openT(t, writeT(t, filepath.Join(dir, "m2.dat"), files["mlz0in.dat"]))
	for _, l := range a.Info().(Info).Layers {
		want := map[string]string{"rotxor": "identical", "zip": "differs", "mlz0": "differs", "pakd": "identical"}[l.Kind]
		if !strings.HasPrefix(l.Reencodes, want) {
			t.Errorf("layer %s: reencodes %q, want %s…", l.Kind, l.Reencodes, want)
		}
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// An edit keeps what it does not touch: the ZIP header fields, an MLZ0
// entry's blocks, a nested pack whose header is not laid out the canonical
// way; the replaced entry is padded align16(n+1).
func TestEditKeepsUntouched(t *testing.T) {
	dir := t.TempDir()
	odd := pakd.Build([]pakd.Item{{Data: pakd.Pad([]byte("odd"))}})
	// Give the nested pack a header 16 bytes longer than BuildHeader writes.
	le := binary.LittleEndian
	oddLong := append(append(append([]byte(nil), odd[:32]...), make([]byte, 16)...), odd[32:]...)
	le.PutUint32(oddLong[8:], 48)
	le.PutUint32(oddLong[12:], uint32(len(oddLong)))
	hc := hcMLZ0(bytes.Repeat([]byte("kept blocks "), 30))
	pk := pakd.Build([]pakd.Item{
		{Data: pakd.Pad([]byte("replace me"))},
		{Data: hc},
		{Data: pakd.Nested(oddLong)},
	})
	src := writeT(t, filepath.Join(dir, "in.dat"), otherToolDat(t, pk))
	a := openT(t, src)
	if got := a.Info().(Info).Layers[2].Reencodes; !strings.HasPrefix(got, "differs: 1 of 2") {
		t.Errorf("pakd reencodes %q", got)
	}
	repl := writeT(t, filepath.Join(dir, "r.bin"), bytes.Repeat([]byte{7}, 48))
	dst := filepath.Join(dir, "out.dat")
	rewriteT(t, a, dst, archive.Edit{Op: archive.EditReplace, Path: "#0", Source: repl})
	out := mustRead(t, dst)
	_, payload := refUnwrap(t, out)
	ents := refPakd(t, payload)
	if len(ents) != 3 || len(ents[0]) != 64 || !bytes.Equal(ents[0][:48], bytes.Repeat([]byte{7}, 48)) || ents[0][48] != 0 {
		t.Fatalf("replaced entry: %d entries, #0 %d bytes (want 64: align16(48+1))", len(ents), len(ents[0]))
	}
	if !bytes.Equal(ents[1], hc) {
		t.Error("the MLZ0 entry was re-compressed")
	}
	if !bytes.Equal(ents[2], pakd.Nested(oddLong)) {
		t.Error("the untouched nested pack was rebuilt")
	}
	// ZIP fields kept (archive/zip is the second reading).
	plain := append([]byte(nil), out...)
	rotxor.Decrypt(plain)
	zr, _ := zip.NewReader(bytes.NewReader(plain), int64(len(plain)))
	if f := zr.File[0]; f.ModifiedTime != 0x644C || f.ModifiedDate != 0x54A9 || f.Name != "pack" {
		t.Errorf("zip header %+v", f.FileHeader)
	}
}

func TestAddRemoveAtDepth(t *testing.T) {
	dir := t.TempDir()
	a := openT(t, "testdata/sample.dat")
	src := writeT(t, filepath.Join(dir, "new.bin"), []byte("new nested entry"))
	dst := filepath.Join(dir, "added.dat")
	notes := rewriteT(t, a, dst,
		archive.Edit{Op: archive.EditAdd, Path: "#2/#2", Source: src},
		archive.Edit{Op: archive.EditAdd, Path: "#6", Source: src})
	if len(notes) != 3 || !strings.Contains(notes[0], "added #2/#2") || !strings.Contains(notes[2], "no FileTable.bin") {
		t.Errorf("notes %q", notes)
	}
	b := openT(t, dst)
	if got := read(t, b, "#2/#2"); len(got) != 32 || !bytes.HasPrefix(got, []byte("new nested entry\x00")) {
		t.Errorf("#2/#2 = %q", got)
	}
	if got := read(t, b, "#6"); !bytes.HasPrefix(got, []byte("new nested entry")) {
		t.Errorf("#6 = %q", got)
	}
	for _, p := range []string{"#0", "#1", "#2/#0", "#2/#1", "#3", "#4", "#5"} {
		if !bytes.Equal(read(t, a, p), read(t, b, p)) {
			t.Errorf("%s changed", p)
		}
	}
	_, payload := refUnwrap(t, mustRead(t, dst))
	top := refPakd(t, payload)
	if len(top) != 7 || len(refPakd(t, top[2])) != 3 {
		t.Fatalf("ref reading: %d top entries", len(top))
	}
	// Wrong number, a pack without ids (renumbering refused), then the
	// nested pack with ids: #2/#0 goes and #2/#1 moves up, said so.
	for _, e := range []archive.Edit{
		{Op: archive.EditAdd, Path: "#9", Source: src},
		{Op: archive.EditRemove, Path: "#1"},
	} {
		if _, err := a.Rewrite(context.Background(), filepath.Join(dir, "x.dat"), []archive.Edit{e}, archive.NoProgress{}); !errors.Is(err, ErrEditUnsupported) {
			t.Errorf("%v %s: %v", e.Op, e.Path, err)
		}
	}
	dst2 := filepath.Join(dir, "removed.dat")
	notes = rewriteT(t, a, dst2, archive.Edit{Op: archive.EditRemove, Path: "#2/#0"}, archive.Edit{Op: archive.EditRemove, Path: "#5"})
	if len(notes) < 2 || !strings.Contains(notes[0], "#2/#1..#1 are now #2/#0..#0") || !strings.Contains(notes[1], "nothing moved") {
		t.Errorf("notes %q", notes)
	}
	c := openT(t, dst2)
	if es := c.Entries(); len(es) != 5 || es[2].Path != "#2/#0" || es[2].Extra.(*EntryExtra).ID != "0x00050001" {
		t.Errorf("after rm: %+v", es)
	}
}

func TestXor1(t *testing.T) {
	pk := pakd.Build([]pakd.Item{{Data: pakd.Pad([]byte("movie chunk"))}})
	b := append([]byte(nil), pk...)
	rotxor.XorKey(b, rotxor.Key1[:], 5)
	dir := t.TempDir()
	p := writeT(t, filepath.Join(dir, "movie.dat"), b)
	a := openT(t, p)
	in := a.Info().(Info)
	if in.Chain != "xor1 > pakd" || *in.Layers[0].Start != 5 {
		t.Fatalf("info %+v", in)
	}
	if got := read(t, a, "#0"); !bytes.HasPrefix(got, []byte("movie chunk")) {
		t.Fatalf("#0 %q", got)
	}
	repl := writeT(t, filepath.Join(dir, "r"), []byte("new chunk"))
	dst := filepath.Join(dir, "out.dat")
	rewriteT(t, a, dst, archive.Edit{Op: archive.EditReplace, Path: "#0", Source: repl})
	got := mustRead(t, dst)
	rotxor.XorKey(got, rotxor.Key1[:], 5)
	if ents := refPakd(t, got); !bytes.HasPrefix(ents[0], []byte("new chunk\x00")) {
		t.Fatalf("rebuilt %q", ents[0])
	}
}

func allocDuring(f func()) uint64 {
	runtime.GC()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// The 16.5 KB file whose nested packs each claim 2^20 entries, and the
// 3.7 KB MLZ0 bomb, are refused with a clear error, allocating little.
func TestBombsRefusedCheaply(t *testing.T) {
	le := binary.LittleEndian
	const claim = 1 << 20
	h := int(pakd.HeaderSize(claim, false))
	nested := make([]byte, h+16)
	copy(nested, "pakd")
	le.PutUint32(nested[4:], claim)
	for i := 0; i <= claim; i++ {
		le.PutUint32(nested[8+4*i:], uint32(h))
	}
	var items []pakd.Item
	for i := 0; i < 4; i++ {
		items = append(items, pakd.Item{Data: nested})
	}
	dat := rotxorZip("pack", pakd.Build(items))
	if len(dat) > 20<<10 {
		t.Fatalf("bomb is %d bytes", len(dat))
	}
	t.Logf("entry bomb: %d bytes on disk, %d inflated", len(dat), 4*len(nested))
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	p := writeT(t, filepath.Join(dir, "bomb.dat"), dat)
	var err error
	used := allocDuring(func() { _, err = archive.Open(p, archive.OpenOptions{}) })
	if !errors.Is(err, ErrCap) || !strings.Contains(err.Error(), "nested pack #0 claims 1048576 entries") {
		t.Fatalf("entry bomb: %v", err)
	}
	t.Logf("entry bomb refused after %.1f MB allocated in all: %v", float64(used)/(1<<20), err)
	if used > 24<<20 {
		t.Errorf("entry bomb: %d MB allocated", used>>20)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "packsmith-reborn-*")); len(left) != 0 {
		t.Errorf("temporary payload left behind: %v", left)
	}
	bomb := make([]byte, 3700)
	copy(bomb, "MLZ0")
	le.PutUint32(bomb[4:], 933<<20)
	copy(bomb[8:], mlz0.Encode(bytes.Repeat([]byte{0}, 1<<20))[8:])
	p2 := writeT(t, filepath.Join(dir, "effect_bomb.dat"), bomb)
	used = allocDuring(func() { _, err = archive.Open(p2, archive.OpenOptions{}) })
	if !errors.Is(err, mlz0.ErrFormat) || !strings.Contains(err.Error(), "can give at most") {
		t.Fatalf("mlz0 bomb: %v", err)
	}
	t.Logf("MLZ0 bomb (%d bytes) refused after %.1f KB allocated in all: %v", len(bomb), float64(used)/1024, err)
	if used > 1<<20 {
		t.Errorf("mlz0 bomb: %d KB allocated", used>>10)
	}
	// Under a lower cap a good file is refused, naming the cap.
	if _, err := OpenLimits("testdata/sample.dat", Limits{MaxEntries: 3}); !errors.Is(err, ErrCap) {
		t.Errorf("entry cap: %v", err)
	}
	if _, err := OpenLimits("testdata/sample.dat", Limits{MaxDecoded: 100}); !errors.Is(err, ErrCap) || !strings.Contains(err.Error(), "decoded bytes per file") {
		t.Errorf("decoded cap: %v", err)
	}
}

// A .dat saved inside a Data/ folder updates its FileTable.bin record
// (after a backup); elsewhere the notes say no table names it.
func TestRewriteUpdatesFileTable(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "Data")
	dat := mustRead(t, "testdata/sample.dat")
	p := writeT(t, filepath.Join(data, "event", "scene.dat"), dat)
	tb, err := filetable.Encode(filetable.New("REBORN", []filetable.File{{Dir: 0, Path: "event/scene.dat", Size: uint32(len(dat))}, {Dir: 0, Path: "menu/x.dat", Size: 5}}))
	if err != nil {
		t.Fatal(err)
	}
	tp := writeT(t, filepath.Join(data, "FileTable.bin"), tb)
	a := openT(t, p)
	repl := writeT(t, filepath.Join(dir, "r"), bytes.Repeat([]byte("longer "), 40))
	st, err := a.Rewrite(context.Background(), p, []archive.Edit{{Op: archive.EditReplace, Path: "#5", Source: repl}}, archive.NoProgress{})
	if err != nil {
		t.Fatal(err)
	}
	a.Close() // before the rename, as writeback does: Windows cannot replace an open file
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	notes := st.(*staged).Notes()
	newSize := int64(len(mustRead(t, p)))
	got, err := filetable.Decode(mustRead(t, tp))
	if err != nil || int64(got.Rows[0].Size) != newSize || got.Rows[1].Size != 5 || newSize == int64(len(dat)) {
		t.Fatalf("table after save: %v %+v (file %d bytes)", err, got.Rows, newSize)
	}
	if !strings.Contains(strings.Join(notes, "\n"), "FileTable.bin: event/scene.dat") {
		t.Errorf("notes %q", notes)
	}
	// The table's copy is in the backups folder (kind archive), none beside it.
	if baks, _ := filepath.Glob(filepath.Join(data, "FileTable.bin*")); len(baks) != 1 {
		t.Errorf("files beside the table: %v", baks)
	}
	var tableCopies []backups.Entry
	list, _ := backups.Default().List()
	for _, e := range list {
		if e.Of == tp {
			tableCopies = append(tableCopies, e)
		}
	}
	if len(tableCopies) != 1 || tableCopies[0].Kind != backups.KindArchive || !bytes.Equal(mustRead(t, tableCopies[0].Path), tb) {
		t.Errorf("table backup %+v", tableCopies)
	}
	b := openT(t, "testdata/sample.dat")
	notes = rewriteT(t, b, filepath.Join(dir, "loose.dat"), archive.Edit{Op: archive.EditReplace, Path: "#5", Source: repl})
	if !strings.Contains(strings.Join(notes, "\n"), "no FileTable.bin names loose.dat") {
		t.Errorf("notes %q", notes)
	}
}
