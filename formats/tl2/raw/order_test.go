package raw

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// orderTree is one scanned folder's files, relative to it, as a modder
// might spell them on disk: files and subfolders side by side at every
// level, lower case beside upper case, and the two names of the released
// mod's SKILLS.RAW that the old interleaved order swapped
// (FUNGUS/SPORE_AOE.DAT and FUNGUS/FUNGUS_YELL/FUNGUS_SPOURS.DAT).
var orderTree = []string{
	"zed",
	"Fungus/spore_aoe",
	"FUNGUS/FUNGUS_YELL/FUNGUS_SPOURS",
	"fungus/a_lower",
	"FUNGUS/FUNGUS_YELL/DEEP/Z",
	"FUNGUS/FUNGUS_YELL/B",
	"ALPHA/X",
	"A_B",
	"A.B",
}

// orderWant is orderTree in GUTS's walk: in every folder its files
// (by upper-cased name) before its subfolders (likewise), depth first.
// The interleaved order that AFFIXES, SKILLS, UNITDATA and MISSILES used
// before would put ALPHA/X first and ZED last.
var orderWant = []string{
	"A.B",
	"A_B",
	"ZED",
	"ALPHA/X",
	"FUNGUS/A_LOWER",
	"FUNGUS/SPORE_AOE",
	"FUNGUS/FUNGUS_YELL/B",
	"FUNGUS/FUNGUS_YELL/FUNGUS_SPOURS",
	"FUNGUS/FUNGUS_YELL/DEEP/Z",
}

// TestRecordOrderFilesBeforeFolders writes a mod folder with orderTree
// under every scanned folder and checks that each of the seven indices
// lists its records in orderWant's order.
func TestRecordOrderFilesBeforeFolders(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	layoutOf := func(desc, prop, name string) string {
		return "[UI]\n<INTEGER>VERSION:4\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:" + desc +
			"\n<INTEGER64>ID:1\n<STRING>" + prop + ":" + name + "\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/UI]\n"
	}
	for i, rel := range orderTree {
		name := "N" + string(rune('A'+i))
		write("MEDIA/SKILLS/"+rel+".dat", "[SKILL]\n<STRING>NAME:"+name+"\n<INTEGER64>UNIQUE_GUID:1\n[/SKILL]\n")
		write("MEDIA/AFFIXES/"+rel+".dat", "[AFFIX]\n<STRING>NAME:"+name+"\n[/AFFIX]\n")
		write("MEDIA/UNITS/ITEMS/"+rel+".dat", "[UNIT]\n<STRING>NAME:"+name+"\n<INTEGER>LEVEL:2\n[/UNIT]\n")
		write("MEDIA/TRIGGERABLES/"+rel+".dat", "[TRIGGERABLE]\n<STRING>NAME:"+name+"\n[/TRIGGERABLE]\n")
		write("MEDIA/LEVELSETS/"+rel+".dat", "[LEVELSET]\n[PIECE]\n<INTEGER64>GUID:5\n[/PIECE]\n[/LEVELSET]\n")
		write("MEDIA/MISSILES/"+rel+".layout", layoutOf("Missile", "MISSILE NAME", name))
		write("MEDIA/UI/MENUS/"+rel+".layout", layoutOf("Menu Definition", "MENU NAME", name))
	}
	res, err := Generate(&FSSource{FS: os.DirFS(dir)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		t.Errorf("warning: %s", w)
	}
	files := map[Kind]func(f *File) []string{
		Affixes: func(f *File) (s []string) {
			for _, r := range f.Affixes {
				s = append(s, r.File)
			}
			return
		},
		Skills: func(f *File) (s []string) {
			for _, r := range f.Skills {
				s = append(s, r.File)
			}
			return
		},
		UnitData: func(f *File) (s []string) {
			for _, r := range f.Units[0] {
				s = append(s, r.File)
			}
			return
		},
		Missiles: func(f *File) (s []string) {
			for _, r := range f.Missiles {
				s = append(s, r.File)
			}
			return
		},
		Triggerables: func(f *File) (s []string) {
			for _, r := range f.Triggerables {
				s = append(s, r.File)
			}
			return
		},
		UI: func(f *File) (s []string) {
			for _, r := range f.Menus {
				s = append(s, r.File)
			}
			return
		},
		RoomPieces: func(f *File) (s []string) {
			for _, r := range f.RoomPieces {
				s = append(s, r.File)
			}
			return
		},
	}
	folder := map[Kind]string{Affixes: "MEDIA/AFFIXES/", Skills: "MEDIA/SKILLS/", UnitData: "MEDIA/UNITS/ITEMS/",
		Missiles: "MEDIA/MISSILES/", Triggerables: "MEDIA/TRIGGERABLES/", UI: "MEDIA/UI/MENUS/", RoomPieces: "MEDIA/LEVELSETS/"}
	for _, k := range Kinds {
		out := output(res, k)
		if out == nil {
			t.Errorf("%s not generated", k.FileName())
			continue
		}
		ext := ".DAT"
		if k == Missiles || k == UI {
			ext = ".LAYOUT"
		}
		want := make([]string, len(orderWant))
		for i, rel := range orderWant {
			want[i] = folder[k] + rel + ext
		}
		// Decode what was written, so the bytes carry the order too.
		f, err := Decode(k, out.Data)
		if err != nil {
			t.Fatalf("%s: %v", k.FileName(), err)
		}
		if got := files[k](f); !slices.Equal(got, want) {
			t.Errorf("%s order:\n got %s\nwant %s", k.FileName(), strings.Join(got, " "), strings.Join(want, " "))
		}
	}
}
