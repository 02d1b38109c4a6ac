package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"packsmith/formats/cp949"
)

func wide16(s string, bom bool) []byte {
	var out []byte
	if bom {
		out = append(out, 0xFF, 0xFE)
	}
	for _, c := range utf16.Encode([]rune(s)) {
		out = append(out, byte(c), byte(c>>8))
	}
	return out
}

// UTF-8 text written over a Lost Saga text file goes back in the file's
// own encoding (CP949, UTF-16LE) with its CRLF line ends.
func TestIopTextKeepsEncoding(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(filepath.Join(src, "config"), 0o755)
	kr, err := cp949.Encode("이름=검\r\n값=1\r\n")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(src, "config", "sword.ini"), kr, 0o644)
	os.WriteFile(filepath.Join(src, "config", "wide.txt"), wide16("name=sword\r\n", true), 0o644)
	pack := filepath.Join(dir, "test.iop")
	if _, errs, code := run(t, "create", pack, src); code != 0 {
		t.Fatalf("create: %s", errs)
	}
	edited := filepath.Join(dir, "edited.ini")
	os.WriteFile(edited, []byte("이름=방패\n값=2\n"), 0o644)
	out, errs, code := run(t, "replace", pack, "config/sword.ini", edited)
	if code != 0 {
		t.Fatalf("replace: %s", errs)
	}
	if !strings.Contains(out, "config/sword.ini: UTF-8 text written as CP949, CRLF line ends kept") {
		t.Fatalf("no conversion said:\n%s", out)
	}
	want, _ := cp949.Encode("이름=방패\r\n값=2\r\n")
	if got := entryBytes(t, pack, "config/sword.ini"); !bytes.Equal(got, want) {
		t.Fatalf("stored % x, want CP949 % x", got, want)
	}
	os.WriteFile(edited, []byte("name=shield\r\n"), 0o644)
	if out, errs, code := run(t, "replace", pack, "config/wide.txt", edited); code != 0 || !strings.Contains(out, "written as UTF-16LE BOM") {
		t.Fatalf("replace wide: exit %d %q %q", code, out, errs)
	}
	if got := entryBytes(t, pack, "config/wide.txt"); !bytes.Equal(got, wide16("name=shield\r\n", true)) {
		t.Fatalf("stored % x, want UTF-16LE with BOM", got)
	}
	// A character code page 949 has no form for is refused with its line.
	before, _ := os.ReadFile(pack)
	os.WriteFile(edited, []byte("이름=검\n값=\U0001F600\n"), 0o644)
	_, errs, code = run(t, "replace", pack, "config/sword.ini", edited)
	if code == 0 || !strings.Contains(errs, "edited.ini:2: ") {
		t.Fatalf("exit %d %q", code, errs)
	}
	if after, _ := os.ReadFile(pack); !bytes.Equal(before, after) {
		t.Fatal("the pack changed")
	}
}
