package zipdrv

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"packsmith/backend/archive"
)

const comment = "made by a test; keep me"

// writeZip writes a zip with a comment, a folder record, a stored and a
// deflated entry, and a name with '\'.
func writeZip(t *testing.T, p string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name string, m uint16, data string) {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: m, Modified: time.Unix(1e9, 0)})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, data)
	}
	add("docs/", zip.Store, "")
	add("docs/readme.txt", zip.Deflate, strings.Repeat("hello ", 100))
	add("raw.bin", zip.Store, "\x00\x01\x02")
	add(`win\path.txt`, zip.Deflate, "backslash")
	zw.SetComment(comment)
	zw.Close()
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func open(t *testing.T, p string) *Archive {
	t.Helper()
	a, err := Driver{}.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a.(*Archive)
}

func read(t *testing.T, a *Archive, name string) string {
	t.Helper()
	rc, err := a.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestListAndRead(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.zip")
	writeZip(t, p)
	head, _ := os.ReadFile(p)
	if !(Driver{}).Detect(p, head[:8]) || (Driver{}).Detect(p, []byte("DDS ")) {
		t.Fatal("Detect")
	}
	a := open(t, p)
	var names []string
	for _, e := range a.Entries() {
		names = append(names, e.Path)
	}
	if strings.Join(names, ",") != "docs/readme.txt,raw.bin,win/path.txt" {
		t.Fatalf("entries %v (folder records skipped, '\\' as '/')", names)
	}
	e := a.Entries()[0]
	if e.Size != 600 || e.Packed >= 600 || e.Kind != "text" || e.Extra.(*EntryExtra).Method != "deflate" {
		t.Fatalf("entry %+v", e)
	}
	if a.Entries()[1].Packed != 3 || a.Entries()[1].Extra.(*EntryExtra).Method != "stored" {
		t.Fatalf("stored entry %+v", a.Entries()[1])
	}
	if got := read(t, a, "win/path.txt"); got != "backslash" {
		t.Fatalf("win/path.txt = %q", got)
	}
	_, err := a.Open("nope")
	var ee *archive.EntryError
	if !errors.As(err, &ee) || !errors.Is(err, archive.ErrNotFound) || ee.Archive != p || ee.Entry != "nope" {
		t.Fatalf("missing entry: %v", err)
	}
	info := a.Info().(map[string]any)
	if info["comment"] != comment || info["entries"] != 3 || info["size"] != int64(612) {
		t.Fatalf("info %v", info)
	}
	f, err := a.Verify(context.Background(), archive.NoProgress{})
	if err != nil || len(f) != 0 {
		t.Fatalf("verify of a clean zip: %v %v", f, err)
	}
	sp := a.Spans()
	if len(sp) != 3 || sp[1].Entry != "raw.bin" || sp[1].Length != 3 || sp[0].Offset+sp[0].Length > sp[1].Offset {
		t.Fatalf("spans %+v", sp)
	}
	if a.IsLink("raw.bin") || a.MaxRatio() != 1032 {
		t.Fatal("IsLink / MaxRatio")
	}
}

func TestVerifyFindsDamage(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.zip")
	writeZip(t, p)
	b, _ := os.ReadFile(p)
	zr, _ := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	off, _ := zr.File[2].DataOffset() // raw.bin, stored: a flipped byte is a CRC error
	b[off+1] ^= 0xFF
	os.WriteFile(p, b, 0o644)
	f, err := open(t, p).Verify(context.Background(), archive.NoProgress{})
	if err != nil || len(f) != 1 || f[0].Entry != "raw.bin" || f[0].Severity != archive.SevError || f[0].Check != "crc" {
		t.Fatalf("findings %+v %v", f, err)
	}
}

// Every kind of rewrite keeps the archive comment and the bytes of the
// entries it does not touch.
func TestRewriteKeepsCommentAndBytes(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "new.txt")
	os.WriteFile(src, []byte("new content"), 0o644)
	for _, c := range []struct {
		name  string
		edits []archive.Edit
		want  map[string]string // entry → content; "" = absent
	}{
		{"repack", nil, map[string]string{"raw.bin": "\x00\x01\x02", "win/path.txt": "backslash"}},
		{"replace", []archive.Edit{{Op: archive.EditReplace, Path: "raw.bin", Source: src}}, map[string]string{"raw.bin": "new content", "win/path.txt": "backslash"}},
		{"add", []archive.Edit{{Op: archive.EditAdd, Path: `new\x.txt`, Source: src}}, map[string]string{"new/x.txt": "new content", "raw.bin": "\x00\x01\x02"}},
		{"remove", []archive.Edit{{Op: archive.EditRemove, Path: "RAW.BIN"}}, map[string]string{"raw.bin": "", "win/path.txt": "backslash"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "a.zip")
			writeZip(t, p)
			orig, _ := os.ReadFile(p)
			a := open(t, p)
			out := filepath.Join(t.TempDir(), "out.zip")
			st, err := a.Rewrite(context.Background(), out, c.edits, archive.NoProgress{})
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Commit(); err != nil {
				t.Fatal(err)
			}
			b := open(t, out)
			if got := b.zr.Comment; got != comment {
				t.Fatalf("comment %q, want %q", got, comment)
			}
			for name, want := range c.want {
				_, err := b.Open(name)
				if want == "" {
					if err == nil {
						t.Errorf("%s still there", name)
					}
					continue
				}
				if got := read(t, b, name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
			// Untouched deflated entry: the same compressed bytes.
			rawOf := func(a *Archive, name string) []byte {
				r, _ := a.byPath[name].OpenRaw()
				x, _ := io.ReadAll(r)
				return x
			}
			if !bytes.Equal(rawOf(a, "docs/readme.txt"), rawOf(b, "docs/readme.txt")) {
				t.Error("an untouched entry was recompressed")
			}
			if c.name == "repack" {
				nb, _ := os.ReadFile(out)
				if len(nb) != len(orig) {
					t.Errorf("repack: %d bytes, original %d", len(nb), len(orig))
				}
			}
		})
	}
	// Errors name the archive and the entry.
	p := filepath.Join(dir, "a.zip")
	writeZip(t, p)
	a := open(t, p)
	for _, e := range []archive.Edit{{Op: archive.EditReplace, Path: "nope", Source: src}, {Op: archive.EditAdd, Path: "raw.bin", Source: src}} {
		_, err := a.Rewrite(context.Background(), filepath.Join(dir, "o.zip"), []archive.Edit{e}, archive.NoProgress{})
		var ee *archive.EntryError
		if !errors.As(err, &ee) || ee.Archive != p || ee.Entry != e.Path {
			t.Errorf("%v: %v", e, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) != 0 {
		t.Errorf("temp files left: %v", left)
	}
}
