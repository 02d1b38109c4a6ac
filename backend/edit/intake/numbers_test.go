package intake

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
)

const oddNumbers = "[UNIT]\n\t<STRING>NAME:Skel\n\t<INTEGER>LEVEL:1e9\n\t<FLOAT>SPEED:1e400\n\t<INTEGER64>GUID:18446744073709551615\n[/UNIT]\n"

// strictSetting points the settings at a folder whose settings.json sets
// packStrictNumbers as given.
func strictSetting(t *testing.T, on bool) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("PACKSMITH_CONFIG_DIR", dir)
	if on {
		os.WriteFile(filepath.Join(dir, "settings.json"), []byte(`{"packStrictNumbers":true}`), 0o644)
	}
}

// Issue 30: the editor's lint, a write's conversion and a planned edit
// say what every odd number became, as pack does, line by line; with the
// setting (or ConvertStrict, replace/add --strict) they refuse it.
func TestNumbersAreSaidAndStrictRefuses(t *testing.T) {
	mod := &memArchive{files: map[string][]byte{}, compiled: true}
	const entry = "MEDIA/UNITS/MONSTERS/SKEL.DAT"

	strictSetting(t, false)
	marks := Lint(mod, entry, []byte(oddNumbers))
	lines := map[int]string{}
	for _, m := range marks {
		if m.Severity != "warning" {
			t.Errorf("not strict, yet %+v", m)
		}
		lines[m.Line] = m.Message
	}
	if len(marks) != 3 || !strings.Contains(lines[3], `"1e9" is not a number as a whole; packed as 1`) ||
		!strings.Contains(lines[4], `"1e400" is infinite; packed as +Inf`) || !strings.Contains(lines[5], "out of range") {
		t.Fatalf("lint marks %+v", marks)
	}
	c, err := Convert(mod, entry, "skel.dat", []byte(oddNumbers))
	if err != nil || len(c.Warnings) != 3 || !strings.HasPrefix(c.Warnings[0], "skel.dat:3: ") {
		t.Fatalf("convert: %v, warnings %q", err, c.Warnings)
	}

	// replace/add --strict: the edit says ConvertStrict.
	src := filepath.Join(t.TempDir(), "skel.dat")
	os.WriteFile(src, []byte(oddNumbers), 0o644)
	_, err = Prepare(context.Background(), mod, []archive.Edit{{Op: archive.EditAdd, Path: entry, Source: src, Convert: archive.ConvertStrict}}, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "skel.dat:3: LEVEL") || !strings.Contains(err.Error(), "numbers are strict") {
		t.Fatalf("strict edit: %v", err)
	}

	// The setting: every path refuses.
	strictSetting(t, true)
	marks = Lint(mod, entry, []byte(oddNumbers))
	if len(marks) == 0 || marks[0].Severity != "error" || marks[0].Line != 3 {
		t.Fatalf("strict lint %+v", marks)
	}
	if _, err := Convert(mod, entry, "skel.dat", []byte(oddNumbers)); err == nil || !strings.Contains(err.Error(), "numbers are strict") {
		t.Fatalf("strict convert: %v", err)
	}
	if _, err := Prepare(context.Background(), mod, []archive.Edit{{Op: archive.EditAdd, Path: entry, Source: src}}, t.TempDir()); err == nil {
		t.Fatal("strict setting: the edit went through")
	}
	// Whole numbers are no finding either way.
	if m := Lint(mod, entry, []byte(unitText)); len(m) != 0 {
		t.Fatalf("clean text under strict: %+v", m)
	}
}

// Issue 30: a UTF-16 text entry holding a lone surrogate shows it as
// U+FFFD; writing the text back (the editor, or replace with UTF-8 text)
// stores U+FFFD there, and says so at its line.
func TestLoneSurrogateReplacementIsSaid(t *testing.T) {
	orig := []byte{0xFF, 0xFE, 'a', 0, '\r', 0, '\n', 0, 'b', 0, 0x00, 0xD8, 'c', 0, '\r', 0, '\n', 0}
	zip := &memArchive{files: map[string][]byte{"notes.txt": orig}, keep: true}
	text := "a\nb\uFFFDc\n" // what the window shows
	c, done, err := EncodeLike(zip, "notes.txt", "notes.txt", text)
	if err != nil || !done || len(c.Warnings) != 1 || !strings.HasPrefix(c.Warnings[0], "notes.txt:2: U+FFFD") || !strings.Contains(c.Warnings[0], "U+D800") {
		t.Fatalf("%v %v %q", err, done, c.Warnings)
	}
	// The editor marks it as you type.
	if m := Lint(zip, "notes.txt", []byte(text)); len(m) != 1 || m[0].Line != 2 || m[0].Severity != "warning" {
		t.Fatalf("lint %+v", m)
	}
	// An entry without lone surrogates: a U+FFFD typed is no finding.
	clean := &memArchive{files: map[string][]byte{"notes.txt": orig[:10]}, keep: true}
	if c, _, err := EncodeLike(clean, "notes.txt", "notes.txt", text); err != nil || len(c.Warnings) != 0 {
		t.Fatalf("%v %q", err, c.Warnings)
	}
}
