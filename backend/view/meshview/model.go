package meshview

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/modfiles"
	"packsmith/formats/ogre/mesh"
)

// Model is the use case "show, pose and render a unit": a mesh opened with
// the mod it belongs to (modfiles decides which: ForFile, ForEntry), so
// that its materials, textures, skeleton and animations are found the
// same way whichever shell asks — `packsmith info` and `render`, and the
// window's 3D view. Close it when done.
type Model struct {
	// Key is the mesh's "MEDIA/…" key in its mod ("" when Res is nil).
	Key string
	// Res looks up what the mesh refers to; nil when its mod cannot be
	// told or did not open (Why says so).
	Res *Resolver
	// Why says why nothing can be looked up ("" when Res is set).
	Why   string
	files *modfiles.Files
}

// OpenModelFile opens a mesh file on disk (any path, relative too) with
// its mod and, when gameDir is not "", the game's data.
func OpenModelFile(path, gameDir string) *Model {
	return newModel(modfiles.ForFile(path, gameDir))
}

// OpenModelEntry opens a mesh entry of an archive with its mod.
func OpenModelEntry(a archive.Archive, entryPath, gameDir string) *Model {
	return newModel(modfiles.ForEntry(a, entryPath, gameDir))
}

func newModel(f *modfiles.Files, key string, err error) *Model {
	if err != nil {
		if f != nil {
			f.Close()
		}
		return &Model{Why: err.Error()}
	}
	return &Model{Key: key, Res: NewResolver(f), files: f}
}

// Close releases the game's data.
func (m *Model) Close() {
	if m.files != nil {
		m.files.Close()
	}
}

// MeshMaterials is what `info FILE.MESH --json` adds to the mesh's
// summary: per submesh its material and texture as named and as found,
// and the unit (skeleton and animations) when the mesh is skinned.
type MeshMaterials struct {
	Materials []MaterialRef `json:"materials"`
	Unit      *Unit         `json:"unit,omitempty"`
	// Resolve says why nothing could be looked up ("" when it could).
	Resolve string `json:"resolveProblem,omitempty"`
}

// Materials resolves every submesh's material and the mesh's unit, the
// unit's skeletons counted against budget (nil: the default) with ctx
// looked at for every listed animation (its error is the only error).
func (m *Model) Materials(ctx context.Context, budget *limits.Budget, ms *mesh.Mesh) (MeshMaterials, error) {
	out := MeshMaterials{Materials: []MaterialRef{}}
	if m.Res == nil {
		out.Resolve = m.Why
		for _, s := range ms.Submeshes {
			out.Materials = append(out.Materials, MaterialRef{Name: s.Material, Problem: "not looked up: " + m.Why})
		}
		return out, ctx.Err()
	}
	for _, s := range ms.Submeshes {
		out.Materials = append(out.Materials, m.Res.Material(s.Material))
	}
	var err error
	out.Unit, err = m.Res.UnitContext(ctx, budget, m.Key, ms)
	return out, err
}

// Pose says how Render draws a model.
type Pose struct {
	Size int // the picture's width and height
	// Anim names the unit's animation to pose ("" = the bind pose), at T
	// seconds (looping).
	Anim string
	T    float64
	// Budget is what decoding the textures and the unit's skeletons takes
	// from.
	Budget *limits.Budget
}

// ErrNoUnit: an animation was asked of a mesh whose skeleton and
// animations cannot be found (no mod, no skeleton link). Render's error
// says which in words and errors.Is it ErrNoUnit.
var ErrNoUnit = errors.New("no skeleton and animations to pose")

type noUnitError string

func (e noUnitError) Error() string        { return string(e) }
func (e noUnitError) Is(target error) bool { return target == ErrNoUnit }

// Render draws the mesh textured as its materials say and, with p.Anim,
// posed at p.T of that animation of its unit. note says what was used
// (", Idle at 0.5 s of 1, textured with MEDIA/…"); errors do not name the
// mesh's file (the caller does).
func (m *Model) Render(ctx context.Context, ms *mesh.Mesh, p Pose) (img *image.RGBA, note string, err error) {
	if m.Res == nil {
		if p.Anim != "" {
			return nil, "", noUnitError(fmt.Sprintf("--anim: %s, so its skeleton and animations cannot be found", m.Why))
		}
		img, err := Render(ctx, ms, p.Size)
		return img, "", err
	}
	opt := RenderOptions{Size: p.Size, Frame: ms, Textures: make([]image.Image, len(ms.Submeshes))}
	var used []string
	for i, s := range ms.Submeshes {
		ref := m.Res.Material(s.Material)
		if ref.File == "" {
			continue
		}
		if opt.Textures[i], err = m.Res.LoadTexture(ref.File, p.Budget); err != nil {
			return nil, "", fmt.Errorf("submesh %d: %w", i, err)
		}
		used = append(used, ref.File)
	}
	drawn := ms
	if p.Anim != "" {
		u, err := m.Res.UnitContext(ctx, p.Budget, m.Key, ms)
		if err != nil {
			return nil, "", err
		}
		if u == nil {
			return nil, "", noUnitError(fmt.Sprintf("--anim %s: the mesh links no skeleton", p.Anim))
		}
		a, err := u.Find(p.Anim)
		if err != nil {
			return nil, "", err
		}
		drawn = u.Posed(ms, a, p.T)
		note = fmt.Sprintf(", %s at %g s of %g", a.Name, p.T, a.Length)
	}
	if len(used) > 0 {
		note += ", textured with " + strings.Join(used, ", ")
	}
	img, err = RenderWith(ctx, drawn, opt)
	return img, note, err
}

// Pack is the window's 3D view data of the mesh (PackMeshFileContext)
// with everything its mod resolves, within budget, stopped when ctx ends.
func (m *Model) Pack(ctx context.Context, budget *limits.Budget, key string, ms *mesh.Mesh) ([]byte, error) {
	if m.Res != nil {
		key = m.Key
	}
	b, _, err := PackMeshFileContext(ctx, budget, key, ms, m.Res)
	return b, err
}
