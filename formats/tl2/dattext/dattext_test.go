package dattext

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

const sample = "[AFFIX]\r\n" +
	"\t<STRING>NAME:X_DODGEROLL_BONUS\r\n" +
	"\t<INTEGER>RANK:0\r\n" +
	"\t[UNITTYPES]\r\n" +
	"\t\t<STRING>UNITTYPE:PLAYER\r\n" +
	"\t[/UNITTYPES]\r\n" +
	"\t<FLOAT>DURATION:1\r\n" +
	"\t// a comment <STRING>X:Y\r\n" +
	"\r\n" +
	"\t[EFFECT]\r\n" +
	"\t\t<STRING>TYPE:DODGE CHANCE BONUS\r\n" +
	"\t\t<UNSIGNED INT>URL:http://x:80/ \r\n" +
	"\t[/EFFECT]\r\n" +
	"[/AFFIX]\r\n"

func TestParseSample(t *testing.T) {
	root, err := ParseText("S.DAT", sample)
	if err != nil {
		t.Fatal(err)
	}
	if root.Name != "AFFIX" || root.Line != 1 || root.EndLine != 14 {
		t.Fatalf("root = %q lines %d..%d", root.Name, root.Line, root.EndLine)
	}
	if len(root.Props) != 3 || root.Props[2].Key != "DURATION" || root.Props[2].Line != 7 {
		t.Fatalf("props = %+v", root.Props)
	}
	eff := root.Child("EFFECT")
	if eff == nil || eff.Line != 10 {
		t.Fatalf("EFFECT = %+v", eff)
	}
	p, ok := eff.Get("URL")
	if !ok || p.Type != "UNSIGNED INT" || p.Value != "http://x:80/ " {
		t.Fatalf("URL prop = %+v", p)
	}
	if root.Value("NAME") != "X_DODGEROLL_BONUS" || root.Value("MISSING") != "" {
		t.Error("Value lookups")
	}
	if len(root.ChildrenNamed("UNITTYPES")) != 1 {
		t.Error("ChildrenNamed")
	}
	// Canonical form moves properties before children and drops the comment.
	want := "[AFFIX]\r\n\t<STRING>NAME:X_DODGEROLL_BONUS\r\n\t<INTEGER>RANK:0\r\n\t<FLOAT>DURATION:1\r\n" +
		"\t[UNITTYPES]\r\n\t\t<STRING>UNITTYPE:PLAYER\r\n\t[/UNITTYPES]\r\n" +
		"\t[EFFECT]\r\n\t\t<STRING>TYPE:DODGE CHANCE BONUS\r\n\t\t<UNSIGNED INT>URL:http://x:80/ \r\n\t[/EFFECT]\r\n[/AFFIX]\r\n"
	if got := Format(root); got != want {
		t.Errorf("Format:\n%q\nwant\n%q", got, want)
	}
}

func TestEncodings(t *testing.T) {
	text := "[A]\n<STRING>S:héllo 😀\n[/A]"
	cases := map[string][]byte{
		"utf16le-bom": EncodeText(text, UTF16LEBOM),
		"utf16le":     EncodeText(text, UTF16LE),
		"utf16be-bom": EncodeText(text, UTF16BEBOM),
		"utf8-bom":    EncodeText(text, UTF8BOM),
		"utf8":        EncodeText(text, UTF8),
	}
	wantEnc := map[string]Encoding{"utf16le-bom": UTF16LEBOM, "utf16le": UTF16LE, "utf16be-bom": UTF16BEBOM, "utf8-bom": UTF8BOM, "utf8": UTF8}
	for name, b := range cases {
		got, enc, err := Decode(name, b)
		if err != nil || got != text || enc != wantEnc[name] {
			t.Errorf("%s: Decode = %q, %v, %v", name, got, enc, err)
		}
		root, err := Parse(name, b)
		if err != nil || root.Value("S") != "héllo 😀" {
			t.Errorf("%s: Parse = %v, %v", name, root, err)
		}
	}
	if !bytes.HasPrefix(Encode(&Node{Name: "A"}), []byte{0xFF, 0xFE, '[', 0}) {
		t.Error("Encode does not start with the UTF-16LE BOM")
	}
}

func TestLoneSurrogates(t *testing.T) {
	// <STRING>S: followed by D800, 'x', DFFF.
	var b []byte
	b = append(b, 0xFF, 0xFE)
	b = AppendUTF16LE(b, "[A]\r\n\t<STRING>S:")
	b = append(b, 0x00, 0xD8, 'x', 0, 0xFF, 0xDF)
	b = AppendUTF16LE(b, "\r\n[/A]\r\n")
	root, err := Parse("T.DAT", b)
	if err != nil {
		t.Fatal(err)
	}
	if v := root.Value("S"); v != "\xed\xa0\x80x\xed\xbf\xbf" {
		t.Fatalf("value = %q", v)
	}
	if out := Encode(root); !bytes.Equal(out, append(b[:0:0], b...)) {
		t.Errorf("re-encoded bytes differ:\n% x\n% x", out, b)
	}
}

func TestUTF8SurrogatePairFolds(t *testing.T) {
	// D83D DE00 written as two WTF-8 surrogates reads as the one character.
	root, err := Parse("P.DAT", []byte("[A]\n<STRING>S:\xed\xa0\xbd\xed\xb8\x80\n[/A]"))
	if err != nil || root.Value("S") != "😀" {
		t.Fatalf("value = %q, %v", root.Value("S"), err)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"[A]\n[/B]\n", "E.DAT:2: [/B] closes [A] opened at line 1"},
		{"[A]\n[B]\n[/B]\n", "E.DAT:1: [A] is never closed"},
		{"[/A]\n", "E.DAT:1: [/A] closes no open section"},
		{"<STRING>X:1\n", "E.DAT:1: property outside any section"},
		{"[A]\n<STRING X:1\n[/A]", "E.DAT:2: property line"},
		{"[A]\n<STRING>X\n[/A]", "E.DAT:2: property line"},
		{"[A]\nhello\n[/A]", "E.DAT:2: unexpected text"},
		{"[A]\n[/A]\n[B]\n[/B]", "E.DAT:3: second top-level section"},
		{"[A\n", "E.DAT:1: section line"},
		{"// only a comment\n", "E.DAT: no [SECTION]"},
		{"", "E.DAT: no [SECTION]"},
		{"[A]\n<S>K:\xff\n[/A]", "E.DAT:2: invalid UTF-8"},
	}
	for _, c := range cases {
		_, err := Parse("E.DAT", []byte(c.src))
		var pe *Error
		if err == nil || !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Parse(%q) error = %v, want prefix %q", c.src, err, c.want)
		}
	}
	_, err := Parse("O.DAT", []byte{0xFF, 0xFE, '[', 0, 'A'})
	if err == nil || !strings.Contains(err.Error(), "O.DAT: offset 4: odd number") {
		t.Errorf("odd UTF-16: %v", err)
	}
}

func TestDepthLimit(t *testing.T) {
	var b strings.Builder
	for range MaxDepth + 1 {
		b.WriteString("[A]\n")
	}
	_, err := ParseText("D.DAT", b.String())
	if err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Fatalf("err = %v", err)
	}
}

func TestEmptyRootAndCheck(t *testing.T) {
	root, err := ParseText("TAGS.DAT", "[]\n<INTEGER>X:1\n[]\n[/]\n[/]\n")
	if err != nil {
		t.Fatal(err)
	}
	if root.Name != "" || len(root.Children) != 1 || root.Children[0].Name != "" {
		t.Fatalf("root = %+v", root)
	}
	if err := Check(root); err != nil {
		t.Fatal(err)
	}
	bad := &Node{Name: "A"}
	bad.Add("STRING", "K", "two\nlines")
	if Check(bad) == nil {
		t.Error("Check accepted a line break in a value")
	}
	for _, n := range []*Node{{Name: "/X"}, {Name: "a\rb"}} {
		if Check(n) == nil {
			t.Errorf("Check accepted name %q", n.Name)
		}
	}
	if Check((&Node{Name: "A"}).Add("T", "K:K", "v")) == nil || Check((&Node{Name: "A"}).Add("T>", "K", "v")) == nil {
		t.Error("Check accepted ':' in a key or '>' in a type")
	}
}

// textSources lists the fixture text files: every .DAT/.TEMPLATE/.ANIMATION
// /.LAYOUT (any case) and mod.dat.
func textSources(t testing.TB) []string {
	dir := testfixtures.Dir(t, "tl2")
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToUpper(filepath.Ext(p)) {
		case ".DAT", ".TEMPLATE", ".ANIMATION", ".LAYOUT", ".HIE":
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFixtures parses every real text file and checks the canonical printer
// against GUTS's own formatting.
func TestFixtures(t *testing.T) {
	files := textSources(t)
	same := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		root, err := Parse(filepath.Base(p), src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if err := Check(root); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		out := Encode(root)
		back, err := Parse("printed", out)
		if err != nil || !Equal(root, back) {
			t.Errorf("%s: printed text does not parse back to the same tree (%v)", p, err)
		}
		if bytes.Equal(out, src) {
			same++
		} else {
			t.Logf("%s: canonical text differs from the file (comments, order or final newline)", p)
		}
	}
	t.Logf("%d text fixtures parsed; %d re-print byte-identical", len(files), same)
}

func BenchmarkParse(b *testing.B) {
	p := testfixtures.File(b, "tl2", "xover/MEDIA/MODELS/PCS/HUM_M/HUM_M.ANIMATION")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("HUM_M.ANIMATION", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	p := testfixtures.File(b, "tl2", "xover/MEDIA/MODELS/PCS/HUM_M/HUM_M.ANIMATION")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	root, err := Parse("HUM_M.ANIMATION", src)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Encode(root)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(sample))
	f.Add(EncodeText(sample, UTF16LEBOM))
	f.Add([]byte("[]\n<INTEGER>X:1\n[/]"))
	f.Fuzz(func(t *testing.T, src []byte) {
		root, err := Parse("F.DAT", src)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.File != "F.DAT" {
				t.Fatalf("error %v does not name the file", err)
			}
			return
		}
		if err := Check(root); err != nil {
			t.Fatalf("parsed tree fails Check: %v", err)
		}
		back, err := Parse("F2.DAT", Encode(root))
		if err != nil {
			t.Fatalf("printed text does not parse: %v", err)
		}
		if !Equal(root, back) {
			t.Fatalf("printed text parses to a different tree")
		}
	})
}
