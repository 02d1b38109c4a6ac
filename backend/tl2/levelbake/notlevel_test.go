package levelbake

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mppbake"
)

// sceneryText is a layout that places no room piece (as
// ENVIRONMENT_URBAN.LAYOUT): a sound inside a group.
const sceneryText = "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n" +
	"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Group\n<INTEGER64>ID:1\n[/PROPERTIES]\n[CHILDREN]\n" +
	"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Sound\n<INTEGER64>ID:2\n[/PROPERTIES]\n[/BASEOBJECT]\n" +
	"[/CHILDREN]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n"

// A layout without room pieces is no level: IsLevel says so, the bake and
// the check refuse it in words with no Go package prefix.
func TestSceneryIsNoLevel(t *testing.T) {
	if ok, err := IsLevel("ENV.LAYOUT", []byte(sceneryText)); ok || err != nil {
		t.Errorf("scenery: level %v, %v", ok, err)
	}
	if ok, err := IsLevel("L.LAYOUT", layoutText("11")); !ok || err != nil {
		t.Errorf("level: level %v, %v", ok, err)
	}
	if _, err := IsLevel("BAD.LAYOUT", []byte("[Layout]\n[OBJECTS")); err == nil {
		t.Error("a layout that does not parse: no error")
	}
	b, err := New(modWith(t), "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.BakeLayout(t.Context(), "ENVIRONMENT_URBAN.LAYOUT", []byte(sceneryText), Options{})
	want := "ENVIRONMENT_URBAN.LAYOUT places no room piece, so it is not a level and has no walk grid to bake"
	if !errors.Is(err, ErrNotLevel) || err.Error() != want {
		t.Errorf("bake: %v", err)
	}
	if err := b.Check("ENVIRONMENT_URBAN.LAYOUT", []byte(sceneryText)); !errors.Is(err, ErrNotLevel) || err.Error() != want {
		t.Errorf("check: %v", err)
	}
}

// A level whose pieces have no collision (COLLISION ENABLED false): the
// error is still ErrNoGeometry, worded without "mppbake:".
func TestNoGeometryMessageHasNoPackagePrefix(t *testing.T) {
	b, err := New(modWith(t), "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = bakeText(t, b, layoutText("11 <BOOL>COLLISION ENABLED:false"))
	if !errors.Is(err, mppbake.ErrNoGeometry) || err.Error() != "L.LAYOUT: no room piece with collision geometry" {
		t.Errorf("%v", err)
	}
	// BakeFile too (the command line's bake).
	dir := modWith(t)
	lp := filepath.Join(dir, "MEDIA", "LAYOUTS", "L", "L.LAYOUT")
	if err := os.WriteFile(lp, []byte(sceneryText), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = BakeFile(t.Context(), lp, "", "", Options{})
	if !errors.Is(err, ErrNotLevel) || strings.Contains(err.Error(), "levelbake:") || !strings.HasSuffix(err.Error(), "L.LAYOUT places no room piece, so it is not a level and has no walk grid to bake") {
		t.Errorf("BakeFile: %v", err)
	}
}
