package raw

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"maps"
	"slices"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// errSource wraps a MapSource: some paths fail to read, some read as nil,
// and the path list may repeat a file under another spelling.
type errSource struct {
	*MapSource
	fail, none map[string]bool
	extra      []string
}

func (s *errSource) Paths() []string { return append(s.MapSource.Paths(), s.extra...) }

func (s *errSource) Dat(p string) (*dattext.Node, error) {
	if s.fail[p] {
		return nil, errors.New("unreadable")
	}
	if s.none[p] {
		return nil, nil
	}
	return s.MapSource.Dat(p)
}

type errBase struct{ mapBase }

func (b errBase) Dat(p string) (*dattext.Node, error) {
	if p == "MEDIA/UNITS/PROPS/NOTINMOD.DAT" {
		return nil, errors.New("corrupt base file")
	}
	return b.mapBase.Dat(p)
}

func layoutOf(t testing.TB, text string) *layout.Layout {
	root, err := dattext.Parse("X.LAYOUT", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	l, _, err := layout.FromText("X.LAYOUT", root)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// edgeSource holds the awkward cases: mixed case and backslashes, names
// whose order hangs on files coming first and on byte order (A_B, A.B,
// "A B", A/…), empty path components, bad numbers,
// unknown enums, BASEFILE loops, missing and broken bases, DONTCREATE,
// nameless skills, unreadable files and a file listed twice.
func edgeSource(t testing.TB) (Source, Options) {
	ms := &MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{}}
	d := func(p string, kv ...string) *dattext.Node {
		n := &dattext.Node{Name: "X"}
		for i := 0; i+1 < len(kv); i += 2 {
			n.Add("STRING", kv[i], kv[i+1])
		}
		ms.Dats[p] = n
		return n
	}
	for _, name := range []string{"A_B", "A.B", "A B", "a", "A", "B/C", "A/Z", "A.B/Y", "A_B/X", "Z", "", "/E"} {
		d("media/skills/"+name+".dat", "NAME", "s "+name, "UNIQUE_GUID", "12")
		d("MEDIA/TRIGGERABLES/"+name+".DAT", "NAME", "t"+name)
		d(`MEDIA\LEVELSETS\`+name+".DAT").AddChild("PIECE").Add("INTEGER64", "GUID", "7x")
		d("MEDIA/AFFIXES/"+name+".DAT", "NAME", "af", "WEIGHT", "3.7", "MIN_SPAWN_RANGE", "99999999999", "MAX_SPAWN_RANGE", " 12 ").
			AddChild("NOT_UNITTYPES").Add("STRING", "UNITTYPE", "PET")
	}
	d("MEDIA/SKILLS/.DAT", "NAME", "too short")
	d("MEDIA/SKILLS/NONAME.DAT")
	d("MEDIA/SKILLS/BADGUID.DAT", "NAME", "g", "UNIQUE_GUID", "0x1F")
	d("MEDIA/SKILLS/UNREADABLE.DAT", "NAME", "u")
	d("MEDIA/SKILLS/NIL.DAT", "NAME", "n")
	d("Media/Skills/Twice.dat", "NAME", "first spelling")
	d("MEDIA/SKILLS/TWICE.DAT", "NAME", "second spelling")
	d("MEDIA/AFFIXES/SPLIT.DAT", "NAME", "split").AddChild("UNITTYPES").Add("STRING", "UNITTYPE", "A")
	ms.Dats["MEDIA/AFFIXES/SPLIT.DAT"].AddChild("UNITTYPES").Add("STRING", "UNITTYPE", "B").Add("STRING", "OTHER", "C")

	u := "MEDIA/UNITS/"
	d(u+"MONSTERS/LOOP1.DAT", "NAME", "l1", "BASEFILE", "media/units/monsters/loop2.dat")
	d(u+"MONSTERS/LOOP2.DAT", "NAME", "l2", "BASEFILE", `MEDIA\UNITS\MONSTERS\LOOP1.DAT`)
	d(u+"MONSTERS/SELF.DAT", "NAME", "self", "BASEFILE", " media/units/monsters/self.dat ")
	d(u+"MONSTERS/MISSING.DAT", "NAME", "m", "LEVEL", "5", "BASEFILE", "media/units/monsters/gone.dat")
	d(u+"MONSTERS/FROMBASE.DAT", "NAME", "fb", "BASEFILE", "media/units/monsters/base.dat")
	d(u+"PROPS/BROKEN.DAT", "NAME", "br", "BASEFILE", "MEDIA/UNITS/PROPS/BROKEN2.DAT")
	d(u+"PROPS/BROKEN2.DAT", "NAME", "br2", "BASEFILE", "MEDIA/UNITS/PROPS/BROKEN.DAT ")
	d(u+"PROPS/TOBROKEN.DAT", "NAME", "tb", "BASEFILE", "MEDIA/UNITS/PROPS/NOTINMOD.DAT")
	d(u+"ITEMS/DONT.DAT", "NAME", "d", "DONTCREATE", " TRUE ")
	d(u+"ITEMS/BADNUM.DAT", "NAME", "bn", "LEVEL", "ten", "RARITY", "9999999999", "MINLEVEL", " 3 ", "CREATEAS", "equipment ", "SET", "S")
	d(u+"ITEMS/ALL.DAT", "NAME", "all", "UNITTYPE", "SWORD", "LEVEL", "2", "MINLEVEL", "1", "MAXLEVEL", "9", "RARITY", "4",
		"RARITY_HC", "5", "CREATEAS", "X", "SET", "", "BASEFILE", "MEDIA/UNITS/ITEMS/NOPE.DAT")
	d(u+"PLAYERS/P/Q.DAT", "NAME", "p", "UNIT_GUID", "-1", "BASEFILE", "MEDIA/UNITS/PLAYERS/P.DAT")
	d(u+"PLAYERS/P.DAT", "NAME", "p0", "UNIT_GUID", "1e3", "RARITY", "3")
	for i := range 70 {
		d(fmt.Sprintf(u+"PROPS/CHAIN%02d.DAT", i), "NAME", "c", "BASEFILE", fmt.Sprintf(u+"PROPS/CHAIN%02d.DAT", i+1))
	}

	menus := "[UI]\n<INTEGER>VERSION:4\n[OBJECTS]\n" +
		"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Menu Definition\n<INTEGER64>ID:1\n<STRING>MENU NAME:Main\n<STRING>TYPE:hud menu\n<STRING>GAME STATE:Bogus\n<BOOL>ALWAYS VISIBLE:true\n<BOOL>MULTIPLAYER ONLY:true\n<STRING>KEY BINDING:K\n[/PROPERTIES]\n[/BASEOBJECT]\n" +
		"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Menu Definition\n<INTEGER64>ID:2\n<STRING>MENU NAME:Hidden\n<BOOL>DO NOT CREATE:true\n[/PROPERTIES]\n[/BASEOBJECT]\n" +
		"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Menu Definition\n<INTEGER64>ID:3\n<STRING>MENU NAME:Odd\n<STRING>TYPE:NOT A TYPE\n<BOOL>SINGLEPLAYER ONLY:true\n[/PROPERTIES]\n[/BASEOBJECT]\n" +
		"[/OBJECTS]\n[/UI]\n"
	missiles := "[UI]\n<INTEGER>VERSION:4\n[OBJECTS]\n" +
		"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Missile\n<INTEGER64>ID:1\n<STRING>MISSILE NAME:fireball\n[/PROPERTIES]\n[/BASEOBJECT]\n" +
		"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Missile\n<INTEGER64>ID:2\n<STRING>MISSILE NAME:Ice\n[/PROPERTIES]\n[/BASEOBJECT]\n" +
		"[/OBJECTS]\n[/UI]\n"
	ml, mi := layoutOf(t, menus), layoutOf(t, missiles)
	for _, name := range []string{"A_B", "A.B", "A B", "B/C", "A/Z", "Z"} {
		ms.Layouts["MEDIA/UI/MENUS/"+name+".LAYOUT"] = ml
		ms.Layouts["media/missiles/"+name+".layout"] = mi
	}
	src := &errSource{MapSource: ms,
		fail:  map[string]bool{"MEDIA/SKILLS/UNREADABLE.DAT": true},
		none:  map[string]bool{"MEDIA/SKILLS/NIL.DAT": true},
		extra: []string{"MEDIA/SKILLS/TWICE.DAT", "MEDIA/SKILLS/NOTTHERE.DAT", "MEDIA/TRIGGERABLES/NOTTHERE.LAYOUT", "MEDIA/UI/MENUS/GONE.LAYOUT"},
	}
	base := &dattext.Node{Name: "UNIT"}
	base.Add("STRING", "UNITTYPE", "MONSTER").Add("INTEGER", "MAXLEVEL", "8").Add("STRING", "BASEFILE", "MEDIA/UNITS/MONSTERS/ROOT.DAT")
	return src, Options{Base: errBase{mapBase{"MEDIA/UNITS/MONSTERS/BASE.DAT": base}}}
}

// oddKeys spells some of a MapSource's keys in lower case or with
// backslashes, lists one under two spellings, gives one key to both maps
// and adds a .DAT that is a layout, a unit's BASEFILE among them.
func oddKeys(ms *MapSource) *MapSource {
	keys := slices.Sorted(maps.Keys(ms.Dats))
	for i, p := range keys {
		switch n := ms.Dats[p]; i % 7 {
		case 0:
			delete(ms.Dats, p)
			ms.Dats[strings.ToLower(p)] = n
		case 3:
			delete(ms.Dats, p)
			ms.Dats[strings.ReplaceAll(p, "/", `\`)] = n
		}
	}
	skill := keys[slices.IndexFunc(keys, func(p string) bool { return strings.HasPrefix(p, "MEDIA/SKILLS/") })+1]
	ms.Dats[strings.ToLower(skill)] = &dattext.Node{Name: "SKILL", Props: []dattext.Prop{{Key: "NAME", Value: "lower"}}}
	lay := ms.Layouts[slices.Sorted(maps.Keys(ms.Layouts))[0]]
	ms.Layouts[keys[slices.IndexFunc(keys, func(p string) bool { return strings.HasPrefix(p, "MEDIA/UNITS/") })+1]] = lay
	ms.Layouts["MEDIA/UNITS/ITEMS/LAYOUT.DAT"] = lay
	u := &dattext.Node{Name: "UNIT"}
	u.Add("STRING", "NAME", "ON A LAYOUT").Add("STRING", "BASEFILE", "media/units/items/layout.dat")
	ms.Dats["MEDIA/UNITS/ITEMS/ONLAYOUT.DAT"] = u
	return ms
}

// upperKeys adds to benchSource a BASEFILE to a .DAT that is a layout
// and, if both, a key in both maps, keeping all keys upper-case.
func upperKeys(ms *MapSource, both bool) *MapSource {
	keys := slices.Sorted(maps.Keys(ms.Dats))
	lay := ms.Layouts[slices.Sorted(maps.Keys(ms.Layouts))[0]]
	if both {
		ms.Layouts[keys[len(keys)/2]] = lay
	}
	ms.Layouts["MEDIA/UNITS/ITEMS/LAYOUT.DAT"] = lay
	u := &dattext.Node{Name: "UNIT"}
	u.Add("STRING", "NAME", "ON A LAYOUT").Add("STRING", "BASEFILE", "MEDIA/UNITS/ITEMS/LAYOUT.DAT")
	ms.Dats["MEDIA/UNITS/ITEMS/ONLAYOUT.DAT"] = u
	return ms
}

// digest hashes everything Generate returns, in order.
func digest(res *Result) string {
	h := sha256.New()
	w := func(h hash.Hash, a ...any) { fmt.Fprintln(h, a...) }
	for _, o := range res.Outputs {
		w(h, "output", o.Path, o.File.Kind, o.File.Len(), len(o.Data))
		h.Write(o.Data)
	}
	for _, x := range res.Warnings {
		w(h, "warning", x.File, x.Msg)
	}
	for _, u := range res.Unresolved {
		w(h, "unresolved", u.File, u.BaseFile, u.Missing)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestGenerateGolden pins Generate's whole result for the edge cases and
// the benchmark's mod: outputs, warnings and unresolved units, in order.
// The digests were taken with Generate as it was before it was reworked
// for speed (commit 6e447f9), and taken again when AFFIXES, SKILLS,
// UNITDATA and MISSILES moved to the files-first walk (issue 23): that
// change reorders records only, the same records, warnings and
// unresolved units as before, compared line by line when it was made.
func TestGenerateGolden(t *testing.T) {
	src, opt := edgeSource(t)
	for _, c := range []struct {
		name string
		src  Source
		opt  Options
		want string
	}{
		{"edge", src, opt, "e3cf7656786a6bac8091295de258d3ed6b57b0ea24a21bffe84381712717fa18"},
		{"edge without base", src, Options{}, "cb31f00f153fe1f818fe5fbcf2e0fca059a146b29539efc2110d55608616651a"},
		{"bench", benchSource(t), Options{}, "184f3e8949aacf932001cacf8fd3aec385ec4fde277db72fc56bf929055fc485"},
		{"edge map", src.(*errSource).MapSource, opt, "8924f6678f6c069bf165ee16a98615d163d2c1889f4a5192ae1073d58a1a2db1"},
		{"bench with odd keys", oddKeys(benchSource(t)), opt, "5a7ef4685909c1e7c040fd257326182ec4dc908b67b5a34e743694363d9577d0"},
		{"bench with a .DAT layout", upperKeys(benchSource(t), false), Options{}, "926b391a1aa5ed4c24ef50b2cd775a8d5f152597db0f08b7877cb75b47df3d78"},
		{"bench with a key in both maps", upperKeys(benchSource(t), true), Options{}, "1e85f411da236cd72f7c734f6e7cf3b97d8dfcfe7d52d8378290c328150a2fad"},
	} {
		res, err := Generate(c.src, c.opt)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := digest(res); got != c.want {
			t.Errorf("%s: digest %s, want %s", c.name, got, c.want)
			for _, x := range res.Warnings {
				t.Logf("  %s", x)
			}
			for _, u := range res.Unresolved {
				t.Logf("  unresolved %+v", u)
			}
			for _, o := range res.Outputs {
				t.Logf("  %s %d records %d bytes", o.Path, o.File.Len(), len(o.Data))
			}
		}
	}
}
