package mod

import "testing"

func TestSourceKind(t *testing.T) {
	for _, c := range []struct {
		name           string
		source, either Compiled
		typ            FileType
	}{
		{"MEDIA/UNITS/ITEMS/SWORD.DAT", BINDAT, BINDAT, TypeDAT},
		{"media/a.template", BINDAT, BINDAT, TypeDAT},
		{"X.Animation", BINDAT, BINDAT, TypeAnimation},
		{"X.HIE", BINDAT, BINDAT, TypeHIE},
		{"MEDIA/LAYOUTS/A.layout", BINLAYOUT, BINLAYOUT, TypeLayout},
		{"A.DAT.BINDAT", NotSource, BINDAT, TypeDAT},
		{"A.LAYOUT.BINLAYOUT", NotSource, BINLAYOUT, TypeLayout},
		{"A.MESH", NotSource, NotSource, TypeMesh},
		{"DAT", NotSource, NotSource, TypeOther},
		{"A.DATX", NotSource, NotSource, TypeOther},
	} {
		if got := SourceKind(c.name); got != c.source {
			t.Errorf("SourceKind(%q) = %q, want %q", c.name, got, c.source)
		}
		if got := CompiledKind(c.name); got != c.either {
			t.Errorf("CompiledKind(%q) = %q, want %q", c.name, got, c.either)
		}
		if got := TypeFromName(c.name); got != c.typ {
			t.Errorf("TypeFromName(%q) = %v, want %v", c.name, got, c.typ)
		}
	}
	if got := len(SourceExts()); got != 5 {
		t.Errorf("%d source extensions, want 5", got)
	}
}
