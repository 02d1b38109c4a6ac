package merge

import (
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// seq builds a repeated key's values from "T:V T:V …" ("V" alone is a
// STRING).
func seq(s string) []dattext.Prop {
	var out []dattext.Prop
	for _, f := range strings.Fields(s) {
		typ, v, ok := strings.Cut(f, ":")
		if !ok {
			typ, v = "STRING", f
		}
		out = append(out, dattext.Prop{Type: typ, Key: "AFFIX", Value: v})
	}
	return out
}

func seqString(ps []dattext.Prop) string {
	var b []string
	for _, p := range ps {
		if p.Type == "STRING" {
			b = append(b, p.Value)
		} else {
			b = append(b, p.Type+":"+p.Value)
		}
	}
	return strings.Join(b, " ")
}

// mergeSeq at its boundaries: what two mods add is added once however
// many add it (as many times as the mod that adds it most), what any
// removes goes, first copies first, and added values follow in load order.
func TestMergeSeqTable(t *testing.T) {
	for _, c := range []struct {
		name, base string
		mods       []string
		want       string
	}{
		{"nothing changed", "A B", []string{"A B", "A B"}, "A B"},
		{"one adds", "A", []string{"A X", "A"}, "A X"},
		{"both add the same", "A", []string{"A X", "A X"}, "A X"},
		{"both add the same, other order", "", []string{"X Y", "Y X"}, "X Y"},
		{"one adds twice", "A", []string{"A X X", "A"}, "A X X"},
		{"once and twice: the most", "A", []string{"A X", "A X X"}, "A X X"},
		{"three mods add one", "", []string{"X", "X", "X"}, "X"},
		{"an added copy of a base value", "A", []string{"A A", "A A"}, "A A"},
		{"one removes", "A B", []string{"B", "A B"}, "B"},
		{"both remove the same", "A B", []string{"B", "B"}, "B"},
		{"remove one of two copies", "A A B", []string{"A B", "A A B"}, "A B"},
		{"remove all", "A", []string{"", "A"}, ""},
		{"remove and add", "A B", []string{"B", "A B C"}, "B C"},
		{"type tells apart", "A", []string{"A INTEGER:A", "A INTEGER:A"}, "A INTEGER:A"},
		{"empty base, empty mods", "", []string{"", ""}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			vs := make([][]dattext.Prop, len(c.mods))
			for i, m := range c.mods {
				vs[i] = seq(m)
			}
			if got := seqString(mergeSeq(seq(c.base), vs, nil)); got != c.want {
				t.Errorf("base %q, mods %q: got %q, want %q", c.base, c.mods, got, c.want)
			}
		})
	}
}

// Through Merge: two mods add the same AFFIX to a block that repeats the
// key (and B one more); the result has it once, and compiles with nothing in conflict.
func TestBothAddTheSameRepeatedValue(t *testing.T) {
	base := load(t, skillDat)
	const blk = "LEVEL1/EVENT_TRIGGER/AFFIXESREMOVE"
	at(t, base, blk).Add("STRING", "AFFIX", "BASE_TWO")
	a, b := load(t, skillDat), load(t, skillDat)
	for _, v := range []*dattext.Node{a, b} {
		at(t, v, blk).Add("STRING", "AFFIX", "BASE_TWO")
		at(t, v, blk).Add("STRING", "AFFIX", "SHARED")
	}
	at(t, b, blk).Add("STRING", "AFFIX", "FROM_B") // the versions differ: a real merge
	r := mustMerge(t, skillPath, base, nil, Version{"A", a}, Version{"B", b})
	if len(r.Conflicts) != 0 {
		t.Fatalf("conflicts %+v", r.Conflicts)
	}
	got := strings.Join(values(at(t, r.Root, blk), "AFFIX"), ",")
	want := strings.Join(append(values(at(t, base, blk), "AFFIX"), "SHARED", "FROM_B"), ",")
	if got != want {
		t.Errorf("AFFIX sequence %s, want %s", got, want)
	}
}
