package meshview

import (
	"context"
	"fmt"
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/levelbake"
	"packsmith/backend/tl2/modfiles"
	"packsmith/formats/tl2/mpp"
)

// LevelEntry is the use case "show a level" for the window's 3D view: the
// layout at entryPath of a (its bytes are data: .LAYOUT text or
// BINLAYOUT) opened with the mod it belongs to — modfiles.ForEntry
// decides which, as for a unit (OpenModelEntry), so a layout opened on its
// own inside a mod folder finds that mod's pieces, meshes and textures —
// its pieces placed as the bake places them, with the walk grid saved
// beside it (X.MPP in the same mod) or else baked, and packed (PackLevel).
// ctx ends the bake; what it reads is held to budget.
func LevelEntry(ctx context.Context, a archive.Archive, entryPath string, data []byte, gameDir string, budget *limits.Budget) ([]byte, error) {
	f, key, err := modfiles.ForEntry(a, entryPath, gameDir)
	if err != nil {
		return nil, fmt.Errorf("%s: the layout's mod cannot be told, so its pieces cannot be found: %w", entryPath, err)
	}
	bk, err := levelbake.NewFor(f) // closes f when it fails
	if err != nil {
		return nil, err
	}
	defer bk.Close()
	name := path.Base(strings.ReplaceAll(entryPath, "\\", "/")) // as the user named it
	sc, err := bk.Scene(name, data, Decoder(budget))
	if err != nil {
		return nil, err
	}
	var grid *mpp.Grid
	src := gridKey(key)
	if gb, found, err := f.ReadMod(src); err == nil && found {
		if g, err := mpp.Decode(gb); err == nil {
			grid = g
		}
	}
	if grid == nil && sc.Missing == nil {
		rep, err := bk.BakeLayout(ctx, name, data, levelbake.Options{Budget: budget})
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr // the request ended: no level sent without its grid
		}
		if err == nil {
			grid, src = rep.Grid, "baked"
		}
	}
	b, _, err := PackLevel(sc, grid, src, NewResolver(bk.Mod()))
	return b, err
}

// gridKey is the key of the walk grid saved beside the layout at key
// ("MEDIA/…/X.LAYOUT", or a compiled "X.LAYOUT.BINLAYOUT"): "MEDIA/…/X.MPP".
func gridKey(key string) string {
	base := strings.TrimSuffix(key, path.Ext(key))
	if strings.EqualFold(path.Ext(base), ".layout") {
		base = strings.TrimSuffix(base, path.Ext(base))
	}
	return base + ".MPP"
}
