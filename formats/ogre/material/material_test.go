package material

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

func TestParse(t *testing.T) {
	src := "// a comment\nmaterial base\n{\n technique { pass {\n  texture_unit\n  {\n   texture base.dds // diffuse\n  }\n  texture_unit { texture second.dds }\n } }\n}\n" +
		"material child : base\n{\n technique { pass { ambient 1 1 1 } }\n}\nmaterial notex\n{\n}\n" +
		"material one { technique { pass { texture_unit { texture one.dds } } } }\nmaterial two : one { }\n"
	ms, err := Parse("T.MATERIAL", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 5 || ms[3].Texture != "one.dds" || ms[4].Parent != "one" || ms[4].Texture != "one.dds" || ms[0].Texture != "base.dds" || ms[1].Name != "child" || ms[1].Parent != "base" || ms[1].Texture != "base.dds" || ms[2].Texture != "" || ms[1].Line != 12 {
		t.Fatalf("%+v", ms)
	}
	for _, bad := range []string{"material a\n{\n", "}\n", "material\n"} {
		if _, err := Parse("B.MATERIAL", []byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "B.MATERIAL: ") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestFixtureCity04(t *testing.T) {
	p := filepath.Join(testfixtures.Dir(t, "tl2/cyber_mod"), "MEDIA", "LEVELSETS", "CITY04", "CITY04.MATERIAL")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := Parse(p, b)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range ms {
		got[m.Name] = m.Texture
	}
	if got["unit_matl"] != "wall.dds" || got["walkway"] != "metalwalk.dds" {
		t.Fatalf("%d materials: %v", len(ms), got)
	}
	t.Logf("%d materials: %v", len(ms), got)
}

// FuzzParse: any script parses or fails with an error naming the file,
// and a parsed material's texture is a word of the script.
func FuzzParse(f *testing.F) {
	f.Add([]byte("material a : b\n{\n technique { pass { texture_unit { texture t.dds } } }\n}\nmaterial b { }\n"))
	f.Add([]byte("// c\nmaterial x\n{\n}\n}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		ms, err := Parse("F.MATERIAL", b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "F.MATERIAL: ") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for _, m := range ms {
			if m.Name == "" || (m.Texture != "" && !strings.Contains(string(b), m.Texture)) {
				t.Fatalf("material %+v", m)
			}
		}
	})
}

// How a material draws its texture's alpha (issue 46: the 3D view drew a
// blended texture opaque, its transparent texels black).
func TestAlpha(t *testing.T) {
	src := "material glass { technique { pass { scene_blend alpha_blend\n depth_write off\n texture_unit { texture g.dds } } } }\n" +
		"material leaf { technique { pass { alpha_rejection greater 5 texture_unit { texture l.dds } } } }\n" +
		"material cut { technique { pass { alpha_rejection greater_equal 128 } } }\n" +
		"material glow { technique { pass { scene_blend one one } } }\n" +
		"material spelt { technique { pass { scene_blend src_alpha one_minus_src_alpha } } }\n" +
		"material never { technique { pass { alpha_rejection always_fail } } }\n" +
		"material plain { technique { pass { texture_unit { texture p.dds } } } }\n" +
		"material kid : leaf { technique { pass { texture_unit { texture k.dds } } } }\n"
	ms, err := Parse("A.MATERIAL", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Alpha{"glass": {Blend: "alpha"}, "leaf": {Cut: 6}, "cut": {Cut: 128}, "glow": {Blend: "add"},
		"spelt": {Blend: "alpha"}, "never": {Cut: 256}, "plain": {}, "kid": {Cut: 6}}
	for _, m := range ms {
		if m.Alpha != want[m.Name] {
			t.Errorf("%s: %+v, want %+v", m.Name, m.Alpha, want[m.Name])
		}
	}
	if len(ms) != len(want) || ms[0].Texture != "g.dds" || ms[7].Texture != "k.dds" {
		t.Errorf("%+v", ms)
	}
}
