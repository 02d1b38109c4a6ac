package meshview

import (
	"fmt"
	"path"
	"strings"

	"packsmith/backend/tl2/modfiles"
	"packsmith/formats/ogre/material"
	"packsmith/formats/ogre/skeleton"
)

// Resolver finds what a mesh refers to by name in a mod (and the game's
// data behind it): materials in every MEDIA/**.MATERIAL script, their
// textures beside the script or anywhere by file name (as Ogre's resource
// groups find them), and skeletons beside the mesh or by file name.
type Resolver struct {
	b        *modfiles.Files // the mod's files, the game's behind them
	mats     map[string]matRef
	matsFold map[string]matRef
	byName   map[string]string // upper-case file name → first key
	Problems []string          // scripts that did not read
}

type matRef struct {
	texture, script string
	alpha           material.Alpha
}

// NewResolver indexes the materials and file names of a mod's files (a
// level's: levelbake.Baker.Mod; a mesh's: OpenModel).
func NewResolver(b *modfiles.Files) *Resolver {
	r := &Resolver{b: b, mats: map[string]matRef{}, matsFold: map[string]matRef{}, byName: map[string]string{}}
	for _, k := range b.Files("MEDIA/", "") {
		n := path.Base(k)
		if _, ok := r.byName[n]; !ok {
			r.byName[n] = k
		}
	}
	for _, k := range b.Files("MEDIA/", ".MATERIAL") {
		data, _, err := b.ReadFile(k)
		if err != nil {
			r.Problems = append(r.Problems, err.Error())
			continue
		}
		ms, err := material.Parse(k, data)
		if err != nil {
			r.Problems = append(r.Problems, err.Error())
			continue
		}
		for _, m := range ms {
			ref := matRef{texture: m.Texture, script: k, alpha: m.Alpha}
			if _, ok := r.mats[m.Name]; !ok {
				r.mats[m.Name] = ref
			}
			if _, ok := r.matsFold[strings.ToUpper(m.Name)]; !ok {
				r.matsFold[strings.ToUpper(m.Name)] = ref
			}
		}
	}
	return r
}

// MaterialRef is a material as resolved: the script defining it, the
// texture as the script names it and the file found for it.
type MaterialRef struct {
	Name    string `json:"material"`
	Script  string `json:"script,omitempty"`
	Texture string `json:"texture,omitempty"` // as named, e.g. "netherim_flyer.png"
	File    string `json:"file,omitempty"`    // as found, e.g. "MEDIA/…/NETHERIM_FLYER.DDS"
	Problem string `json:"problem,omitempty"`
	// Blend and AlphaCut: how the texture's alpha is drawn (material.Alpha).
	Blend    string `json:"blend,omitempty"`
	AlphaCut int    `json:"alphaCut,omitempty"`
}

// Material resolves a material name (exact, else without regard to case)
// and its first texture, the way the game finds it (findTexture).
func (r *Resolver) Material(materialName string) MaterialRef {
	ref := MaterialRef{Name: materialName}
	m, ok := r.mats[materialName]
	if !ok {
		m, ok = r.matsFold[strings.ToUpper(materialName)]
	}
	if !ok {
		ref.Problem = fmt.Sprintf("material %q is in no .MATERIAL script", materialName)
		return ref
	}
	ref.Script, ref.Texture = m.script, m.texture
	ref.Blend, ref.AlphaCut = m.alpha.Blend, m.alpha.Cut
	if m.texture == "" {
		ref.Problem = fmt.Sprintf("material %q (%s) names no texture", materialName, m.script)
		return ref
	}
	if ref.File = r.findTexture(path.Dir(m.script), m.texture); ref.File == "" {
		ref.Problem = fmt.Sprintf("texture %s of material %q (%s) not found", m.texture, materialName, m.script)
		if ddsStandIn(m.texture) {
			ref.Problem += " (nor its .dds)"
		}
	}
	return ref
}

// findTexture finds a texture as the game does: Torchlight II ships its
// textures as .dds (GUTS converts a .png or .tga and leaves the source out
// of the .MOD), so a name ending in .png, .tga or .jpg loads the .dds of
// the same name when there is one, else the file as named; each beside
// the script first, then anywhere by file name.
func (r *Resolver) findTexture(dir, name string) string {
	if ddsStandIn(name) {
		if k := r.find(dir, strings.TrimSuffix(name, path.Ext(name))+".dds"); k != "" {
			return k
		}
	}
	return r.find(dir, name)
}

// ddsStandIn tells a texture name the game loads as .dds when it can.
func ddsStandIn(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".png", ".tga", ".jpg", ".jpeg":
		return true
	}
	return false
}

// find looks for a file named name beside dir, then anywhere.
func (r *Resolver) find(dir, name string) string {
	name = strings.ToUpper(strings.ReplaceAll(name, "\\", "/"))
	if _, found, _ := r.b.ReadFile(dir + "/" + name); found && !strings.Contains(name, "..") {
		return strings.ToUpper(dir + "/" + name)
	}
	return r.byName[path.Base(name)]
}

// Skeleton resolves a mesh's skeleton link (beside the mesh, else by file
// name) and counts its bones; problem says why not.
func (r *Resolver) Skeleton(meshKey, link string) (key string, bones int, problem string) {
	k, sk, problem := r.LoadSkeleton(meshKey, link)
	if sk == nil {
		return k, 0, problem
	}
	return k, len(sk.Bones), ""
}

// LoadSkeleton finds and decodes a skeleton named by link (a mesh's
// skeleton link or an animation's file) beside fromKey, else by file name.
func (r *Resolver) LoadSkeleton(fromKey, link string) (key string, sk *skeleton.Skeleton, problem string) {
	k := r.find(path.Dir(strings.ToUpper(fromKey)), link)
	if k == "" {
		return "", nil, fmt.Sprintf("skeleton %s not found", link)
	}
	data, _, err := r.b.ReadFile(k)
	if err != nil {
		return k, nil, err.Error()
	}
	sk, err = skeleton.Decode(data, nil)
	if err != nil {
		return k, nil, fmt.Sprintf("%s: %v", k, err)
	}
	return k, sk, ""
}
