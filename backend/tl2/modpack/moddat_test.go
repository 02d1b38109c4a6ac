package modpack

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

func writeModDat(t testing.TB, dir, text string, enc dattext.Encoding) string {
	t.Helper()
	p := filepath.Join(dir, "MOD.DAT")
	if err := os.WriteFile(p, dattext.EncodeText(text, enc), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestParseModDat(t *testing.T) {
	text := "[MOD]\r\n" +
		"\t<STRING>NAME:My Mod\r\n" +
		"\t<STRING>AUTHOR:Me\r\n" +
		"\t<STRING>DESCRIPTION:Does: things\r\n" +
		"\t<STRING>WEBSITE:https://example.org\r\n" +
		"\t<STRING>DOWNLOAD_URL:https://example.org/dl\r\n" +
		"\t<INTEGER64>MOD_ID:-2318989449992446293\r\n" +
		"\t<INTEGER>VERSION:3\r\n" +
		"\t<STRING>MOD_FILE_NAME:MYMOD\r\n" +
		"\t<STRING>steam_tags:x\r\n" +
		"\t[REQUIRED_MODS]\r\n" +
		"\t\t<INTEGER64>ID:12345\r\n" +
		"\t\t<INTEGER64>ID:18446744073709551615\r\n" +
		"\t\t<INTEGER>VERSION:2\r\n" +
		"\t\t[MOD]\r\n\t\t\t<STRING>NAME:Other\r\n\t\t\t<INTEGER64>ID:77\r\n\t\t\t<INTEGER>VERSION:4\r\n\t\t[/MOD]\r\n" +
		"\t[/REQUIRED_MODS]\r\n" +
		"\t[REMOVE_FILES]\r\n\t\t<STRING>FILE:MEDIA/UNITS/OLD.DAT\r\n\t[/REMOVE_FILES]\r\n" +
		"[/MOD]\r\n"
	md, err := ParseModDat("MOD.DAT", dattext.EncodeText(text, dattext.UTF16LEBOM))
	if err != nil {
		t.Fatal(err)
	}
	if md.Name != "My Mod" || md.Author != "Me" || md.Description != "Does: things" || md.Website != "https://example.org" ||
		md.DownloadURL != "https://example.org/dl" || md.ModID != -2318989449992446293 || !md.HasModID || md.Version != 3 || md.FileName != "MYMOD" {
		t.Errorf("%+v", md)
	}
	want := []mod.Dependency{{ID: 12345}, {ID: -1, Version: 2}, {Name: "Other", ID: 77, Version: 4}}
	if len(md.Required) != len(want) {
		t.Fatalf("required %+v", md.Required)
	}
	for i := range want {
		if md.Required[i] != want[i] {
			t.Errorf("required[%d] = %+v, want %+v", i, md.Required[i], want[i])
		}
	}
	if len(md.Remove) != 1 || md.Remove[0] != "MEDIA/UNITS/OLD.DAT" {
		t.Errorf("remove %v", md.Remove)
	}
	if len(md.Findings) != 1 || md.Findings[0].Line != 10 || !strings.Contains(md.Findings[0].Message, "upper case") {
		t.Errorf("findings %v", md.Findings)
	}
	if got := OutputName(md, "/x/folder"); got != "MYMOD.MOD" {
		t.Errorf("output name %q", got)
	}
}

func TestParseModDatErrors(t *testing.T) {
	for text, line := range map[string]int{
		"[MOD]\n<INTEGER64>MOD_ID:abc\n[/MOD]\n":                              2,
		"[MOD]\n<INTEGER>VERSION:70000\n[/MOD]\n":                             2,
		"[UNIT]\n[/UNIT]\n":                                                   1,
		"[MOD]\n<STRING>NAME:x\n":                                             0,
		"[MOD]\n[REQUIRED_MODS]\n<INTEGER64>ID:z\n[/REQUIRED_MODS]\n[/MOD]\n": 3,
	} {
		_, err := ParseModDat("MOD.DAT", []byte(text))
		var de *dattext.Error
		if !errors.As(err, &de) {
			t.Errorf("%q: %v, want a file:line error", text, err)
			continue
		}
		if line > 0 && de.Line != line {
			t.Errorf("%q: line %d, want %d (%v)", text, de.Line, line, err)
		}
	}
}

func TestOutputName(t *testing.T) {
	for _, c := range []struct{ file, name, dir, want string }{
		{"", "", "/mods/Cool Mod", "Cool Mod.MOD"},
		{"", "A/B: C?", "/x", "A_B_ C_.MOD"},
		{"thing.mod", "", "/x", "thing.mod"},
		{" .. ", "", "/x/.", "x.MOD"},
	} {
		if got := OutputName(&ModDat{FileName: c.file, Name: c.name}, c.dir); got != c.want {
			t.Errorf("%+v: %q", c, got)
		}
	}
}

// TestWriteModID sets MOD_ID in place (GUTS's -1 placeholder) and adds one
// where there is none, keeping comments, line ends and the encoding, with
// a backup beside the old file.
func TestWriteModID(t *testing.T) {
	dir := t.TempDir()
	orig := "[MOD]\r\n\t// keep me\r\n\t<STRING>NAME:x\r\n\t<INTEGER64>MOD_ID:-1\r\n[/MOD]\r\n"
	p := writeModDat(t, dir, orig, dattext.UTF16LEBOM)
	md, _ := ReadModDat(dir)
	if md.HasModID {
		t.Fatal("-1 must count as no MOD_ID")
	}
	bak, err := WriteModID(dir, 42)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	text, enc, _ := dattext.Decode(p, b)
	if enc != dattext.UTF16LEBOM || text != strings.Replace(orig, "MOD_ID:-1", "MOD_ID:42", 1) {
		t.Errorf("rewritten %v %q", enc, text)
	}
	if ob, _ := os.ReadFile(bak); string(ob) != string(dattext.EncodeText(orig, dattext.UTF16LEBOM)) {
		t.Errorf("backup %s does not hold the old file", bak)
	}

	dir2 := t.TempDir()
	p2 := writeModDat(t, dir2, "[MOD]\n<STRING>NAME:y\n[/MOD]", dattext.UTF8)
	if _, err := WriteModID(dir2, -7); err != nil {
		t.Fatal(err)
	}
	b2, _ := os.ReadFile(p2)
	if string(b2) != "[MOD]\n\t<INTEGER64>MOD_ID:-7\n<STRING>NAME:y\n[/MOD]" {
		t.Errorf("inserted: %q", b2)
	}
	if md, _ := ReadModDat(dir2); md.ModID != -7 || !md.HasModID {
		t.Errorf("re-read %+v", md)
	}
}

func TestNewModID(t *testing.T) {
	seen := map[int64]bool{}
	for i := 0; i < 100; i++ {
		id := NewModID()
		if id == 0 || id == -1 || seen[id] {
			t.Fatalf("id %d", id)
		}
		seen[id] = true
	}
}
