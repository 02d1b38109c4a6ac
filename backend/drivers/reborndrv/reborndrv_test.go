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
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
)

func openT(t *testing.T, p string) *Archive {
	t.Helper()
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if a.Family() != Family {
		t.Fatalf("%s opened as %s", p, a.Family())
	}
	return a.(*Archive)
}

func read(t *testing.T, a archive.Archive, p string) []byte {
	t.Helper()
	rc, err := a.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDetect(t *testing.T) {
	for name := range testdataSet() {
		b, _ := os.ReadFile(filepath.Join("testdata", name))
		head := b[:min(len(b), archive.HeadSize)]
		if !(Driver{}).Detect(name, head) {
			t.Errorf("%s not detected", name)
		}
	}
	for _, h := range [][]byte{nil, []byte("PK\x03\x04 plain zip"), []byte("TL2 mod header here"), bytes.Repeat([]byte{0}, 64)} {
		if (Driver{}).Detect("x.dat", h) {
			t.Errorf("detected % X", h)
		}
	}
}

func TestSampleListing(t *testing.T) {
	a := openT(t, "testdata/sample.dat")
	want := []struct{ path, kind string }{
		{"#0", "txte"}, {"#1", "xlce"}, {"#2/#0", "data"}, {"#2/#1", "data"}, {"#3", "mlz0"}, {"#4", "btx"}, {"#5", "data"},
	}
	es := a.Entries()
	if len(es) != len(want) {
		t.Fatalf("%d entries: %+v", len(es), es)
	}
	for i, w := range want {
		if es[i].Path != w.path || es[i].Kind != w.kind {
			t.Errorf("entry %d: %s %s, want %s %s", i, es[i].Path, es[i].Kind, w.path, w.kind)
		}
	}
	if got := es[2].Extra.(*EntryExtra).Layers; got != "rotxor > zip(pack) > pakd > #2 pakd" {
		t.Errorf("layers %q", got)
	}
	if es[3].Extra.(*EntryExtra).ID != "0x00050001" || *es[3].Extra.(*EntryExtra).Index != 1 {
		t.Errorf("nested extra %v", es[3].Extra)
	}
	if got := read(t, a, "#2/#1"); !bytes.HasPrefix(got, []byte("unit sprite bytes\x00")) || len(got)%16 != 0 {
		t.Errorf("#2/#1 = %q", got)
	}
	txt := read(t, a, "#3")
	if !bytes.HasPrefix(txt, []byte("txte")) || int64(len(txt)) != es[4].Size || !bytes.Contains(txt, []byte("compressed text")) {
		t.Errorf("#3 decoded %q (size %d)", txt, es[4].Size)
	}
	if _, err := a.Open("#9"); !errors.Is(err, archive.ErrNotFound) {
		t.Errorf("missing entry: %v", err)
	}
	in := a.Info().(Info)
	if in.Chain != "rotxor > zip(pack) > pakd" || in.Packs != 2 || in.Entries != 7 || in.Kinds["data"] != 3 || !in.Rebuildable || in.ZipMember != "pack" {
		t.Errorf("info %+v", in)
	}
	f, err := a.Verify(context.Background(), archive.NoProgress{})
	if err != nil || len(f) != 0 {
		t.Errorf("verify: %v %+v", err, f)
	}
}

func TestOtherWrappings(t *testing.T) {
	a := openT(t, "testdata/raw.dat")
	if in := a.Info().(Info); in.Chain != "pakd" || in.Entries != 2 {
		t.Errorf("raw info %+v", in)
	}
	if a.Entries()[1].Extra.(*EntryExtra).ID != "0x00000003" {
		t.Errorf("raw id %v", a.Entries()[1].Extra)
	}
	e := openT(t, "testdata/effect.dat")
	if in := e.Info().(Info); in.Chain != "mlz0 > pakd" || e.Entries()[0].Kind != "txte" {
		t.Errorf("effect info %+v", in)
	}
	s := openT(t, "testdata/single.dat")
	if es := s.Entries(); len(es) != 1 || es[0].Path != "sh_tacos.pac" || es[0].Kind != "arc" {
		t.Errorf("single %+v", es)
	}
	if got := read(t, s, "sh_tacos.pac"); len(got) != 48 {
		t.Errorf("single payload %d bytes", len(got))
	}
}

func stagedCommit(t *testing.T, st archive.Staged, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
}

// unwrap removes RotXor and ZIP from a file, the way the game does.
func unwrap(t *testing.T, p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	rotxor.Decrypt(b)
	// The standard library's zip reader, not the code under test.
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil || len(zr.File) != 1 {
		t.Fatalf("%s: not a one-member zip: %v", p, err)
	}
	rc, err := zr.File[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	out, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRewrite(t *testing.T) {
	dir := t.TempDir()
	a := openT(t, "testdata/sample.dat")
	// Repack with no edits: the pakd comes back byte for byte.
	dst := filepath.Join(dir, "repack.dat")
	st, err := a.Rewrite(context.Background(), dst, nil, archive.NoProgress{})
	stagedCommit(t, st, err)
	if !bytes.Equal(unwrap(t, dst), samplePakd()) {
		t.Fatal("repack changed the pakd")
	}
	// Replace a nested entry and the MLZ0 one.
	src1 := filepath.Join(dir, "new.bin")
	os.WriteFile(src1, []byte("a longer replacement for the unit sprite"), 0o644)
	src2 := filepath.Join(dir, "new.txte")
	os.WriteFile(src2, txteOf("k", "new text"), 0o644)
	dst2 := filepath.Join(dir, "edited.dat")
	st, err = a.Rewrite(context.Background(), dst2, []archive.Edit{
		{Op: archive.EditReplace, Path: "#2/#1", Source: src1},
		{Op: archive.EditReplace, Path: "#3", Source: src2},
	}, archive.NoProgress{})
	stagedCommit(t, st, err)
	b := openT(t, dst2)
	if got := read(t, b, "#2/#1"); !bytes.HasPrefix(got, []byte("a longer replacement")) || len(got) != 48 {
		t.Errorf("replaced entry %q", got)
	}
	if got := read(t, b, "#3"); !bytes.Equal(got, txteOf("k", "new text")) {
		t.Errorf("replaced mlz0 entry %q", got)
	}
	for _, p := range []string{"#0", "#1", "#2/#0", "#4", "#5"} {
		if !bytes.Equal(read(t, a, p), read(t, b, p)) {
			t.Errorf("%s changed", p)
		}
	}
	if b.Entries()[3].Extra.(*EntryExtra).ID != "0x00050001" {
		t.Errorf("id lost: %v", b.Entries()[3].Extra)
	}
	if f, _ := b.Verify(context.Background(), archive.NoProgress{}); len(f) != 0 {
		t.Errorf("verify after edit: %+v", f)
	}
	if _, err := a.Rewrite(context.Background(), dst2, []archive.Edit{{Op: archive.EditRemove, Path: "#0"}}, archive.NoProgress{}); !errors.Is(err, ErrEditUnsupported) {
		t.Errorf("remove: %v", err)
	}
	// Other wrappings round-trip too.
	for _, name := range []string{"raw.dat", "effect.dat", "single.dat"} {
		o := openT(t, filepath.Join("testdata", name))
		d := filepath.Join(dir, name)
		st, err := o.Rewrite(context.Background(), d, nil, archive.NoProgress{})
		stagedCommit(t, st, err)
		if name != "single.dat" {
			want, _ := os.ReadFile(filepath.Join("testdata", name))
			got, _ := os.ReadFile(d)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: repack differs", name)
			}
		} else if !bytes.Equal(read(t, openT(t, d), "sh_tacos.pac"), read(t, o, "sh_tacos.pac")) {
			t.Errorf("%s: payload differs", name)
		}
	}
}

func TestCorrupt(t *testing.T) {
	good, _ := os.ReadFile("testdata/sample.dat")
	plainZip := append([]byte(nil), good...)
	rotxor.Decrypt(plainZip)
	reenc := func(z []byte) []byte { z = append([]byte(nil), z...); rotxor.Encrypt(z); return z }
	badSize := append([]byte(nil), plainZip...)
	binary.LittleEndian.PutUint32(badSize[18:], 1<<20)
	badCount := pakd.Build([]pakd.Item{{Data: pakd.Pad([]byte("x"))}})
	binary.LittleEndian.PutUint32(badCount[4:], 0x7FFFFFFF)
	for name, b := range map[string][]byte{
		"truncated":  good[:len(good)/2],
		"zip-csize":  reenc(badSize),
		"pakd-count": badCount,
		"mlz0":       append([]byte("MLZ0\xff\xff\x00\x00"), 0xF0, 1, 2),
		"not-zip":    reenc(append([]byte("PK\x03\x04"), make([]byte, 10)...)),
	} {
		_, err := openBytes(name, b, 1<<20)
		var ee *archive.EntryError
		if err == nil || !errors.As(err, &ee) {
			t.Errorf("%s: err %v", name, err)
		}
	}
	// A nested pack with a lying header is listed, and Verify reports it.
	bad := pakd.Build([]pakd.Item{{Data: pakd.Pad([]byte("ok"))}})
	binary.LittleEndian.PutUint32(bad[8:], 4)
	outer := pakd.Build([]pakd.Item{{Data: pakd.Nested(bad)}, {Data: mlz0.Encode([]byte("x"))[:9]}})
	a, err := openBytes("nested", outer, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := a.Verify(context.Background(), archive.NoProgress{})
	if len(f) != 2 || f[0].Entry != "#0" || !strings.Contains(f[0].Message, "entry #0") || f[1].Check != "mlz0" {
		t.Errorf("findings %+v", f)
	}
}
