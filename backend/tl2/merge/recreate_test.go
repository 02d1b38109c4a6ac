package merge

import (
	"fmt"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// obj is one layout object of a built layout: descriptor, name, id and
// more properties ("KEY=VALUE", FLOAT).
type obj struct {
	desc, name string
	id         int
	more       []string
}

func builtLayout(t *testing.T, objs ...obj) *dattext.Node {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "[LAYOUT]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:%d\n[OBJECTS]\n", len(objs))
	for _, o := range objs {
		fmt.Fprintf(&b, "[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:%s\n<STRING>NAME:%s\n<INTEGER64>PARENTID:-1\n<INTEGER64>ID:%d\n", o.desc, o.name, o.id)
		for _, kv := range o.more {
			k, v, _ := strings.Cut(kv, "=")
			fmt.Fprintf(&b, "<FLOAT>%s:%s\n", k, v)
		}
		b.WriteString("[/PROPERTIES]\n[/BASEOBJECT]\n")
	}
	b.WriteString("[/OBJECTS]\n[/LAYOUT]\n")
	n, err := dattext.ParseText("FX.LAYOUT", b.String())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// objectsOf lists the merged objects as "NAME:ID".
func objectsOf(root *dattext.Node) string {
	var out []string
	_ = root.Walk(func(n *dattext.Node, _ int) error {
		if n.Name == "BASEOBJECT" {
			pr := n.Child("PROPERTIES")
			out = append(out, pr.Value("NAME")+":"+pr.Value("ID"))
		}
		return nil
	})
	return strings.Join(out, " ")
}

func objectNamed(t *testing.T, root *dattext.Node, name string) *dattext.Node {
	t.Helper()
	for _, o := range root.Child("OBJECTS").Children {
		if pr := o.Child("PROPERTIES"); pr.Value("NAME") == name {
			return pr
		}
	}
	t.Fatalf("no object %q in %s", name, objectsOf(root))
	return nil
}

var (
	sound = obj{"Sound", "Sound1", 100, []string{"VOLUME=0.5"}}
	light = obj{"Light", "Light1", 300, []string{"RANGE=4"}}
)

func sparks(id int, more ...string) obj {
	if len(more) == 0 {
		more = []string{"RADIUS=1", "DEPTH_=2"}
	}
	return obj{"Emitter", "Sparks", id, more}
}

// TestRecreatedObjectIsOne is the case: mod A changed the particle
// (id 200) and added a decal; mod B deleted the particle and made it again
// (id 201) with another change. Merged: one particle, with both changes
// and B's new id, 4 objects and COUNT 4. Matched by id alone it was 5: A's
// change kept id 200 against B's removal, and B's 201 came as well.
func TestRecreatedObjectIsOne(t *testing.T) {
	base := builtLayout(t, sound, sparks(200), light)
	a := builtLayout(t, sound, sparks(200, "RADIUS=3", "DEPTH_=2"), light, obj{"Decal", "Decal1", 400, nil})
	b := builtLayout(t, sound, light, sparks(201, "RADIUS=1", "DEPTH_=7"))
	for _, order := range [][]Version{{{"A", a}, {"B", b}}, {{"B", b}, {"A", a}}} {
		r, err := Merge("MEDIA/PARTICLES/FX.LAYOUT", base, order, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := objectsOf(r.Root), "Sound1:100 Sparks:201 Light1:300 Decal1:400"; got != want {
			t.Errorf("%s first: objects %s, want %s", order[0].Mod, got, want)
		}
		if c := r.Root.Value("COUNT"); c != "4" {
			t.Errorf("%s first: COUNT %s, want 4", order[0].Mod, c)
		}
		pr := objectNamed(t, r.Root, "Sparks")
		if pr.Value("RADIUS") != "3" || pr.Value("DEPTH_") != "7" {
			t.Errorf("%s first: Sparks RADIUS %s DEPTH_ %s, want A's 3 and B's 7", order[0].Mod, pr.Value("RADIUS"), pr.Value("DEPTH_"))
		}
		if len(r.Conflicts) != 0 {
			t.Errorf("%s first: %d conflicts, want 0: %+v", order[0].Mod, len(r.Conflicts), r.Conflicts)
		}
	}
}

// TestRecreatedByBoth: each mod re-created the particle under its own new
// id: one particle, its id a conflict the first mod wins.
func TestRecreatedByBoth(t *testing.T) {
	base := builtLayout(t, sound, sparks(200), light)
	a := builtLayout(t, sound, light, sparks(201))
	b := builtLayout(t, sound, light, sparks(202, "RADIUS=5", "DEPTH_=2"))
	r, err := Merge("MEDIA/PARTICLES/FX.LAYOUT", base, []Version{{"A", a}, {"B", b}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := objectsOf(r.Root), "Sound1:100 Sparks:201 Light1:300"; got != want {
		t.Errorf("objects %s, want %s", got, want)
	}
	if len(r.Conflicts) != 1 || r.Conflicts[0].Property != "ID" || r.Conflicts[0].Winner != "A" {
		t.Errorf("conflicts %+v, want one over ID won by A", r.Conflicts)
	}
	if pr := objectNamed(t, r.Root, "Sparks"); pr.Value("RADIUS") != "5" {
		t.Errorf("RADIUS %s, want B's 5", pr.Value("RADIUS"))
	}
}

// TestRecreatedAmongNamesakes: two particles share a descriptor and name;
// mod B deleted both and made one of them again, the same apart from its
// id. That one is matched by its properties (A's change to it merges in),
// the other stays removed.
func TestRecreatedAmongNamesakes(t *testing.T) {
	base := builtLayout(t, sound, sparks(200, "RADIUS=1"), sparks(210, "RADIUS=2"))
	a := builtLayout(t, sound, sparks(200, "RADIUS=1"), sparks(210, "RADIUS=2", "DEPTH_=9"))
	b := builtLayout(t, sound, sparks(211, "RADIUS=2"))
	r, err := Merge("MEDIA/PARTICLES/FX.LAYOUT", base, []Version{{"A", a}, {"B", b}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := objectsOf(r.Root), "Sound1:100 Sparks:211"; got != want {
		t.Errorf("objects %s, want %s", got, want)
	}
	if pr := objectNamed(t, r.Root, "Sparks"); pr.Value("DEPTH_") != "9" {
		t.Errorf("DEPTH_ %q, want A's 9", pr.Value("DEPTH_"))
	}
}

// TestOtherObjectNotMatched: an added object of another kind (or another
// name) is not taken for a removed one.
func TestOtherObjectNotMatched(t *testing.T) {
	base := builtLayout(t, sound, sparks(200))
	a := builtLayout(t, sound, sparks(200, "RADIUS=3", "DEPTH_=2"))
	b := builtLayout(t, sound, obj{"Emitter", "Smoke", 201, []string{"RADIUS=1", "DEPTH_=2"}})
	r, err := Merge("MEDIA/PARTICLES/FX.LAYOUT", base, []Version{{"A", a}, {"B", b}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := objectsOf(r.Root), "Sound1:100 Smoke:201 Sparks:200"; got != want {
		t.Errorf("objects %s, want %s (A's changed Sparks against B's removal: a conflict A wins; B's Smoke added)", got, want)
	}
	if len(r.Conflicts) != 1 || r.Conflicts[0].Property != "" {
		t.Errorf("conflicts %+v, want one whole-block conflict", r.Conflicts)
	}
}
