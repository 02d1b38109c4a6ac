package kind

import "testing"

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
