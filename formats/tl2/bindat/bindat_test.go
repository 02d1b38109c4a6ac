package bindat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
)

const unitText = "[UNIT]\r\n" +
	"\t<STRING>NAME:Hum_xover_F\r\n" +
	"\t<INTEGER>LEVEL:-3\r\n" +
	"\t<FLOAT>SCALE:-1.19209e-007\r\n" +
	"\t<DOUBLE>D:0.1\r\n" +
	"\t<UNSIGNED INT>COLOR:-1\r\n" +
	"\t<BOOL>B1:true\r\n" +
	"\t<BOOL>B0:FALSE\r\n" +
	"\t<INTEGER64>UNIT_GUID:-4702361426395447521\r\n" +
	"\t<TRANSLATE>DISPLAYNAME:Chosen\r\n" +
	"\t<NOTE>N:Hum_xover_F\r\n" +
	"\t<STRING>EMPTY:\r\n" +
	"\t<INTEGER>UNK_0000ABCD:7\r\n" +
	"\t[LEVEL1]\r\n" +
	"\t\t<STRING>NAME:Chosen\r\n" +
	"\t[/LEVEL1]\r\n" +
	"[/UNIT]\r\n"

// le builds expected bytes from uint32 words.
func le(words ...uint32) []byte {
	var b []byte
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

func TestCompileLayout(t *testing.T) {
	root := &dattext.Node{Name: "A"}
	root.Add("STRING", "S", "hi").Add("INTEGER", "I", "5").Add("STRING", "E", "")
	root.AddChild("B").Add("STRING", "T", "hi")
	out, err := Compile("A.DAT", root, &Options{IDs: SequentialIDs{First: 230}})
	if err != nil {
		t.Fatal(err)
	}
	want := le(2, 1, 230)
	want = append(want, 2, 0, 'h', 0, 'i', 0)
	want = append(want, le(rghash.Hash("A"), 3,
		rghash.Hash("S"), 5, 230,
		rghash.Hash("I"), 1, 5,
		rghash.Hash("E"), 5, EmptyString,
		1,
		rghash.Hash("B"), 1, rghash.Hash("T"), 5, 230, 0)...)
	if !bytes.Equal(out, want) {
		t.Fatalf("got\n% x\nwant\n% x", out, want)
	}
}

func TestValuesRoundTrip(t *testing.T) {
	out, err := CompileText("HUM_F.DAT", []byte(unitText), nil)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decompile("HUM_F.DAT", out, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range dec.Root.Props {
		got[p.Type+" "+p.Key] = p.Value
	}
	want := map[string]string{
		"STRING " + UnknownName(rghash.Hash("NAME")):           "Hum_xover_F",
		"INTEGER " + UnknownName(rghash.Hash("LEVEL")):         "-3",
		"FLOAT " + UnknownName(rghash.Hash("SCALE")):           "-1.19209e-07",
		"DOUBLE " + UnknownName(rghash.Hash("D")):              "0.1",
		"UNSIGNED INT " + UnknownName(rghash.Hash("COLOR")):    "4294967295",
		"BOOL " + UnknownName(rghash.Hash("B1")):               "true",
		"BOOL " + UnknownName(rghash.Hash("B0")):               "false",
		"INTEGER64 " + UnknownName(rghash.Hash("UNIT_GUID")):   "-4702361426395447521",
		"TRANSLATE " + UnknownName(rghash.Hash("DISPLAYNAME")): "Chosen",
		"NOTE " + UnknownName(rghash.Hash("N")):                "Hum_xover_F",
		"STRING " + UnknownName(rghash.Hash("EMPTY")):          "",
		"INTEGER UNK_0000ABCD":                                 "7",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	// With a dictionary the names come back.
	dict := rghash.NewDictionary()
	for _, n := range []string{"UNIT", "NAME", "LEVEL1", "SCALE"} {
		dict.Add(n)
	}
	dec, err = Decompile("HUM_F.DAT", out, dict)
	if err != nil {
		t.Fatal(err)
	}
	if dec.Root.Name != "UNIT" || dec.Root.Props[0].Key != "NAME" || dec.Root.Children[0].Name != "LEVEL1" {
		t.Errorf("dictionary names not used: %s", dattext.Format(dec.Root))
	}
	// Two distinct strings, each stored once.
	if len(dec.Strings) != 2 {
		t.Errorf("string table = %+v", dec.Strings)
	}
	again, err := Compile("HUM_F.DAT", dec.Root, &Options{IDs: TableIDs(dec.Strings)})
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("decompile → compile differs (%v)", err)
	}
}

func TestFloat32Canonical(t *testing.T) {
	for _, c := range []struct {
		text string
		bits uint32
	}{
		{"1", 0x3F800000},
		{"0.1", 0x3DCCCCCD},
		{"-0", 0x80000000},
		{"1.49012e-008", math.Float32bits(float32(1.49012e-008))},
		{"1.#INF", 0x7F800000},
		{"-1.#INF", 0xFF800000},
		{"1e39", 0x7F800000}, // beyond float32: +Inf, as the C runtime gives
	} {
		v, err := parseNumber(Float, c.text)
		if err != nil || uint32(v) != c.bits {
			t.Errorf("FLOAT %q = %#08x, %v; want %#08x", c.text, v, err, c.bits)
		}
	}
	// Every printed float compiles back to the same bits.
	for _, bits := range []uint32{0, 1, 0x3F800001, 0x3DCCCCCD, 0x7F7FFFFF, 0x00800000, 0x80000001, 0x7F800000, 0xFF800000, 0x4B7FFFFF, 0x3EAAAAAB} {
		s := FormatFloat32(math.Float32frombits(bits))
		v, err := parseNumber(Float, s)
		if err != nil || uint32(v) != bits {
			t.Errorf("%#08x → %q → %#08x (%v)", bits, s, v, err)
		}
	}
	if s := FormatFloat32(1000000); s != "1000000" {
		t.Errorf("FormatFloat32(1e6) = %q", s)
	}
	if s := FormatFloat32(0.5); s != "0.5" {
		t.Errorf("FormatFloat32(0.5) = %q", s)
	}
}

func TestUnknownNames(t *testing.T) {
	for _, c := range []struct {
		s  string
		h  uint32
		ok bool
	}{
		{"UNK_0000ABCD", 0xABCD, true},
		{"UNK_FFFFFFFF", 0xFFFFFFFF, true},
		{"UNK_0000abcd", 0, false}, // lower-case hex is an ordinary name
		{"UNK_ABCD", 0, false},
		{"UNK_0000ABCDE", 0, false},
		{"XNK_0000ABCD", 0, false},
	} {
		h, ok := ParseUnknownName(c.s)
		if ok != c.ok || h != c.h {
			t.Errorf("ParseUnknownName(%q) = %#x, %v", c.s, h, ok)
		}
		if !c.ok && NameHash(c.s) != rghash.Hash(c.s) {
			t.Errorf("NameHash(%q) is not rg_hash", c.s)
		}
	}
	if UnknownName(0xABCD) != "UNK_0000ABCD" {
		t.Error("UnknownName")
	}
}

func TestRootRule(t *testing.T) {
	root, err := dattext.ParseText("tags.dat", "[]\n<INTEGER>X:1\n[]\n[/]\n[/]\n")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Compile("media/tags.dat", root, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Header: version, 0 strings; then the root hash.
	if h := binary.LittleEndian.Uint32(out[8:]); h != rghash.Hash("TAGS") || h != 0x006B0CB3 {
		t.Errorf("root hash = %#08x, want rg_hash(\"TAGS\")", h)
	}
	// The nested [] keeps the empty name: hash 0.
	if h := binary.LittleEndian.Uint32(out[len(out)-12:]); h != 0 {
		t.Errorf("nested [] hash = %#08x, want 0", h)
	}
	dict := rghash.NewDictionary()
	dict.Add("")
	dec, err := Decompile("TAGS.DAT", out, dict)
	if err != nil {
		t.Fatal(err)
	}
	if dec.Root.Name != "TAGS" || dec.Root.Children[0].Name != "" {
		t.Errorf("decompiled root %q child %q", dec.Root.Name, dec.Root.Children[0].Name)
	}
	if RootName(`C:\mods\x\XFLASK_KILLSTAT .Dat`) != "XFLASK_KILLSTAT " || RootName("a/b.c/noext") != "NOEXT" {
		t.Errorf("RootName: %q %q", RootName(`C:\mods\x\XFLASK_KILLSTAT .Dat`), RootName("a/b.c/noext"))
	}
}

func TestLoneSurrogateString(t *testing.T) {
	var src []byte
	src = append(src, 0xFF, 0xFE)
	src = dattext.AppendUTF16LE(src, "[]\r\n\t<STRING>S:")
	src = append(src, 0x00, 0xD8, 0x34, 0x12, 0xFF, 0xDF)
	src = dattext.AppendUTF16LE(src, "\r\n[/]\r\n")
	out, err := CompileText("TAGS.DAT", src, &Options{IDs: SequentialIDs{First: 1}})
	if err != nil {
		t.Fatal(err)
	}
	// version, count, id 1, len 3, D800 1234 DFFF
	want := append(le(2, 1, 1), 3, 0, 0x00, 0xD8, 0x34, 0x12, 0xFF, 0xDF)
	if !bytes.HasPrefix(out, want) {
		t.Fatalf("string table\n% x\nwant prefix\n% x", out[:len(want)], want)
	}
	text, err := DecompileText("TAGS.DAT", out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(text, []byte{0x00, 0xD8, 0x34, 0x12, 0xFF, 0xDF}) {
		t.Error("decompiled text lost the lone surrogates")
	}
	again, err := CompileText("TAGS.DAT", text, &Options{IDs: SequentialIDs{First: 1}})
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("text round trip differs (%v)", err)
	}
}

func TestCompileErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"[A]\n<INTEGRE>X:1\n[/A]", "E.DAT:2: unknown property type <INTEGRE>"},
		{"[A]\n<INTEGER>X:1.5\n[/A]", "E.DAT:2: X: INTEGER value \"1.5\""},
		{"[A]\n<INTEGER>X:3000000000\n[/A]", "E.DAT:2: X: INTEGER value"},
		{"[A]\n\n<FLOAT>F:abc\n[/A]", "E.DAT:3: F: FLOAT value"},
		{"[A]\n<BOOL>B:yes\n[/A]", "E.DAT:2: B: BOOL value"},
		{"[A]\n<INTEGER64>G:\n[/A]", "E.DAT:2: G: INTEGER64 value"},
		{"[A]\n<STRING>S:" + strings.Repeat("x", 70000) + "\n[/A]", "E.DAT:2: S value is 70000 UTF-16 units long"},
		{"[A]\n[/B]", "E.DAT:2: [/B] closes [A]"},
	} {
		_, err := CompileText("E.DAT", []byte(c.src), &Options{Strict: true})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("error = %v, want prefix %q", err, c.want)
		}
	}
	if _, err := Compile("N.DAT", nil, nil); err == nil {
		t.Error("nil root accepted")
	}
	// A numbering that breaks the rules is refused.
	root := (&dattext.Node{Name: "A"}).Add("STRING", "S", "a").Add("STRING", "T", "b")
	for _, ids := range []StringIDs{fixedIDs{1, 1}, fixedIDs{EmptyString, 1}, fixedIDs{1}} {
		if _, err := Compile("I.DAT", root, &Options{IDs: ids}); err == nil {
			t.Errorf("numbering %v accepted", ids)
		}
	}
}

type fixedIDs []uint32

func (f fixedIDs) Assign([]string) ([]uint32, error) { return f, nil }

func TestStringIDs(t *testing.T) {
	strs := []string{"b", "a", "c"}
	ids, _ := HashIDs{}.Assign(strs)
	ids2, _ := HashIDs{}.Assign([]string{"c", "b", "a"})
	if ids[0] != ids2[1] || ids[1] != ids2[2] || ids[2] != ids2[0] {
		t.Errorf("HashIDs depends on order: %v %v", ids, ids2)
	}
	if ids[1] != rghash.Hash("a") {
		t.Errorf("HashIDs(a) = %d", ids[1])
	}
	s := NewSession(100)
	s.Preload([]Entry{{ID: 7, Text: "known"}, {ID: 200, Text: "late"}})
	got, err := s.Assign([]string{"new", "known", "new2"})
	if err != nil || got[0] != 201 || got[1] != 7 || got[2] != 202 {
		t.Errorf("Session = %v, %v", got, err)
	}
	// A string met in an earlier file gets a new id, as in a GUTS build;
	// preloaded strings keep theirs.
	got, _ = s.Assign([]string{"new2", "x", "known"})
	if got[0] != 203 || got[1] != 204 || got[2] != 7 {
		t.Errorf("Session second file = %v", got)
	}
	seq, _ := SequentialIDs{First: 5}.Assign(strs)
	if seq[0] != 5 || seq[2] != 7 {
		t.Errorf("Sequential = %v", seq)
	}
	if _, err := (SequentialIDs{First: EmptyString - 1}).Assign(strs); err == nil {
		t.Error("sequential overflow accepted")
	}
}

func TestHashIDsProbe(t *testing.T) {
	// Find two distinct strings with the same rg_hash: two code units x,y
	// hash to rotl(rotl(2,5)^x,5)^y, so (x,y) and (x^1, y^32) collide.
	a := string([]rune{0x41, 0x41})
	b := string([]rune{0x41 ^ 1, 0x41 ^ 32})
	if rghash.Hash(a) != rghash.Hash(b) {
		t.Fatal("no collision")
	}
	ids, err := HashIDs{}.Assign([]string{a, b})
	if err != nil || ids[0] == ids[1] || (ids[0] != rghash.Hash(a) && ids[1] != rghash.Hash(a)) {
		t.Errorf("ids = %v", ids)
	}
}

func TestLint(t *testing.T) {
	root, err := dattext.ParseText("L.DAT", "[Unit]\n<STRING>chest_OVERRIDE:x\n<string>NAME:y\n<INTEGER>UNK_0000ABCD:1\n[LEVEL1]\n[/LEVEL1]\n[/Unit]\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range Lint("L.DAT", root) {
		got = append(got, f.String())
	}
	want := []string{
		`L.DAT:1: section name "Unit" has lower-case letters`,
		`L.DAT:2: key name "chest_OVERRIDE" has lower-case letters`,
		`L.DAT:3: type <string> is written <STRING> by GUTS`,
		`L.DAT:4: key UNK_0000ABCD is an unknown-name placeholder`,
	}
	if len(got) != len(want) {
		t.Fatalf("findings = %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d = %q, want prefix %q", i, got[i], want[i])
		}
	}
	if Lint("X.DAT", nil) != nil {
		t.Error("nil root")
	}
}

func TestDecompileMalformed(t *testing.T) {
	good, err := CompileText("M.DAT", []byte(unitText), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every truncation fails cleanly, naming the file.
	for n := 0; n < len(good); n++ {
		_, err := Decompile("M.DAT", good[:n], nil)
		var fe *FormatError
		if err == nil || !errors.As(err, &fe) || fe.File != "M.DAT" {
			t.Fatalf("truncated to %d: err = %v", n, err)
		}
	}
	for _, c := range []struct {
		data []byte
		want string
	}{
		{le(1, 0), "M.DAT: offset 0 (0x0): version 1"},
		{le(2, 0xFFFFFFFF), "string count 4294967295 does not fit"},
		{le(2, 0, 1, 0x7FFFFFFF), "property count 2147483647 does not fit"},
		{le(2, 0, 1, 0, 0xFFFFFFFF), "child count -1 does not fit"},
		{le(2, 0, 1, 1, 2, 10, 0, 0), "unknown property type 10"},
		{le(2, 0, 1, 1, 2, 5, 9, 0), "string id 9 is not in the string table"},
		{le(2, 0, 1, 0, 0, 99), "4 bytes after the root section"},
	} {
		_, err := Decompile("M.DAT", c.data, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want %q", err, c.want)
		}
	}
	// Deep nesting is refused, not recursed into.
	var deep []byte
	deep = append(deep, le(2, 0)...)
	for range dattext.MaxDepth + 1 {
		deep = append(deep, le(1, 0, 1)...)
	}
	if _, err := Decompile("D.DAT", deep, nil); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("deep: %v", err)
	}
	// A string holding a line break decompiles to a tree, but not to text.
	bad := append(le(2, 1, 1), 1, 0, '\n', 0)
	bad = append(bad, le(1, 1, 2, 5, 1, 0)...)
	if _, err := Decompile("B.DAT", bad, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := DecompileText("B.DAT", bad, nil); err == nil || !strings.Contains(err.Error(), "line break") {
		t.Errorf("DecompileText: %v", err)
	}
}

func TestTypes(t *testing.T) {
	for ty := Integer; ty <= Note; ty++ {
		got, ok := ParseType(ty.String())
		if !ok || got != ty {
			t.Errorf("ParseType(%q) = %v", ty.String(), got)
		}
	}
	if _, ok := ParseType("unsigned int"); !ok {
		t.Error("lower-case type refused")
	}
	if Type(42).String() != "Type(42)" {
		t.Error(Type(42).String())
	}
}
