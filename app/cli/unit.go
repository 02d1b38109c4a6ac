package cli

import (
	"context"
	"fmt"
	"image"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/levelbake"
	"packsmith/backend/view/meshview"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
)

// modResolver finds what a mesh refers to the way the game does: a loose
// mesh's mod is the folder above its MEDIA/, an entry's the archive's
// entries under its MEDIA/ (a .MOD, a mod folder, DATA.PAK), with the
// game's data (game, may be "") behind either. It answers the mesh's
// "MEDIA/…" key, and a nil resolver (and why) when the mesh is under no
// MEDIA folder.
func modResolver(src *source, game string) (res *meshview.Resolver, key string, closeFn func(), why string) {
	var b *levelbake.Baker
	var err error
	if src.loose {
		root, rerr := levelbake.ModRoot(src.a.Path())
		if rerr != nil {
			return nil, "", func() {}, rerr.Error()
		}
		rel, _ := filepath.Rel(root, src.a.Path())
		key = strings.ToUpper(filepath.ToSlash(rel))
		b, err = levelbake.New(root, gameFolder(game))
	} else {
		root, ok := levelbake.ArchiveRoot(src.e.Path)
		if !ok {
			return nil, "", func() {}, src.e.Path + " is under no MEDIA folder"
		}
		key = strings.ToUpper(src.e.Path[len(root):])
		b, err = levelbake.NewFromArchive(src.a, root, gameFolder(game))
	}
	if err != nil {
		return nil, "", func() {}, err.Error()
	}
	return meshview.NewResolver(b), key, func() { b.Close() }, ""
}

// MeshMaterials is what `info FILE.MESH --json` adds to the mesh's
// summary: per submesh its material and texture as named and as found,
// and the unit (skeleton and animations) when the mesh is skinned.
type MeshMaterials struct {
	Materials []meshview.MaterialRef `json:"materials"`
	Unit      *meshview.Unit         `json:"unit,omitempty"`
	// Resolve says why nothing could be looked up ("" when it could).
	Resolve string `json:"resolveProblem,omitempty"`
}

func meshMaterials(ctx context.Context, src *source, m *mesh.Mesh) (MeshMaterials, error) {
	out := MeshMaterials{Materials: []meshview.MaterialRef{}}
	res, key, done, why := modResolver(src, "")
	defer done()
	if res == nil {
		out.Resolve = why
		for _, s := range m.Submeshes {
			out.Materials = append(out.Materials, meshview.MaterialRef{Name: s.Material, Problem: "not looked up: " + why})
		}
		return out, nil
	}
	for _, s := range m.Submeshes {
		out.Materials = append(out.Materials, res.Material(s.Material))
	}
	var err error
	out.Unit, err = res.UnitContext(ctx, src.budget, key, m)
	return out, err
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
// posed at time t of that animation of its unit. note says what was used.
func posedRender(ctx context.Context, src *source, m *mesh.Mesh, size int, game, anim string, t float64) (img *image.RGBA, note string, err error) {
	res, key, done, why := modResolver(src, game)
	defer done()
	if res == nil {
		if anim != "" {
			return nil, "", fmt.Errorf("%s: --anim: %s, so its skeleton and animations cannot be found", src.name(), why)
		}
		img, err := meshview.Render(ctx, m, size)
		return img, "", err
	}
	opt := meshview.RenderOptions{Size: size, Frame: m, Textures: make([]image.Image, len(m.Submeshes))}
	var used []string
	for i, s := range m.Submeshes {
		ref := res.Material(s.Material)
		if ref.File == "" {
			continue
		}
		if opt.Textures[i], err = res.LoadTexture(ref.File, src.budget); err != nil {
			return nil, "", fmt.Errorf("%s: submesh %d: %w", src.name(), i, err)
		}
		used = append(used, ref.File)
	}
	drawn := m
	if anim != "" {
		u, err := res.UnitContext(ctx, src.budget, key, m)
		if err != nil {
			return nil, "", err
		}
		if u == nil {
			return nil, "", fmt.Errorf("%s: --anim %s: the mesh links no skeleton", src.name(), anim)
		}
		a, err := u.Find(anim)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", src.name(), err)
		}
		drawn = u.Posed(m, a, t)
		note = fmt.Sprintf(", %s at %g s of %g", a.Name, t, a.Length)
	}
	if len(used) > 0 {
		note += ", textured with " + strings.Join(used, ", ")
	}
	img, err = meshview.RenderWith(ctx, drawn, opt)
	return img, note, err
}
