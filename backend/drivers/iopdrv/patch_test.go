package iopdrv

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
	"packsmith/backend/export/extract"
	"packsmith/backend/sys/journal"
	"packsmith/formats/iop"
	"packsmith/internal/ioptest"
)

const krPW = "iosuccess#@" // Korea pack password

// cp949 bytes of the names the tests use, written out by hand so the
// second reader checks them without the codec.
var (
	krSound = "\xBB\xE7\xBF\xEE\xB5\xE5\\\xC7\xD1\xB1\xDB\xC6\xC4\xC0\xCF.txt" // 사운드\한글파일.txt
	krINI   = "config\\\xC7\xD1\xB1\xDB.ini"                                   // config\한글.ini
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var treeFiles = map[string]string{
	"사운드/한글파일.txt":  "한글 내용\r\n",
	"config/한글.ini": "[설정]\r\nlang=ko\r\n",
	"xml/items.xml": strings.Repeat("<item/>", 50),
}

func createPack(t *testing.T, password string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "rs.iop")
	res, err := Create(context.Background(), out, writeTree(t, treeFiles), password, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Entries != 3 || res.Scrambled != 1 || res.Encrypted != (password != "") {
		t.Fatalf("create %+v", res)
	}
	return out
}

func second(t *testing.T, p, pw string) ([]ioptest.Entry, []byte) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	es, err := ioptest.Read(b, pw)
	if err != nil {
		t.Fatalf("second reader: %v", err)
	}
	return es, b
}

func TestCreateKoreanNamesCross(t *testing.T) {
	for _, pw := range []string{krPW, ""} {
		p := createPack(t, pw)
		es, _ := second(t, p, pw)
		w := ioptest.Winners(es)
		snd, ok := w[ioptest.Fold([]byte(krSound))]
		if !ok || string(snd.Data) != treeFiles["사운드/한글파일.txt"] || snd.Encrypted != (pw != "") {
			t.Fatalf("pw %q: sound entry %+v", pw, snd)
		}
		ini := w[ioptest.Fold([]byte(krINI))]
		if ini.Comment != "1" || string(ini.Data) != treeFiles["config/한글.ini"] || bytes.Equal(ini.Raw, ini.Data) {
			t.Fatalf(".ini: comment %q data %q", ini.Comment, ini.Data)
		}
		a, err := archive.Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, e := range a.Entries() {
			paths = append(paths, e.Path)
		}
		if strings.Join(paths, "|") != "config/한글.ini|xml/items.xml|사운드/한글파일.txt" {
			t.Fatalf("paths %q", paths)
		}
		for _, q := range []string{"사운드/한글파일.txt", `사운드\한글파일.TXT`, "/사운드/한글파일.txt"} {
			e, ok := archive.Find(a, q)
			if !ok {
				t.Fatalf("find %q", q)
			}
			if got := readEntry(t, a, e.Path); got != treeFiles["사운드/한글파일.txt"] {
				t.Fatalf("%q: %q", q, got)
			}
		}
		if got := readEntry(t, a, `CONFIG\한글.INI`); got != treeFiles["config/한글.ini"] {
			t.Fatalf("folded lookup %q", got)
		}
		in := a.Capabilities().Info().(Info)
		wantSrc := "none needed"
		if pw != "" {
			wantSrc = "Korea pack password"
		}
		if in.PasswordSource != wantSrc || in.INIScrambled != 1 {
			t.Fatalf("info %+v", in)
		}
		// extract writes UTF-8 file names
		dir := t.TempDir()
		if _, err := extract.Extract(context.Background(), a, dir, nil, nil, extract.Options{}); err != nil {
			t.Fatal(err)
		}
		a.Close()
		if b, err := os.ReadFile(filepath.Join(dir, "사운드", "한글파일.txt")); err != nil || string(b) != treeFiles["사운드/한글파일.txt"] {
			t.Fatalf("extracted %q %v", b, err)
		}
	}
}

func TestCreateRefusesNamesCP949CannotHold(t *testing.T) {
	dir := writeTree(t, map[string]string{"ok.txt": "x", "emoji😀.txt": "y"})
	out := filepath.Join(t.TempDir(), "x.iop")
	_, err := Create(context.Background(), out, dir, "", nil)
	if err == nil || !strings.Contains(err.Error(), "U+1F600") || !strings.Contains(err.Error(), "emoji😀.txt") {
		t.Fatalf("%v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("something was written")
	}
	p := createPack(t, krPW)
	before, _ := os.ReadFile(p)
	src := filepath.Join(dir, "ok.txt")
	_, err = writeback.Apply(context.Background(), p, "", []archive.Edit{{Op: archive.EditAdd, Path: "소리/😀.wav", Source: src}}, archive.OpenOptions{}, nil)
	if err == nil || !strings.Contains(err.Error(), "U+1F600") {
		t.Fatalf("add: %v", err)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(before, after) {
		t.Fatal("pack changed")
	}
}

func apply(t *testing.T, p string, edits ...archive.Edit) writeback.Result {
	t.Helper()
	res, err := writeback.Apply(context.Background(), p, "", edits, archive.OpenOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestAppendPatchCross(t *testing.T) {
	p := createPack(t, krPW)
	old, _ := os.ReadFile(p)
	dir := t.TempDir()
	rep := filepath.Join(dir, "rep.ini")
	os.WriteFile(rep, []byte("[설정]\r\nlang=en\r\nnew=1\r\n"), 0o644)
	add := filepath.Join(dir, "new.txt")
	os.WriteFile(add, []byte("새 파일"), 0o644)
	res := apply(t, p,
		archive.Edit{Op: archive.EditReplace, Path: "config/한글.ini", Source: rep},
		archive.Edit{Op: archive.EditAdd, Path: "한글/new.txt", Source: add},
		archive.Edit{Op: archive.EditRemove, Path: "xml/items.xml"},
		archive.Edit{Op: archive.EditRename, Path: "사운드/한글파일.txt", NewPath: "사운드/새이름.txt"})
	if res.Backup != "" {
		t.Fatalf("an append took a backup: %+v", res)
	}
	es, b := second(t, p, krPW)
	if !bytes.HasPrefix(b, old) {
		t.Fatal("the old bytes changed")
	}
	if len(es) != 4 {
		t.Fatalf("%d records", len(es))
	}
	// old .ini (shadowed), new .ini, the addition, the renamed copy
	names := []string{}
	for _, e := range es {
		names = append(names, string(e.Name))
		if int(e.Offset) < len(old) && e.Index != 0 {
			t.Fatalf("%q: a new record points into the old bytes", e.Name)
		}
	}
	if names[0] != krINI || names[1] != krINI || names[2] != "\xC7\xD1\xB1\xDB\\new.txt" || names[3] != "\xBB\xE7\xBF\xEE\xB5\xE5\\\xBB\xF5\xC0\xCC\xB8\xA7.txt" {
		t.Fatalf("names %q", names)
	}
	if string(es[1].Data) != "[설정]\r\nlang=en\r\nnew=1\r\n" || es[1].Comment != "1" || !es[1].Encrypted {
		t.Fatalf("replaced %+v", es[1])
	}
	if string(es[3].Data) != treeFiles["사운드/한글파일.txt"] || string(es[2].Data) != "새 파일" {
		t.Fatalf("renamed %q, added %q", es[3].Data, es[2].Data)
	}
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if es := a.Entries(); !x(es[0]).IsShadowed || *x(es[0]).Wasted <= 0 || x(es[1]).IsShadowed {
		t.Fatalf("marks %v %v", es[0].Extra, es[1].Extra)
	}
	in := a.Capabilities().Info().(Info)
	if in.ShadowedCopies != 1 || in.ShadowedBytes != *x(a.Entries()[0]).Wasted || in.UnusedBytes == 0 {
		t.Fatalf("info %+v", in)
	}
	if got := readEntry(t, a, "사운드/새이름.txt"); got != treeFiles["사운드/한글파일.txt"] {
		t.Fatalf("renamed read %q", got)
	}

	// optimize: the winners only, the same bytes, comments and password
	dst := filepath.Join(t.TempDir(), "opt.iop")
	st, err := a.(*Archive).Optimize(context.Background(), dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	oes, ob := second(t, dst, krPW)
	if len(oes) != 3 || len(ob) >= len(b) {
		t.Fatalf("optimized: %d entries, %d bytes (was %d)", len(oes), len(ob), len(b))
	}
	w := ioptest.Winners(es)
	for _, e := range oes {
		win := w[ioptest.Fold(e.Name)]
		if !bytes.Equal(win.Data, e.Data) || win.Comment != e.Comment || !e.Encrypted {
			t.Fatalf("%q differs after optimize", e.Name)
		}
	}
	if _, err := ioptest.Read(ob, "wrong"); err == nil {
		t.Fatal("optimized pack opens with any password")
	}
}

func TestAppendRollback(t *testing.T) {
	p := createPack(t, krPW)
	old, _ := os.ReadFile(p)
	src := filepath.Join(t.TempDir(), "n.txt")
	os.WriteFile(src, bytes.Repeat([]byte("x"), 1000), 0o644)
	// a cancel
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, _ := archive.Open(p, archive.OpenOptions{})
	err := a.Capabilities().Append(ctx, []archive.Edit{{Op: archive.EditAdd, Path: "n.txt", Source: src}}, nil)
	a.Close()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancel: %v", err)
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, old) {
		t.Fatalf("cancel left %d bytes (was %d)", len(b), len(old))
	}
	if _, err := os.Stat(p + JournalSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("journal left behind")
	}
	// an error mid-way: a source that vanishes after the plan
	a, _ = archive.Open(p, archive.OpenOptions{})
	gone := filepath.Join(t.TempDir(), "gone.txt")
	os.WriteFile(gone, []byte("soon gone"), 0o644)
	pr := progressFunc(func(done, total int64, what string) {
		if done == 1 {
			os.Remove(gone)
		}
	})
	err = a.Capabilities().Append(context.Background(), []archive.Edit{
		{Op: archive.EditAdd, Path: "a.txt", Source: src}, {Op: archive.EditAdd, Path: "b.txt", Source: gone}}, pr)
	a.Close()
	if err == nil {
		t.Fatal("no error")
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, old) {
		t.Fatalf("error left %d bytes (was %d)", len(b), len(old))
	}
	// a crash: the journal and half an append are left; the next open rolls back
	f, _ := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	f.Write([]byte("PK\x03\x04 half an entry PK\x05\x06"))
	f.Close()
	// while the appending process runs, its journal is left alone
	if err := writeJournal(p+JournalSuffix, int64(len(old))); err != nil {
		t.Fatal(err)
	}
	a, err = archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	err = a.Capabilities().Append(context.Background(), []archive.Edit{{Op: archive.EditAdd, Path: "c.txt", Source: src}}, nil)
	a.Close()
	if !errors.Is(err, errAppendLive) {
		t.Fatalf("append beside a live journal: %v", err)
	}
	if st, _ := os.Stat(p); st.Size() == int64(len(old)) {
		t.Fatal("a live append was rolled back")
	}
	// the process died: the next open rolls back
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no child processes here:", err)
	}
	os.WriteFile(p+JournalSuffix, journal.Encode(journalHead, dead.Process.Pid, journal.Field{Key: "length", Value: fmt.Sprint(len(old))}), 0o644)
	a, err = archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if b, _ := os.ReadFile(p); !bytes.Equal(b, old) {
		t.Fatalf("crash left %d bytes (was %d)", len(b), len(old))
	}
	if _, err := os.Stat(p + JournalSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("journal left behind after recovery")
	}
}

type progressFunc func(done, total int64, what string)

func (f progressFunc) Progress(done, total int64, what string) { f(done, total, what) }

func TestLimitsBeforeWriting(t *testing.T) {
	p := createPack(t, "")
	old, _ := os.ReadFile(p)
	// a 4 GB source (sparse: no disk used) cannot fit
	big := filepath.Join(t.TempDir(), "big.bin")
	f, _ := os.Create(big)
	if err := f.Truncate(4 << 30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	dir := filepath.Dir(p)
	for _, out := range []string{"", filepath.Join(dir, "out.iop")} {
		_, err := writeback.Apply(context.Background(), p, out, []archive.Edit{{Op: archive.EditAdd, Path: "big.bin", Source: big}}, archive.OpenOptions{}, nil)
		if !errors.Is(err, iop.ErrTooLarge) || !strings.Contains(err.Error(), "4 GB") {
			t.Fatalf("out %q: %v", out, err)
		}
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, old) {
		t.Fatal("pack changed")
	}
	if ls, _ := os.ReadDir(dir); len(ls) != 1 {
		t.Fatalf("files left: %v", ls)
	}
	// 65,535 entries, then one more
	var buf bytes.Buffer
	w := iop.NewWriter(&buf, "")
	for i := 0; i < iop.MaxEntries; i++ {
		if err := w.WriteFile(iop.FileHeader{Name: string(rune('a'+i%26)) + "\\" + itoa(i), Method: iop.MethodStored}, nil, false); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	full := filepath.Join(t.TempDir(), "full.iop")
	os.WriteFile(full, buf.Bytes(), 0o644)
	small := filepath.Join(t.TempDir(), "s.txt")
	os.WriteFile(small, []byte("s"), 0o644)
	for _, out := range []string{"", filepath.Join(filepath.Dir(full), "out.iop")} {
		_, err := writeback.Apply(context.Background(), full, out, []archive.Edit{{Op: archive.EditAdd, Path: "one/more.txt", Source: small}}, archive.OpenOptions{}, nil)
		if !errors.Is(err, iop.ErrTooLarge) || !strings.Contains(err.Error(), "65536 entries") {
			t.Fatalf("out %q: %v", out, err)
		}
	}
	if st, _ := os.Stat(full); st.Size() != int64(buf.Len()) {
		t.Fatal("full pack changed")
	}
	if ls, _ := os.ReadDir(filepath.Dir(full)); len(ls) != 1 {
		t.Fatalf("files left: %v", ls)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestStandardLocalHeaderLayout(t *testing.T) {
	p := createPack(t, krPW)
	b, _ := os.ReadFile(p)
	z, err := iop.NewReader(bytes.NewReader(b), int64(len(b)), iop.Options{})
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	for _, f := range z.File {
		h := b[f.HeaderOffset:]
		nl, xl, ver, flags := le.Uint16(h[4:]), le.Uint16(h[6:]), le.Uint16(h[26:]), le.Uint16(h[28:])
		le.PutUint16(h[4:], ver)
		le.PutUint16(h[6:], flags)
		le.PutUint16(h[26:], nl)
		le.PutUint16(h[28:], xl)
	}
	std := filepath.Join(t.TempDir(), "rs.iop")
	os.WriteFile(std, b, 0o644)
	a, err := archive.Open(std, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.Family() != "iop" {
		t.Fatalf("family %s", a.Family())
	}
	if got := readEntry(t, a, "사운드/한글파일.txt"); got != treeFiles["사운드/한글파일.txt"] {
		t.Fatalf("%q", got)
	}
	// and a too-small central directory size in the end record
	c := append([]byte(nil), b...)
	le.PutUint32(c[len(c)-22+12:], 46+20)
	if z, err := iop.NewReader(bytes.NewReader(c), int64(len(c)), iop.Options{}); err != nil || len(z.File) != 3 {
		t.Fatalf("short directory size: %v", err)
	}
}

func TestAbsoluteAndUNCNamesRefusedOnExtract(t *testing.T) {
	for _, name := range []string{`\tmp\evil.txt`, `\\server\share\evil.txt`, `/etc/evil`} {
		var buf bytes.Buffer
		w := iop.NewWriter(&buf, "")
		w.WriteFile(iop.FileHeader{Name: "ok.txt", Method: iop.MethodStored}, []byte("ok"), false)
		w.WriteFile(iop.FileHeader{Name: name, Method: iop.MethodStored}, []byte("evil"), false)
		w.Close()
		p := filepath.Join(t.TempDir(), "x.iop")
		os.WriteFile(p, buf.Bytes(), 0o644)
		a, err := archive.Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		_, err = extract.Extract(context.Background(), a, dir, nil, nil, extract.Options{})
		a.Close()
		if !errors.Is(err, extract.ErrUnsafePath) {
			t.Fatalf("%s: %v", name, err)
		}
		if ls, _ := os.ReadDir(dir); len(ls) != 0 {
			t.Fatalf("%s: wrote %v", name, ls)
		}
	}
}

func mustEncode(t *testing.T, p string) string {
	t.Helper()
	raw, err := iop.EncodeName(p)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// A standard ZIP whose first name has 20 bytes has the same local header
// as a pack's (20 at 4 and at 26): the central directory tells them apart.
func TestDetectTwentyByteNames(t *testing.T) {
	dir := t.TempDir()
	name := "abcdefghij/klmno.txt" // 20 bytes
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
	w.Write([]byte("standard"))
	zw.Close()
	std := filepath.Join(dir, "std.iop")
	os.WriteFile(std, zb.Bytes(), 0o644)
	if (Driver{}).Detect(std, zb.Bytes()) {
		t.Fatal("a standard zip with a 20-byte name taken for a pack")
	}
	pack := filepath.Join(dir, "rs.iop")
	packFile(t, pack, krPW, [][2]string{{name, "pack"}, {"b.txt", "b"}})
	if d, err := archive.Detect(pack); err != nil || d.Name() != "iop" {
		t.Fatalf("a pack with a 20-byte first name: %v %v", d, err)
	}
}
