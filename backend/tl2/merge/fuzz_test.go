package merge

import (
	"os"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
)

// FuzzMerge merges three parsed texts: never a panic, a result that prints
// and parses back, and the identities a merge must keep (one mod alone gives
// that mod; two equal mods give that mod without conflicts; unchanged mods
// give the base). "Gives that mod" is to the game: the same blocks and
// properties in the same order, each value spelled as the mod spells it or
// read alike (values are compared by what the game reads: a part of the mod
// that reads as the base does is the base's, with the base's spelling; CI's
// fuzz found a FLOAT of seven 0xBF bytes and a 0, which reads as 0).
func FuzzMerge(f *testing.F) {
	f.Add("[A]\n<INTEGER>X:1\n[B]\n<STRING>N:b\n[/B]\n[/A]\n", "[A]\n<INTEGER>X:2\n[B]\n<STRING>N:b\n[/B]\n[/A]\n", "[A]\n<INTEGER>X:3\n[/A]\n")
	f.Add("[A]\n<STRING>T:a\n<STRING>T:b\n[/A]\n", "[A]\n<STRING>T:a\n<STRING>T:c\n[/A]\n", "[A]\n<STRING>T:d\n[/A]\n")
	f.Add("[L]\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<INTEGER64>ID:1\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/L]\n",
		"[L]\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n[/OBJECTS]\n[/L]\n",
		"[L]\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<INTEGER64>ID:1\n<FLOAT>X:2\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/L]\n")
	if b, err := os.ReadFile(testfixtures.File(f, "tl2", skillDat)); err == nil {
		if s, _, err := dattext.Decode("x", b); err == nil {
			f.Add(s, s, s)
		}
	}
	f.Fuzz(func(t *testing.T, bs, as, cs string) {
		parse := func(s string) *dattext.Node {
			n, err := dattext.ParseText("F.LAYOUT", s)
			if err != nil || dattext.Check(n) != nil {
				return nil
			}
			return n
		}
		base, a, b := parse(bs), parse(as), parse(cs)
		if base == nil || a == nil || b == nil {
			return
		}
		const file = "MEDIA/F.LAYOUT"
		r, err := Merge(file, base, []Version{{"A", a}, {"B", b}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := dattext.Check(r.Root); err != nil {
			t.Fatalf("result cannot be printed: %v", err)
		}
		if _, err := dattext.ParseText("R", dattext.Format(r.Root)); err != nil {
			t.Fatalf("result does not parse back: %v", err)
		}
		// Winners flipped on every conflict: still a valid tree.
		w := map[string]string{}
		for _, c := range r.Conflicts {
			w[c.Key] = "B"
		}
		if _, err := Merge(file, base, []Version{{"A", a}, {"B", b}}, &Options{Winners: w}); err != nil {
			t.Fatal(err)
		}
		sameInOrder := func(x, y *dattext.Node) bool { return (&merger{file: file, layout: isLayout(file)}).same(x, y) }
		r1, _ := Merge(file, base, []Version{{"A", a}}, nil)
		if !sameInOrder(fixCount(a), r1.Root) {
			t.Fatalf("one mod: result is not that mod\n%s\nvs\n%s", dattext.Format(r1.Root), dattext.Format(a))
		}
		r2, _ := Merge(file, base, []Version{{"A", a}, {"B", a}}, nil)
		if !sameInOrder(fixCount(a), r2.Root) || len(r2.Conflicts) != 0 {
			t.Fatalf("two equal mods: %d conflicts", len(r2.Conflicts))
		}
	})
}
