package merge

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/internal/testfixtures"
)

// load parses a fixture source (a fresh tree each call, so tests may edit it).
func load(t testing.TB, rel string) *dattext.Node {
	t.Helper()
	p := testfixtures.File(t, "tl2", rel)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	n, err := dattext.Parse(filepath.Base(p), b)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// at walks a path of child names ("LEVEL1/EVENT_TRIGGER"); a name may be
// "NAME@k" for the k-th (0-based) child of that name.
func at(t testing.TB, n *dattext.Node, p string) *dattext.Node {
	t.Helper()
	if p == "" {
		return n
	}
	for _, part := range strings.Split(p, "/") {
		name, k := part, 0
		if i := strings.IndexByte(part, '@'); i >= 0 {
			name = part[:i]
			k = int(part[i+1] - '0')
		}
		cs := n.ChildrenNamed(name)
		if k >= len(cs) {
			t.Fatalf("no %s in [%s]", part, n.Name)
		}
		n = cs[k]
	}
	return n
}

func set(t testing.TB, n *dattext.Node, key, value string) {
	t.Helper()
	for i := range n.Props {
		if n.Props[i].Key == key {
			n.Props[i].Value = value
			return
		}
	}
	t.Fatalf("[%s] has no %s", n.Name, key)
}

func values(n *dattext.Node, key string) []string {
	var out []string
	for _, p := range n.Props {
		if p.Key == key {
			out = append(out, p.Value)
		}
	}
	return out
}

func removeChild(t testing.TB, n *dattext.Node, name string) {
	t.Helper()
	for i, c := range n.Children {
		if c.Name == name {
			n.Children = append(n.Children[:i], n.Children[i+1:]...)
			return
		}
	}
	t.Fatalf("[%s] has no [%s]", n.Name, name)
}

const skillDat = "xover/MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT"
const skillPath = "MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT"

func mustMerge(t testing.TB, file string, base *dattext.Node, opt *Options, vs ...Version) *Result {
	t.Helper()
	r, err := Merge(file, base, vs, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Two mods change different properties and blocks of one skill: both
// changes are in the result, nothing conflicts, and the result compiles.
func TestDifferentChangesBothKept(t *testing.T) {
	base := load(t, skillDat)
	a, b := load(t, skillDat), load(t, skillDat)
	set(t, a, "COOLDOWNMS", "5000")
	set(t, at(t, b, "LEVEL1/EVENT_TRIGGER/AFFIXES"), "AFFIXLEVEL", "3")
	// B also adds a block in the middle (shifts every line after it).
	at(t, b, "LEVEL1").Children = append([]*dattext.Node{{Name: "EVENT_END", Props: []dattext.Prop{{Type: "STRING", Key: "FILE", Value: "media/skills/x_b.layout"}}}}, at(t, b, "LEVEL1").Children...)
	// A removes a block.
	removeChild(t, at(t, a, "LEVEL1/EVENT_TRIGGER"), "AFFIXESREMOVE")

	r := mustMerge(t, skillPath, base, nil, Version{"A", a}, Version{"B", b})
	if len(r.Conflicts) != 0 {
		t.Fatalf("conflicts %+v, want none", r.Conflicts)
	}
	if got := r.Root.Value("COOLDOWNMS"); got != "5000" {
		t.Errorf("COOLDOWNMS %q, want A's 5000", got)
	}
	if got := at(t, r.Root, "LEVEL1/EVENT_TRIGGER/AFFIXES").Value("AFFIXLEVEL"); got != "3" {
		t.Errorf("AFFIXLEVEL %q, want B's 3", got)
	}
	if at(t, r.Root, "LEVEL1/EVENT_TRIGGER").Child("AFFIXESREMOVE") != nil {
		t.Error("A removed [AFFIXESREMOVE]; it is still there")
	}
	if lv := at(t, r.Root, "LEVEL1"); lv.Children[0].Name != "EVENT_END" || len(lv.ChildrenNamed("EVENT_START")) != 2 {
		t.Errorf("LEVEL1 children %v, want B's EVENT_END first and both EVENT_STARTs", names(lv))
	}
	if _, err := bindat.Compile("X_HEALTHVIAL.DAT", r.Root, nil); err != nil {
		t.Fatalf("merged tree does not compile: %v", err)
	}
	// The inputs are untouched.
	if base.Value("COOLDOWNMS") != "1000" || at(t, base, "LEVEL1/EVENT_TRIGGER").Child("AFFIXESREMOVE") == nil {
		t.Error("Merge modified the base")
	}
}

func names(n *dattext.Node) []string {
	var out []string
	for _, c := range n.Children {
		out = append(out, c.Name)
	}
	return out
}

// Both change one value differently: the first mod wins, one conflict with
// both values and the base's; a winner override flips it.
func TestSameValueConflict(t *testing.T) {
	base := load(t, skillDat)
	a, b := load(t, skillDat), load(t, skillDat)
	set(t, a, "COOLDOWNMS", "5000")
	set(t, b, "COOLDOWNMS", "200")
	set(t, a, "MAXLEVEL", "4") // the same change in both: no conflict
	set(t, b, "MAXLEVEL", "4")
	r := mustMerge(t, skillPath, base, nil, Version{"A", a}, Version{"B", b})
	if len(r.Conflicts) != 1 {
		t.Fatalf("%d conflicts %+v, want 1", len(r.Conflicts), r.Conflicts)
	}
	c := r.Conflicts[0]
	want := Conflict{Key: skillPath + "|SKILL|COOLDOWNMS", Path: skillPath, Block: "SKILL", Property: "COOLDOWNMS",
		BasePresent: true, BaseType: "INTEGER", Base: "1000", Winner: "A", Losers: []string{"B"}}
	vals := c.Values
	c.Values = nil
	if !reflect.DeepEqual(c, want) {
		t.Errorf("conflict\n %+v\nwant\n %+v", c, want)
	}
	if len(vals) != 2 || vals[0] != (Value{Mod: "A", Present: true, Type: "INTEGER", Value: "5000", Changed: true}) ||
		vals[1] != (Value{Mod: "B", Present: true, Type: "INTEGER", Value: "200", Changed: true}) {
		t.Errorf("values %+v", vals)
	}
	if r.Root.Value("COOLDOWNMS") != "5000" || r.Root.Value("MAXLEVEL") != "4" {
		t.Errorf("COOLDOWNMS %s MAXLEVEL %s, want 5000 4", r.Root.Value("COOLDOWNMS"), r.Root.Value("MAXLEVEL"))
	}
	r = mustMerge(t, skillPath, base, &Options{Winners: map[string]string{want.Key: "B"}}, Version{"A", a}, Version{"B", b})
	if r.Root.Value("COOLDOWNMS") != "200" || len(r.Conflicts) != 1 || r.Conflicts[0].Winner != "B" || !r.Conflicts[0].Overridden {
		t.Errorf("override: COOLDOWNMS %s, conflicts %+v", r.Root.Value("COOLDOWNMS"), r.Conflicts)
	}
	// An override naming no mod leaves the default.
	r = mustMerge(t, skillPath, base, &Options{Winners: map[string]string{want.Key: "nobody"}}, Version{"A", a}, Version{"B", b})
	if r.Root.Value("COOLDOWNMS") != "5000" || r.Conflicts[0].Overridden {
		t.Errorf("unknown override changed the result")
	}
}

// A repeated property merges as a sequence: both mods' additions and a
// removal, no conflict.
func TestRepeatedPropertySequence(t *testing.T) {
	base := load(t, skillDat)
	add := func(n *dattext.Node, v string) { n.Add("STRING", "AFFIX", v) }
	add(at(t, base, "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE"), "BASE_TWO")
	a, b := load(t, skillDat), load(t, skillDat)
	add(at(t, a, "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE"), "BASE_TWO")
	add(at(t, b, "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE"), "BASE_TWO")
	add(at(t, a, "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE"), "FROM_A")
	blk := at(t, b, "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE")
	blk.Props = blk.Props[1:] // B drops X_HEALTHVIAL_AFFIX
	add(blk, "FROM_B")
	r := mustMerge(t, skillPath, base, nil, Version{"A", a}, Version{"B", b})
	if len(r.Conflicts) != 0 {
		t.Fatalf("conflicts %+v", r.Conflicts)
	}
	got := strings.Join(values(at(t, r.Root, "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE"), "AFFIX"), ",")
	if got != "BASE_TWO,FROM_A,FROM_B" {
		t.Errorf("AFFIX sequence %s, want BASE_TWO,FROM_A,FROM_B", got)
	}
}

// One mod removes a block another changes: a block conflict, the first mod
// wins either way round.
func TestRemoveAgainstChange(t *testing.T) {
	base := load(t, skillDat)
	a, b := load(t, skillDat), load(t, skillDat)
	removeChild(t, at(t, a, "LEVEL1/EVENT_TRIGGER"), "AFFIXESREMOVE")
	set(t, at(t, b, "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE"), "AFFIX", "OTHER")
	r := mustMerge(t, skillPath, base, nil, Version{"A", a}, Version{"B", b})
	if len(r.Conflicts) != 1 || r.Conflicts[0].Property != "" || r.Conflicts[0].Block != "SKILL/LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE" || r.Conflicts[0].Winner != "A" {
		t.Fatalf("conflicts %+v", r.Conflicts)
	}
	if at(t, r.Root, "LEVEL1/EVENT_TRIGGER").Child("AFFIXESREMOVE") != nil {
		t.Error("A (first) removed the block; it is still there")
	}
	r = mustMerge(t, skillPath, base, nil, Version{"B", b}, Version{"A", a})
	if x := at(t, r.Root, "LEVEL1/EVENT_TRIGGER").Child("AFFIXESREMOVE"); x == nil || x.Value("AFFIX") != "OTHER" || len(r.Conflicts) != 1 || r.Conflicts[0].Winner != "B" {
		t.Errorf("B first: block %v, conflicts %+v", x, r.Conflicts)
	}
}

const layoutSrc = "xover/MEDIA/SKILLS/X_DODGEROLL/X_DODGEROLL.LAYOUT"
const layoutPath = "MEDIA/SKILLS/X_DODGEROLL/X_DODGEROLL.LAYOUT"

// Layout objects are matched by their ID: A reorders the objects and
// changes one, B changes another, removes one and adds one; COUNT follows.
func TestLayoutByID(t *testing.T) {
	base := load(t, layoutSrc)
	a, b := load(t, layoutSrc), load(t, layoutSrc)
	objs := at(t, a, "OBJECTS")
	n := len(objs.Children)
	if n < 3 {
		t.Fatalf("fixture has %d objects", n)
	}
	objs.Children[0], objs.Children[n-1] = objs.Children[n-1], objs.Children[0]
	set(t, at(t, objs.Children[n-1], "PROPERTIES"), "RADIUS", "30") // Sound0, now last
	bo := at(t, b, "OBJECTS")
	set(t, at(t, bo.Children[1], "PROPERTIES"), "TIMER", "2")
	set(t, at(t, bo.Children[0], "PROPERTIES"), "RADIUS", "5") // the same value as A: conflict
	removed := idValue(bo.Children[2], "ID")
	bo.Children = append(bo.Children[:2], bo.Children[3:]...)
	nb := &dattext.Node{Name: "BASEOBJECT"}
	nb.AddChild("PROPERTIES").Add("STRING", "DESCRIPTOR", "Sound").Add("STRING", "NAME", "Added").
		Add("INTEGER64", "PARENTID", "-1").Add("INTEGER64", "ID", "77").Add("FLOAT", "RADIUS", "1")
	bo.Children = append(bo.Children, nb)

	r := mustMerge(t, layoutPath, base, nil, Version{"A", a}, Version{"B", b})
	if len(r.Conflicts) != 1 || r.Conflicts[0].Property != "RADIUS" || r.Conflicts[0].Winner != "A" ||
		!strings.Contains(r.Conflicts[0].Block, "BASEOBJECT#ID=") {
		t.Fatalf("conflicts %+v", r.Conflicts)
	}
	ids := map[string]*dattext.Node{}
	for _, o := range at(t, r.Root, "OBJECTS").Children {
		ids[idValue(o, "ID")] = o
	}
	if len(ids) != n { // n - 1 removed + 1 added
		t.Errorf("%d objects, want %d", len(ids), n)
	}
	if _, ok := ids[removed]; ok {
		t.Error("B removed an object; it is still there")
	}
	if o := ids["77"]; o == nil {
		t.Error("B's added object is missing")
	}
	sound := ids[idValue(at(t, base, "OBJECTS").Children[0], "ID")]
	if got := at(t, sound, "PROPERTIES").Value("RADIUS"); got != "30" {
		t.Errorf("RADIUS %s, want A's 30", got)
	}
	shape := ids[idValue(at(t, base, "OBJECTS").Children[1], "ID")]
	if got := at(t, shape, "PROPERTIES").Value("TIMER"); got != "2" {
		t.Errorf("TIMER %s, want B's 2", got)
	}
	if got := r.Root.Value("COUNT"); got != "4" {
		t.Errorf("COUNT %s, want 4", got)
	}
	src := dattext.Encode(r.Root)
	if _, fs, err := layout.Compile("X_DODGEROLL.LAYOUT", src); err != nil {
		t.Fatalf("merged layout does not compile: %v", err)
	} else {
		for _, f := range fs {
			t.Errorf("lint: %v", f)
		}
	}
}

// One version, or versions equal to the base: the result is that version.
func TestTrivial(t *testing.T) {
	base := load(t, skillDat)
	a := load(t, skillDat)
	set(t, a, "COOLDOWNMS", "1")
	r := mustMerge(t, skillPath, base, nil, Version{"A", a})
	if !dattext.Equal(r.Root, a) {
		t.Error("one mod: result differs from it")
	}
	r = mustMerge(t, skillPath, base, nil, Version{"A", load(t, skillDat)}, Version{"B", load(t, skillDat)})
	if !dattext.Equal(r.Root, base) || len(r.Conflicts) != 0 {
		t.Error("unchanged mods: result differs from the base")
	}
	// No base file: a two-way merge against nothing.
	b := load(t, skillDat)
	set(t, b, "COOLDOWNMS", "2")
	r = mustMerge(t, skillPath, nil, nil, Version{"A", a}, Version{"B", b})
	if len(r.Conflicts) != 1 || r.Conflicts[0].BasePresent || r.Root.Value("COOLDOWNMS") != "1" {
		t.Errorf("no base: conflicts %+v", r.Conflicts)
	}
	if _, err := Merge(skillPath, base, nil, nil); err == nil {
		t.Error("no versions: no error")
	}
}

// A conflict inside a layout object, whose path names it by id only,
// carries the object's DESCRIPTOR and NAME as its label; a whole-block
// conflict on the object too.
func TestConflictLabel(t *testing.T) {
	lay := func(radius string, second bool) *dattext.Node {
		s := "[Layout]\r\n\t[OBJECTS]\r\n\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n\t\t\t\t<STRING>DESCRIPTOR:Sound\r\n\t\t\t\t<STRING>NAME:Boom\r\n\t\t\t\t<INTEGER64>ID:5\r\n\t\t\t\t<FLOAT>RADIUS:" + radius + "\r\n\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n"
		if second {
			s += "\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n\t\t\t\t<STRING>NAME:Lamp\r\n\t\t\t\t<INTEGER64>ID:6\r\n\t\t\t\t<FLOAT>RANGE:" + radius + "\r\n\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n"
		}
		n, err := dattext.Parse("X.LAYOUT", []byte(s+"\t[/OBJECTS]\r\n[/Layout]\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	r, err := Merge("MEDIA/X.LAYOUT", lay("1", true), []Version{{"A", lay("2", true)}, {"B", lay("3", false)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range r.Conflicts {
		got = append(got, c.Property+"@"+c.Label)
	}
	if strings.Join(got, ",") != `RADIUS@Sound "Boom",@"Lamp"` {
		t.Errorf("conflicts %v", got)
	}
}

// One mod whose only difference from the base is how a number is spelled
// (a FLOAT of junk bytes and a 0 reads as 0, as "1.0" reads as 1) changes
// nothing to the game: the merge keeps the base's spelling, and the result
// is that mod to the game, not byte for byte (FuzzMerge checks it so).
func TestOneModRespelledKeepsTheBase(t *testing.T) {
	for _, v := range []string{"\xbf\xbf0", "0.0", "00", "0abc"} {
		base, err := dattext.ParseText("F.DAT", "[A]\n<FLOAT>X:0\n<STRING>S:s\n[/A]\n")
		if err != nil {
			t.Fatal(err)
		}
		mod, err := dattext.ParseText("F.DAT", "[A]\n<FLOAT>X:"+v+"\n<STRING>S:s\n[/A]\n")
		if err != nil {
			t.Fatal(err)
		}
		r, err := Merge("MEDIA/F.DAT", base, []Version{{"A", mod}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Root.Value("X"); got != "0" || len(r.Conflicts) != 0 || !Same("MEDIA/F.DAT", mod, r.Root) {
			t.Fatalf("%q: X %q, %d conflicts", v, got, len(r.Conflicts))
		}
	}
}
