package kind

import (
	"testing"

	"packsmith/backend/archive"
)

func TestFromName(t *testing.T) {
	for name, want := range map[string]string{
		"MEDIA/UNITS/A.DAT": Text, "x/NETHERIM_FLYER.MESH": "mesh", "a.mesh": "mesh",
		"IDLE.SKELETON": "skeleton", "T.DDS": Texture, "UNITDATA.RAW": "RAW", "L.MPP": "walkgrid",
		"noext": Binary, "A.DAT.BINDAT": "BINDAT", "s.OGG": Audio,
	} {
		if got := FromName(name); got != want {
			t.Errorf("FromName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestArchiveFromFamilies: an extension is an archive because a family
// registered it, not because kind lists it; a family's NotArchiveInside
// extension and kind's own special cases keep their kind.
func TestArchiveFromFamilies(t *testing.T) {
	if got := FromName("x.kindproof"); got != Binary {
		t.Fatalf("before registering: FromName(x.kindproof) = %q, want %q", got, Binary)
	}
	archive.RegisterFamily(archive.Family{Name: "kind-proof", Exts: []string{".kindproof"}})
	archive.RegisterFamily(archive.Family{Name: "kind-proof-dat", Exts: []string{".dat", ".mesh"}})
	for name, want := range map[string]string{"A.KINDPROOF": Archive, "a.dat": Text, "b.MESH": "mesh"} {
		if got := FromName(name); got != want {
			t.Errorf("FromName(%q) = %q, want %q", name, got, want)
		}
	}
}
