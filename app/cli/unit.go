package cli

import (
	"context"
	"fmt"
	"image"
	"path/filepath"
	"strings"

	"packsmith/backend/view/meshview"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
)

// openModel opens a mesh with the mod it belongs to, as the window's 3D
// view does (meshview.Model): a loose file's from its path, an entry's from
// its archive; game (may be "") is the game's data behind it.
func openModel(src *source, game string) *meshview.Model {
	if src.loose {
		return meshview.OpenModelFile(src.a.Path(), gameFolder(game))
	}
	return meshview.OpenModelEntry(src.a, src.e.Path, gameFolder(game))
}

func meshMaterials(ctx context.Context, src *source, m *mesh.Mesh) (meshview.MeshMaterials, error) {
	md := openModel(src, "")
	defer md.Close()
	return md.Materials(ctx, src.budget, m)
}

// SkeletonInfo is `info FILE.SKELETON --json`.
type SkeletonInfo struct {
	File string `json:"file"`
	skeleton.Info
}

// infoSkeleton answers `info` for a .SKELETON, loose or ARCHIVE ENTRY.
func infoSkeleton(c *ctx, pos []string, password string, js bool) (handled bool, err error) {
	if len(pos) < 1 || len(pos) > 2 || !strings.EqualFold(filepath.Ext(pos[len(pos)-1]), ".skeleton") {
		return false, nil
	}
	src, err := c.openSource(pos, password)
	if err != nil {
		return true, err
	}
	defer src.Close()
	b, err := src.readAll(min(maxMeshFile, src.budget.Bytes()))
	if err != nil {
		return true, err
	}
	sk, err := skeleton.Decode(b, nil)
	if err != nil {
		return true, fmt.Errorf("%s: %w", src.name(), err)
	}
	v := SkeletonInfo{File: src.name(), Info: sk.Info()}
	if js {
		return true, writeJSON(c.stdout, v)
	}
	fmt.Fprintf(c.stdout, "%s: Ogre skeleton %s, %d bones, roots %s, %d animations\n", v.File, v.Version, v.Bones, strings.Join(v.Roots, ", "), len(v.Animations))
	for _, a := range v.Animations {
		fmt.Fprintf(c.stdout, "animation %q: %g s, %d tracks, %d keyframes\n", a.Name, a.Length, a.Tracks, a.Keyframes)
	}
	for _, l := range v.Links {
		fmt.Fprintf(c.stdout, "link: %s (scale %g)\n", l.Skeleton, l.Scale)
	}
	return true, nil
}

// posedRender draws a mesh textured as its materials say and, with anim,
// posed at time t of that animation of its unit (meshview.Model.Render).
func posedRender(ctx context.Context, src *source, m *mesh.Mesh, size int, game, anim string, t float64) (*image.RGBA, string, error) {
	md := openModel(src, game)
	defer md.Close()
	return md.Render(ctx, m, meshview.Pose{Size: size, Anim: anim, T: t, Budget: src.budget})
}
