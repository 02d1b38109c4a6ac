package merge

import (
	"fmt"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// emitterProps writes every property the schema gives a layout Emitter,
// as GUTS spells them (curves `0,1e-005`, floats `0.80`), or as a compile
// and decompile spells the same values (`0,1e-05`, `0.8`) when
// roundTripped: the false-conflict case.
func emitterProps(t *testing.T, roundTripped bool) string {
	t.Helper()
	d, ok := layout.DefaultSchema().Descriptor("Emitter")
	if !ok {
		t.Fatal("no Emitter in the layout schema")
	}
	curve, float, integer := "0,1e-005,2.50", "0.80", "3"
	if roundTripped {
		curve, float, integer = "0,1e-05,2.5", "0.8", "+3"
	}
	var b strings.Builder
	for _, p := range d.Props {
		switch p.Enc {
		case layout.EncCurve:
			fmt.Fprintf(&b, "<STRING>%s:%s\n", p.Name, curve)
		case layout.EncFloat:
			fmt.Fprintf(&b, "<FLOAT>%s:%s\n", p.Name, float)
		case layout.EncVec3:
			for _, c := range "XYZ" {
				fmt.Fprintf(&b, "<FLOAT>%s%c:%s\n", p.Name, c, float)
			}
		case layout.EncBool:
			v := "true"
			if roundTripped {
				v = "TRUE"
			}
			fmt.Fprintf(&b, "<BOOL>%s:%s\n", p.Name, v)
		case layout.EncInt:
			fmt.Fprintf(&b, "<INTEGER>%s:%s\n", p.Name, integer)
		default:
			fmt.Fprintf(&b, "<STRING>%s:Box\n", p.Name)
		}
	}
	return b.String()
}

// particleLayout is a layout of a Sound (VOLUME volume) and, when
// withEmitter, the particle Emitter (id 200) after it.
func particleLayout(t *testing.T, volume string, withEmitter, roundTripped bool) *dattext.Node {
	t.Helper()
	count := 1
	var b strings.Builder
	b.WriteString("[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Sound\n<STRING>NAME:Sound1\n<INTEGER64>PARENTID:-1\n<INTEGER64>ID:100\n<FLOAT>VOLUME:" + volume + "\n[/PROPERTIES]\n[/BASEOBJECT]\n")
	if withEmitter {
		count++
		b.WriteString("[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Emitter\n<STRING>NAME:Sparks\n<INTEGER64>PARENTID:-1\n<INTEGER64>ID:200\n")
		b.WriteString(emitterProps(t, roundTripped))
		b.WriteString("[/PROPERTIES]\n[/BASEOBJECT]\n")
	}
	b.WriteString("[/OBJECTS]\n[/LAYOUT]\n")
	head := fmt.Sprintf("[LAYOUT]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:%d\n", count)
	n, err := dattext.ParseText("FX.LAYOUT", head+b.String())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func objectIDs(root *dattext.Node) []string {
	var ids []string
	_ = root.Walk(func(n *dattext.Node, _ int) error {
		if n.Name == "BASEOBJECT" {
			ids = append(ids, n.Child("PROPERTIES").Value("ID"))
		}
		return nil
	})
	return ids
}

// TestNumberSpellingIsNoChange is the case: the base spells a
// particle curve `0,1e-005`; mod A only went through a compile and
// decompile (`0,1e-05`, `0.8`, `TRUE`, `+3`), mod B removed the particle and
// changed the sound's volume. In both load orders: no conflict, the
// particle stays removed, B's volume kept. Comparing spellings made A's
// copy a change: 1 conflict over the particle block, and with A first the
// patch brought the removed particle back.
func TestNumberSpellingIsNoChange(t *testing.T) {
	const p = "MEDIA/PARTICLES/FX.LAYOUT"
	base := particleLayout(t, "0.50", true, false)
	a := particleLayout(t, "0.5", true, true)
	b := particleLayout(t, "0.9", false, false)
	props := len(base.Children[0].Children[1].Children[0].Props)
	for _, order := range [][]Version{{{"A", a}, {"B", b}}, {{"B", b}, {"A", a}}} {
		r, err := Merge(p, base, order, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Conflicts) != 0 {
			t.Errorf("%s first: %d conflicts, want 0: %+v", order[0].Mod, len(r.Conflicts), r.Conflicts)
		}
		if ids := objectIDs(r.Root); strings.Join(ids, ",") != "100" {
			t.Errorf("%s first: objects %v, want only the sound (the %d-property particle B removed stays removed)", order[0].Mod, ids, props)
		}
		if v := r.Root.Children[0].Children[0].Children[0].Value("VOLUME"); v != "0.9" {
			t.Errorf("%s first: VOLUME %q, want B's 0.9", order[0].Mod, v)
		}
		if c := r.Root.Value("COUNT"); c != "1" {
			t.Errorf("%s first: COUNT %q, want 1", order[0].Mod, c)
		}
	}
}

// TestRespelledFileIsTheSame: a copy that differs from the base only in
// spelling is the base to Same and to the merge (nothing changed).
func TestRespelledFileIsTheSame(t *testing.T) {
	const p = "MEDIA/PARTICLES/FX.LAYOUT"
	base, a := particleLayout(t, "0.50", true, false), particleLayout(t, "0.5", true, true)
	if !Same(p, base, a) {
		t.Fatal("Same: a respelled copy differs")
	}
	if Same(p, base, particleLayout(t, "0.51", true, true)) {
		t.Fatal("Same: 0.50 and 0.51 read alike")
	}
	r, err := Merge(p, base, []Version{{"A", a}, {"B", a}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Root != base {
		t.Error("two respelled copies: the merge is not the base")
	}
}

// TestValuesReadAsTheGameReads: each type as GUTS reads it; text stays
// text, a layout STRING only reads as numbers where the schema says so.
func TestValuesReadAsTheGameReads(t *testing.T) {
	emitter, _ := layout.DefaultSchema().Descriptor("Emitter")
	cases := []struct {
		typ, key string
		desc     *layout.Descriptor
		a, b     string
		same     bool
	}{
		{"FLOAT", "X", nil, "1.0", "1", true},
		{"FLOAT", "X", nil, "1e-005", "1e-05", true},
		{"FLOAT", "X", nil, "0.1", "0.10000000149", true}, // one float32
		{"FLOAT", "X", nil, "0.1", "0.1001", false},
		{"DOUBLE", "X", nil, "0.1", "0.10000000149", false},
		{"INTEGER", "X", nil, "12abc", "12", true}, // strtol reads the prefix
		{"INTEGER", "X", nil, "12abc", "13", false},
		{"INTEGER", "X", nil, "007", "7", true},
		{"UNSIGNED INT", "X", nil, "-1", "4294967295", true},
		{"INTEGER64", "X", nil, "339886767DIE31069", "339886767", true},
		{"BOOL", "X", nil, "true", "1", true},
		{"BOOL", "X", nil, "False", "0", true},
		{"BOOL", "X", nil, "true", "0", false},
		{"STRING", "NAME", nil, "1.0", "1", false},
		{"STRING", "EMIT RATE", nil, "0,1e-005", "0,1e-05", false}, // a .DAT: text
		{"STRING", "EMIT RATE", emitter, "0,1e-005", "0,1e-05", true},
		{"STRING", "EMIT RATE", emitter, "0,1e-005", "0,1e-05,0", false},
		{"STRING", "TYPE OF EMITTER", emitter, "1.0", "1", false},
		{"TRANSLATE", "X", nil, "1.0", "1", false},
	}
	for _, c := range cases {
		k := kindOf(c.typ, c.key, c.desc)
		if got := sameValue(k, c.a, c.b); got != c.same {
			t.Errorf("<%s>%s %q vs %q: same %v, want %v", c.typ, c.key, c.a, c.b, got, c.same)
		}
		if got := canon(k, c.a) == canon(k, c.b); got != c.same {
			t.Errorf("<%s>%s %q vs %q: canon equal %v, want %v", c.typ, c.key, c.a, c.b, got, c.same)
		}
	}
}

// TestRepeatedValuesCountedByReading: a repeated key whose elements mod A
// respelled (and added 4 to) keeps the base's elements as they were: A's
// respelling removed and added nothing; A's 4 and B's 3 are added.
func TestRepeatedValuesCountedByReading(t *testing.T) {
	parse := func(s string) *dattext.Node { return unitOf(t, s) }
	base := parse("<FLOAT>W:1.0\n<FLOAT>W:2.50\n")
	a := parse("<FLOAT>W:1\n<FLOAT>W:2.5\n<FLOAT>W:4\n")
	b := parse("<FLOAT>W:1.0\n<FLOAT>W:2.50\n<FLOAT>W:3\n")
	r, err := Merge("X.DAT", base, []Version{{"A", a}, {"B", b}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range r.Root.Props {
		got = append(got, p.Value)
	}
	if strings.Join(got, " ") != "1.0 2.50 4 3" {
		t.Errorf("W = %v, want [1.0 2.50 4 3]", got)
	}
}

// unitOf parses the properties props as an X.DAT's [UNIT].
func unitOf(t *testing.T, props string) *dattext.Node {
	t.Helper()
	n, err := dattext.ParseText("X.DAT", "[UNIT]\n"+props+"[/UNIT]\n")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSameIgnoresOrderOfOnceOnlyKeys: both mods add a VALUE at the top of
// the unit, differently; A wins. The merge rebuilds the block key by key
// (LEVEL, then VALUE), which is A's block to the game: Same says so. A
// repeated key's order still counts, and so does a value.
func TestSameIgnoresOrderOfOnceOnlyKeys(t *testing.T) {
	base := unitOf(t, "<INTEGER>LEVEL:1\n")
	a := unitOf(t, "<INTEGER>VALUE:11\n<INTEGER>LEVEL:1\n")
	b := unitOf(t, "<INTEGER>VALUE:22\n<INTEGER>LEVEL:1\n")
	r, err := Merge("X.DAT", base, []Version{{"A", a}, {"B", b}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Conflicts) != 1 || r.Root.Props[0].Key != "LEVEL" {
		t.Fatalf("conflicts %+v, props %+v: want one conflict and the block rebuilt LEVEL first", r.Conflicts, r.Root.Props)
	}
	if !Same("X.DAT", r.Root, a) {
		t.Error("the merge is A's unit in another order: not Same")
	}
	if Same("X.DAT", r.Root, b) {
		t.Error("B's VALUE 22 is Same as 11")
	}
	if Same("X.DAT", unitOf(t, "<FLOAT>W:1\n<FLOAT>W:2\n"), unitOf(t, "<FLOAT>W:2\n<FLOAT>W:1\n")) {
		t.Error("a repeated key's order is not read: Same")
	}
	if Same("X.DAT", unitOf(t, "<FLOAT>W:1\n<FLOAT>X:2\n"), unitOf(t, "<FLOAT>X:2\n<FLOAT>X:2\n")) {
		t.Error("W,X against X,X: Same")
	}
}
