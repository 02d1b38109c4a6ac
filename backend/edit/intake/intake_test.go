package intake

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
	"packsmith/formats/cp949"
	"packsmith/formats/tl2/raw"
)

// memArchive is an archive over a map; compiled says whether it stores
// TL2 sources compiled (a .MOD), keep whether it keeps text encodings.
type memArchive struct {
	files          map[string][]byte
	compiled, keep bool
}

func (m *memArchive) Family() string { return "mem" }
func (m *memArchive) Path() string   { return "mem.arc" }
func (m *memArchive) Entries() []archive.Entry {
	var es []archive.Entry
	for p, b := range m.files {
		es = append(es, archive.Entry{Path: p, Size: int64(len(b))})
	}
	return es
}
func (m *memArchive) Open(p string) (io.ReadCloser, error) {
	b, ok := m.files[p]
	if !ok {
		return nil, archive.ErrNotFound
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}
func (m *memArchive) Close() error { return nil }
func (m *memArchive) Capabilities() archive.Capabilities {
	return archive.Capabilities{CompilesSources: m.compiled, KeepsTextEncoding: m.keep}
}

const unitText = "[UNIT]\n\t<STRING>NAME:Skel\n\t<INTEGER>LEVEL:3\n[/UNIT]\n"

func TestConvertCompilesOnlyWhereTheGameReadsCompiled(t *testing.T) {
	mod := &memArchive{files: map[string][]byte{}, compiled: true}
	c, err := Convert(mod, "MEDIA/UNITS/MONSTERS/SKEL.DAT", "skel.dat", []byte(unitText))
	if err != nil || c.Label != "compiled from text to BINDAT" || len(c.Data) < 8 || c.Data[0] != 2 {
		t.Fatalf("%+v %v", c, err)
	}
	// Already compiled: as it is.
	again, err := Convert(mod, "MEDIA/UNITS/MONSTERS/SKEL.DAT", "skel.bin", c.Data)
	if err != nil || again.Data != nil || again.Label != "" {
		t.Fatalf("compiled bytes converted again: %+v %v", again, err)
	}
	// A folder (a mod's sources) keeps text as text.
	dir := &memArchive{files: map[string][]byte{}}
	if c, err := Convert(dir, "MEDIA/UNITS/MONSTERS/SKEL.DAT", "skel.dat", []byte(unitText)); err != nil || c.Data != nil {
		t.Fatalf("a folder compiled: %+v %v", c, err)
	}
	// A layout compiles to BINLAYOUT.
	lay := "[Layout]\n\t<INTEGER>VERSION:4\n\t[OBJECTS]\n\t[/OBJECTS]\n[/Layout]\n"
	if c, err := Convert(mod, "MEDIA/LAYOUTS/X/X.LAYOUT", "x.layout", []byte(lay)); err != nil || c.Label != "compiled from text to BINLAYOUT" {
		t.Fatalf("layout: %+v %v", c, err)
	}
	// A broken source is refused naming the user's file and line.
	_, err = Convert(mod, "MEDIA/UNITS/MONSTERS/SKEL.DAT", "skel.dat", []byte("[UNIT]\n\t<INTEGER LEVEL:3\n[/UNIT]\n"))
	if err == nil || !strings.Contains(err.Error(), "skel.dat:2: ") || !strings.Contains(err.Error(), "mem.arc: MEDIA/UNITS/MONSTERS/SKEL.DAT: not written: ") {
		t.Fatalf("%v", err)
	}
}

func TestLintMarksLines(t *testing.T) {
	mod := &memArchive{files: map[string][]byte{}, compiled: true}
	if m := Lint(mod, "MEDIA/X.DAT", []byte(unitText)); len(m) != 0 {
		t.Fatalf("clean text: %+v", m)
	}
	m := Lint(mod, "MEDIA/X.DAT", []byte("[UNIT]\n\t<INTEGER>LEVEL:3\n\t<BADTYPE>X:1\n[/UNIT]\n"))
	if len(m) != 1 || m[0].Line != 3 || m[0].Severity != "error" {
		t.Fatalf("%+v", m)
	}
	// CP949 text: a character it lacks, at its line.
	kr, _ := cp949.Encode("이름=검\r\n")
	iop := &memArchive{files: map[string][]byte{"a.ini": kr}, keep: true}
	m = Lint(iop, "a.ini", []byte("이름=검\n값=\U0001F600\n"))
	if len(m) != 1 || m[0].Line != 2 {
		t.Fatalf("%+v", m)
	}
}

func TestEncodeLike(t *testing.T) {
	kr, _ := cp949.Encode("가\r\n")
	u16 := func(s string, bom bool) []byte {
		var b []byte
		if bom {
			b = append(b, 0xFF, 0xFE)
		}
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return b
	}
	cases := []struct {
		name  string
		orig  []byte
		text  string
		want  []byte
		label string
	}{
		{"cp949", kr, "나\n", mustCP949(t, "나\r\n"), "UTF-8 text written as CP949, CRLF line ends kept"},
		{"utf16 bom", u16("a\r\n", true), "b\n", u16("b\r\n", true), "UTF-8 text written as UTF-16LE BOM, CRLF line ends kept"},
		{"utf16", u16("name=a\nvalue=b\n", false), "x\n", u16("x\n", false), "UTF-8 text written as UTF-16LE"},
		{"utf8 bom", []byte("\uFEFFa\n"), "b\n", []byte("\uFEFFb\n"), "UTF-8 text, its BOM kept"},
		{"utf8", []byte("a\n"), "b\n", nil, ""},
	}
	for _, c := range cases {
		was, ok := preview.DecodeText(c.orig)
		if !ok {
			t.Fatalf("%s: not text", c.name)
		}
		cv, done, err := encodeLike(was, "f", c.text)
		if err != nil || done != (c.want != nil) || !bytes.Equal(cv.Data, c.want) || cv.Label != c.label {
			t.Errorf("%s (%s): % x %q %v, want % x %q", c.name, was.Encoding, cv.Data, cv.Label, err, c.want, c.label)
		}
	}
}

func mustCP949(t *testing.T, s string) []byte {
	b, err := cp949.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRawKindOf(t *testing.T) {
	for p, want := range map[string]raw.Kind{
		"MEDIA/UNITS/MONSTERS/A/B.DAT": raw.UnitData, "MEDIA/SKILLS/X/X.DAT": raw.Skills, "MEDIA/AFFIXES/A.DAT": raw.Affixes,
		"MEDIA/MISSILES/M.LAYOUT": raw.Missiles, "MEDIA/UI/MENUS/X/M.LAYOUT": raw.UI, "MEDIA/TRIGGERABLES/T.DAT": raw.Triggerables,
		"MEDIA/LEVELSETS/L.DAT": raw.RoomPieces,
	} {
		if k, ok := rawKindOf(p); !ok || k != want {
			t.Errorf("%s: %v %v, want %v", p, k, ok, want)
		}
	}
	for _, p := range []string{"MEDIA/UNITS/X.DAT", "MEDIA/SKILLS/X/X.LAYOUT", "MEDIA/UI/ICONS/X.DDS", "MEDIA/STATS/S.DAT"} {
		if k, ok := rawKindOf(p); ok {
			t.Errorf("%s: read by %v", p, k)
		}
	}
}

// A RAW index's table written over the index compiles back to it; a
// broken table is refused at its line; the index's own bytes and a folder
// are left alone.
func TestConvertRAWText(t *testing.T) {
	f := &raw.File{Kind: raw.Skills, Skills: []raw.Skill{{Name: "S", File: "MEDIA/SKILLS/S.DAT", GUID: 7}}}
	bin, _ := raw.Encode(f)
	mod := &memArchive{files: map[string][]byte{"MEDIA/SKILLS.RAW": bin}, compiled: true}
	if !Applies(mod, "MEDIA/SKILLS.RAW") || !CompilesText(mod, "media/skills.raw") || CompilesText(mod, "MEDIA/SKILLS.TXT") {
		t.Fatal("a RAW index of a .MOD does not compile")
	}
	text := strings.Replace(string(raw.Text(f)), "7", "8x", 1)
	c, err := Convert(mod, "MEDIA/SKILLS.RAW", "edited.txt", []byte(text))
	want, _ := raw.Encode(&raw.File{Kind: raw.Skills, Skills: []raw.Skill{{Name: "S", File: "MEDIA/SKILLS/S.DAT", GUID: 8}}})
	if err != nil || c.Label != "compiled from text to RAW" || !bytes.Equal(c.Data, want) || len(c.Warnings) != 1 || !strings.HasPrefix(c.Warnings[0], "edited.txt:4: UNIQUE_GUID: ") {
		t.Fatalf("%+v %v", c, err)
	}
	if c, err := Convert(mod, "MEDIA/SKILLS.RAW", "s.raw", bin); err != nil || c.Data != nil {
		t.Fatalf("compiled bytes converted: %+v %v", c, err)
	}
	_, err = Convert(mod, "MEDIA/SKILLS.RAW", "edited.txt", []byte(strings.Replace(text, "8x", "x8", 1)))
	if err == nil || !strings.Contains(err.Error(), "mem.arc: MEDIA/SKILLS.RAW: not written: edited.txt:4: UNIQUE_GUID: \"x8\" is not a number") {
		t.Fatalf("%v", err)
	}
	if m := Lint(mod, "MEDIA/SKILLS.RAW", []byte(strings.Replace(text, "8x", "x8", 1))); len(m) != 1 || m[0].Line != 4 || m[0].Severity != "error" {
		t.Fatalf("%+v", m)
	}
	if m := Lint(mod, "MEDIA/SKILLS.RAW", []byte(text)); len(m) != 1 || m[0].Line != 4 || m[0].Severity != "warning" {
		t.Fatalf("%+v", m)
	}
	dir := &memArchive{files: map[string][]byte{}}
	if c, err := Convert(dir, "MEDIA/SKILLS.RAW", "edited.txt", []byte(text)); err != nil || c.Data != nil {
		t.Fatalf("a folder compiled: %+v %v", c, err)
	}
}
