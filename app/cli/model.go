package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/finitejson"
	"packsmith/backend/tl2/levelbake"
	"packsmith/backend/view/meshview"
	"packsmith/formats/ogre/mesh"
)

// maxMeshFile caps the bytes of one .MESH or .LAYOUT read whole.
const maxMeshFile = 256 << 20

// MeshInfo is `info FILE.MESH --json` (or ARCHIVE ENTRY): the source, then
// the mesh's summary (mesh.Info).
type MeshInfo struct {
	File string `json:"file"`
	mesh.Info
	meshview.MeshMaterials
}

// infoMesh answers `info` for a .MESH, loose (one argument) or an entry
// (ARCHIVE ENTRY; a mod folder is an archive). handled is false for any
// other arguments.
func infoMesh(c *ctx, pos []string, password string, js bool) (handled bool, err error) {
	if len(pos) < 1 || len(pos) > 2 || !meshview.IsMesh(pos[len(pos)-1]) {
		return false, nil
	}
	src, err := c.openSource(pos, password)
	if err != nil {
		return true, err
	}
	defer src.Close()
	m, err := readMesh(src)
	if err != nil {
		return true, err
	}
	mm, err := meshMaterials(c.context, src, m)
	if err != nil {
		return true, err
	}
	v := MeshInfo{File: src.name(), Info: m.Info(), MeshMaterials: mm}
	if js {
		return true, writeJSON(c.stdout, v)
	}
	in := v.Info
	fmt.Fprintf(c.stdout, "%s: Ogre mesh %s, %d submeshes, %d vertices, %d triangles\n", v.File, in.Version, len(in.Submeshes), in.Vertices, in.Triangles)
	b := in.Bounds
	fmt.Fprintf(c.stdout, "bounds: %v .. %v (size %.2f × %.2f × %.2f game units)\n", b.Min, b.Max, b.Size[0], b.Size[1], b.Size[2])
	if _, findings := finitejson.Sanitize(b); len(findings) > 0 {
		fmt.Fprintf(c.stderr, "warning: %s: the bounds hold numbers that are not finite (%s)\n", v.File, strings.ReplaceAll(strings.Join(findings, "; "), ", written as null", ""))
	}
	switch {
	case in.Skeleton != "":
		fmt.Fprintf(c.stdout, "skeleton: %s\n", in.Skeleton)
	case in.Animated:
		fmt.Fprintf(c.stdout, "skeleton: (animated, no link)\n")
	default:
		fmt.Fprintf(c.stdout, "skeleton: none\n")
	}
	for i, s := range in.Submeshes {
		name := s.Name
		if name == "" {
			name = "-"
		}
		shared := "own"
		if s.UseShared {
			shared = "shared"
		}
		fmt.Fprintf(c.stdout, "submesh %d %s: material %q, %s, %d vertices (%s), %d triangles\n", i, name, s.Material, s.Operation, s.Vertices, shared, s.Triangles)
		if mr := v.Materials[i]; mr.File != "" {
			fmt.Fprintf(c.stdout, "  texture %s: %s\n", mr.Texture, mr.File)
		} else if mr.Script != "" {
			fmt.Fprintf(c.stdout, "  untextured: %s\n", mr.Problem)
		}
	}
	if u := v.Unit; u != nil {
		fmt.Fprintf(c.stdout, "skeleton file: %s, %d bones; %d animations", u.SkeletonFile, u.Bones, len(u.Animations))
		if u.AnimationList != "" {
			fmt.Fprintf(c.stdout, " listed in %s", u.AnimationList)
		}
		fmt.Fprintln(c.stdout)
		for _, p := range u.Problems {
			fmt.Fprintf(c.stdout, "  problem: %s\n", p)
		}
	}
	return true, nil
}

func readMesh(src *source) (*mesh.Mesh, error) {
	b, err := src.readAll(min(maxMeshFile, src.budget.Bytes()))
	if err != nil {
		return nil, err
	}
	return meshview.Decoder(src.budget)(src.name(), b)
}

// renderModel draws a .MESH (a shaded view) or a level layout (a map in
// its walk grid's frame); handled is false for other entries.
func renderModel(c *ctx, src *source, out string, size int, game, anim string, at float64) (handled bool, err error) {
	switch {
	case meshview.IsMesh(src.e.Path):
		m, err := readMesh(src)
		if err != nil {
			return true, err
		}
		img, note, err := posedRender(c.context, src, m, size, game, anim, at)
		if err != nil {
			if strings.HasPrefix(err.Error(), src.name()) {
				return true, err
			}
			return true, fmt.Errorf("%s: %w", src.name(), err)
		}
		if err := writePNGDetached(c, out, src.name(), img); err != nil {
			return true, err
		}
		if out != "-" {
			in := m.Info()
			fmt.Fprintf(c.stdout, "wrote %s: %d×%d, Ogre mesh, %d triangles%s\n", out, size, size, in.Triangles, note)
		}
		return true, nil
	case meshview.IsLayout(src.e.Path):
		sc, err := openScene(src, game)
		if err != nil {
			return true, err
		}
		if sc.MissingText != "" {
			fmt.Fprintf(c.stderr, "warning: %s\n", sc.MissingText)
		}
		if len(sc.MissingVisual) > 0 {
			fmt.Fprintf(c.stderr, "warning: %d visual mesh(es) missing, drawn with their collision mesh: %s\n", len(sc.MissingVisual), strings.Join(sc.MissingVisual, ", "))
		}
		lm, err := meshview.RenderMap(c.context, sc)
		if err != nil {
			return true, err
		}
		if err := writePNGDetached(c, out, src.name(), lm.Image); err != nil {
			return true, err
		}
		if out != "-" {
			f := sc.Frame
			fmt.Fprintf(c.stdout, "wrote %s: %d×%d, one pixel per walk grid cell (origin %g, %g); %d pieces: %d visual, %d collision, %d not drawn\n",
				out, f.Width, f.Height, f.OriginX, f.OriginZ, len(sc.Pieces), lm.Visual, lm.Collision, lm.Skipped)
		}
		return true, nil
	}
	return false, nil
}

// openScene resolves a layout's pieces: a loose layout's mod is the folder
// above its MEDIA/, an entry's the archive's entries under its MEDIA/.
func openScene(src *source, game string) (*levelbake.Scene, error) {
	data, err := src.readAll(min(maxMeshFile, src.budget.Bytes()))
	if err != nil {
		return nil, err
	}
	var b *levelbake.Baker
	if src.loose {
		root, err := levelbake.ModRoot(src.a.Path())
		if err != nil {
			return nil, err
		}
		if b, err = levelbake.New(root, gameFolder(game)); err != nil {
			return nil, err
		}
	} else {
		root, ok := levelbake.ArchiveRoot(src.e.Path)
		if !ok {
			return nil, fmt.Errorf("%s: the layout is not under a MEDIA folder, so its mod's pieces cannot be found", src.name())
		}
		if b, err = levelbake.NewFromArchive(src.a, root, gameFolder(game)); err != nil {
			return nil, err
		}
	}
	defer b.Close()
	return b.Scene(filepath.Base(src.e.Path), data, meshview.Decoder(src.budget))
}
