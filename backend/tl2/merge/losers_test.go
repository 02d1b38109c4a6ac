package merge

import (
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// TestConflictNamesLosers: a conflict names the mods whose change is not
// in the merge; a mod that made the winner's change (however spelled)
// did not lose, nor did one that left the place alone.
func TestConflictNamesLosers(t *testing.T) {
	unit := func(level string) *dattext.Node { return unitOf(t, "<INTEGER>LEVEL:"+level+"\n") }
	r, err := Merge("X.DAT", unit("1"), []Version{{"A", unit("3")}, {"B", unit("7")}, {"C", unit("03")}, {"D", unit("1")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Conflicts) != 1 || r.Conflicts[0].Winner != "A" || strings.Join(r.Conflicts[0].Losers, ",") != "B" {
		t.Fatalf("conflicts %+v, want one won by A, lost by B only", r.Conflicts)
	}
}

// TestBlockConflictNamesLosers: one mod removed a layout object another
// changed; whichever is first wins, and the other is named the loser.
func TestBlockConflictNamesLosers(t *testing.T) {
	base := builtLayout(t, sound, sparks(200))
	removed := builtLayout(t, sound)
	changed := builtLayout(t, sound, sparks(200, "RADIUS=3", "DEPTH_=2"))
	for _, c := range []struct {
		order       []Version
		loser, kept string
	}{
		{[]Version{{"Remover", removed}, {"Changer", changed}}, "Changer", "Sound1:100"},
		{[]Version{{"Changer", changed}, {"Remover", removed}}, "Remover", "Sound1:100 Sparks:200"},
	} {
		r, err := Merge("FX.LAYOUT", base, c.order, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Conflicts) != 1 || strings.Join(r.Conflicts[0].Losers, ",") != c.loser || objectsOf(r.Root) != c.kept {
			t.Errorf("%s first: conflicts %+v objects %s; want %s the loser, %s kept", c.order[0].Mod, r.Conflicts, objectsOf(r.Root), c.loser, c.kept)
		}
	}
}
