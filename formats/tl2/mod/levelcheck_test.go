package mod

import (
	"bytes"
	"strings"
	"testing"

	"packsmith/formats/tl2/layout"
)

// Only levels need a walk grid: verify flags a level layout (one placing
// a room piece) without its .MPP, never a scenery layout, compiled or
// text.
func TestLayoutWithoutMPPOnlyForLevels(t *testing.T) {
	text := func(desc string) []byte {
		return []byte("[Layout]\n<INTEGER>VERSION:4\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:" + desc +
			"\n<INTEGER64>ID:1\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n")
	}
	bin := func(desc string) []byte {
		b, _, err := layout.Compile("X.LAYOUT", text(desc))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	out := &memFile{}
	w, err := NewWriter(out, &Header{Title: "levels"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"MEDIA/LAYOUTS/ENV/ENVIRONMENT_URBAN.LAYOUT", bin("Sound")},
		{"MEDIA/LAYOUTS/TEXT/SCENERY.LAYOUT", text("Sound")},
		{"MEDIA/LAYOUTS/LEVEL/LEVEL.LAYOUT", bin("Room Piece")},
		{"MEDIA/LAYOUTS/TEXTLEVEL/TEXTLEVEL.LAYOUT", text("Room Piece")},
		{"MEDIA/LAYOUTS/BROKEN/BROKEN.LAYOUT", []byte{layout.Magic, 1, 2}},
	} {
		if err := w.Add(FileHeader{Name: f.name}, bytes.NewReader(f.data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(bytes.NewReader(out.b), int64(len(out.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var flagged []string
	for _, f := range r.Check() {
		if f.Check == "layout-without-mpp" {
			flagged = append(flagged, f.Entry)
			if !strings.Contains(f.Message, "players cannot move") {
				t.Errorf("%s: %s", f.Entry, f.Message)
			}
		}
	}
	want := "MEDIA/LAYOUTS/BROKEN/BROKEN.LAYOUT MEDIA/LAYOUTS/LEVEL/LEVEL.LAYOUT MEDIA/LAYOUTS/TEXTLEVEL/TEXTLEVEL.LAYOUT"
	if got := strings.Join(flagged, " "); got != want {
		t.Errorf("flagged %q, want %q", got, want)
	}
}
