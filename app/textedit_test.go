package app

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

func demoSession(t testing.TB, name string) (*App, string, string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	b, err := os.ReadFile("../testdata/demo/" + name)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	os.WriteFile(p, b, 0o644)
	s := testApp(t, &events{}, nil, nil)
	info, err := openNow(s, p, "")
	if err != nil {
		t.Fatal(err)
	}
	return s, info.ID, p
}

// The editor pane's calls on a .MOD: a BINDAT entry opens as its GUTS
// text, a typo is marked at its line, a save makes a pending change that
// compiled, and the preview then shows the pending content.
func TestEditCompiledEntryAsText(t *testing.T) {
	s, id, p := demoSession(t, "PACKSMITH_SAMPLE.MOD")
	before, _ := os.ReadFile(p)
	const sword = "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT"
	et, err := s.EntryText(id, sword)
	if err != nil {
		t.Fatal(err)
	}
	if et.Kind != "BINDAT" || !et.Editable || !et.Compiles || et.Pending || !strings.Contains(et.Text, "<INTEGER>LEVEL:10") {
		t.Fatalf("%+v", et)
	}
	lines := strings.Split(et.Text, "\n")
	bad := -1
	for i, l := range lines {
		if strings.Contains(l, "<INTEGER>LEVEL:10") {
			bad = i
		}
	}
	broken := strings.Replace(et.Text, "<INTEGER>LEVEL:10", "<INTEGER LEVEL:10", 1)
	marks, err := s.LintText(id, sword, broken)
	if err != nil || len(marks) != 1 || marks[0].Line != bad+1 || marks[0].Severity != "error" {
		t.Fatalf("lint of a broken line %d: %+v %v", bad+1, marks, err)
	}
	if marks, _ := s.LintText(id, sword, et.Text); len(marks) != 0 {
		t.Fatalf("lint of the entry's own text: %+v", marks)
	}
	if _, err := s.SetEntryText(id, sword, broken); err == nil || !strings.Contains(err.Error(), ":"+itoa(bad+1)+": ") {
		t.Fatalf("a broken text was taken: %v", err)
	}
	st, err := s.SetEntryText(id, sword, strings.Replace(et.Text, "LEVEL:10", "LEVEL:12", 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Changes) != 1 || st.Changes[0].Conversion != "compiled from text to BINDAT" || st.Changes[0].OldSize != 424 || st.Changes[0].From != "edited as text" {
		t.Fatalf("%+v", st.Changes)
	}
	now, err := s.EntryText(id, sword)
	if err != nil || !now.Pending || !strings.Contains(now.Text, "<INTEGER>LEVEL:12") || now.Kind != "BINDAT" {
		t.Fatalf("the editor does not show the pending text: %+v %v", now, err)
	}
	d, err := s.Describe(id, sword)
	if err != nil || d.Extra.Pending != "pending replace: compiled from text to BINDAT" || d.Size != st.Changes[0].NewSize {
		t.Fatalf("describe: %+v %v", d, err)
	}
	if after, _ := os.ReadFile(p); string(after) != string(before) {
		t.Fatal("the .MOD was written before Save")
	}
}

// A RAW index opens as its table and edits like a .DAT: a bad value is
// marked at its line, a save makes a pending change compiled back to the
// index, which the editor then shows.
func TestEditRAWAsText(t *testing.T) {
	s, id, p := demoSession(t, "PACKSMITH_SAMPLE.MOD")
	before, _ := os.ReadFile(p)
	const ud = "MEDIA/UNITDATA.RAW"
	raw, err := s.EntryText(id, ud)
	if err != nil || raw.Kind != "RAW" || !raw.Editable || !raw.Compiles || !strings.Contains(raw.Text, "SAMPLE_SWORD") {
		t.Fatalf("RAW: %+v %v", raw, err)
	}
	if marks, _ := s.LintText(id, ud, raw.Text); len(marks) != 0 {
		t.Fatalf("lint of the entry's own table: %+v", marks)
	}
	// LEVEL 10 → 12; the line keeps its other columns where they were.
	edited := strings.Replace(raw.Text, "false  10     1", "false  12     1", 1)
	broken := strings.Replace(raw.Text, "false  10     1", "false  ten    1", 1)
	if edited == raw.Text || broken == raw.Text {
		t.Fatalf("the table changed its layout:\n%s", raw.Text)
	}
	if marks, _ := s.LintText(id, ud, broken); len(marks) != 1 || marks[0].Line != 4 || marks[0].Severity != "error" || !strings.Contains(marks[0].Message, "LEVEL") {
		t.Fatalf("lint of a broken table: %+v", marks)
	}
	if _, err := s.SetEntryText(id, ud, broken); err == nil || !strings.Contains(err.Error(), "UNITDATA.RAW:4: LEVEL: ") {
		t.Fatalf("a broken table was taken: %v", err)
	}
	st, err := s.SetEntryText(id, ud, edited)
	if err != nil || len(st.Changes) != 1 || st.Changes[0].Conversion != "compiled from text to RAW" || st.Changes[0].NewSize != 173 {
		t.Fatalf("%+v %v", st.Changes, err)
	}
	now, err := s.EntryText(id, ud)
	if err != nil || !now.Pending || now.Kind != "RAW" || now.Text != strings.Replace(raw.Text, "false  10     1", "false  12     1", 1) {
		t.Fatalf("the editor does not show the pending table: %+v %v", now, err)
	}
	if after, _ := os.ReadFile(p); string(after) != string(before) {
		t.Fatal("the .MOD was written before Save")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A text entry of another family keeps the encoding it had: UTF-16 stays
// UTF-16 with its BOM.
func TestEditTextKeepsEncoding(t *testing.T) {
	s, id, _ := demoSession(t, "demo.zip")
	et, err := s.EntryText(id, "docs/utf16.txt")
	if err != nil || et.Kind != "text" || !strings.HasPrefix(et.Encoding, "UTF-16") || !et.Editable || et.Compiles {
		t.Fatalf("%+v %v", et, err)
	}
	st, err := s.SetEntryText(id, "docs/utf16.txt", "edited ✓\n")
	if err != nil || len(st.Changes) != 1 {
		t.Fatalf("%+v %v", st, err)
	}
	b, _ := os.ReadFile(st.Changes[0].Source)
	want := []byte{}
	if et.Encoding == "UTF-16LE BOM" {
		want = append(want, 0xFF, 0xFE)
	}
	text := "edited ✓\n"
	if strings.Contains(et.Text, "\r\n") {
		text = "edited ✓\r\n"
	}
	for _, c := range utf16.Encode([]rune(text)) {
		want = append(want, byte(c), byte(c>>8))
	}
	if string(b) != string(want) {
		t.Fatalf("stored % x, want % x (%s)", b, want, et.Encoding)
	}
}

// A PNG dropped on a .DDS entry replaces it (encoded as that texture),
// rather than being added beside it as a .png.
func TestDropPictureOnTexture(t *testing.T) {
	s, id, _ := demoSession(t, "PACKSMITH_SAMPLE.MOD")
	pic := filepath.Join(t.TempDir(), "icon.png")
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	var b bytes.Buffer
	png.Encode(&b, img)
	os.WriteFile(pic, b.Bytes(), 0o644)
	// The sample has no texture: add one first, then drop on it.
	st, err := s.AddEntry(id, "MEDIA/UI/ICON.DDS", pic)
	if err != nil || len(st.Changes) != 1 || !strings.HasPrefix(st.Changes[0].Conversion, "PNG encoded as DXT5") {
		t.Fatalf("%+v %v", st, err)
	}
	r, err := s.DropFiles(id, "MEDIA/UI/ICON.DDS", "", []string{pic})
	if err != nil || len(r.Changes) != 1 || r.Changes[0].Path != "MEDIA/UI/ICON.DDS" || r.Changes[0].Op != "add" {
		t.Fatalf("drop on the texture: %+v %v", r, err)
	}
}
