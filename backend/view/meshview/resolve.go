package meshview

import (
	"encoding/binary"
	"fmt"
	"path"
	"strings"

	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/ogre/material"
)

// Resolver finds what a mesh refers to by name in a mod (and the game's
// data behind it): materials in every MEDIA/**.MATERIAL script, their
// textures beside the script or anywhere by file name (as Ogre's resource
// groups find them), and skeletons beside the mesh or by file name.
type Resolver struct {
	b        *levelbake.Baker
	mats     map[string]matRef
	matsFold map[string]matRef
	byName   map[string]string // upper-case file name → first key
	Problems []string          // scripts that did not read
}

type matRef struct {
	texture, script string
}

// NewResolver indexes the baker's materials and file names.
func NewResolver(b *levelbake.Baker) *Resolver {
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
			ref := matRef{texture: m.Texture, script: k}
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

// Texture resolves a material to its texture's file key; problem says in
// words why there is none ("" when found).
func (r *Resolver) Texture(materialName string) (key, problem string) {
	m, ok := r.mats[materialName]
	if !ok {
		m, ok = r.matsFold[strings.ToUpper(materialName)]
	}
	if !ok {
		return "", fmt.Sprintf("material %q is in no .MATERIAL script", materialName)
	}
	if m.texture == "" {
		return "", fmt.Sprintf("material %q (%s) names no texture", materialName, m.script)
	}
	if k := r.find(path.Dir(m.script), m.texture); k != "" {
		return k, ""
	}
	return "", fmt.Sprintf("texture %s of material %q (%s) not found", m.texture, materialName, m.script)
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
	k := r.find(path.Dir(strings.ToUpper(meshKey)), link)
	if k == "" {
		return "", 0, fmt.Sprintf("skeleton %s not found", link)
	}
	data, _, err := r.b.ReadFile(k)
	if err != nil {
		return k, 0, err.Error()
	}
	n, err := CountBones(data)
	if err != nil {
		return k, 0, fmt.Sprintf("%s: %v", k, err)
	}
	return k, n, ""
}

// CountBones counts the bone chunks (0x2000) at the top of an Ogre binary
// .SKELETON: u16 0x1000, a version line, then chunks (u16 id, u32 length
// counting the header) that are skipped by their length.
func CountBones(b []byte) (int, error) {
	if len(b) < 2 || binary.LittleEndian.Uint16(b) != 0x1000 {
		return 0, fmt.Errorf("offset 0: not an Ogre skeleton")
	}
	nl := strings.IndexByte(string(b[2:min(len(b), 66)]), '\n')
	if nl < 0 || !strings.HasPrefix(string(b[2:]), "[Serializer_v") {
		return 0, fmt.Errorf("offset 2: no skeleton version line")
	}
	n := 0
	for p := 2 + nl + 1; p+6 <= len(b); {
		id, ln := binary.LittleEndian.Uint16(b[p:]), int64(binary.LittleEndian.Uint32(b[p+2:]))
		if ln < 6 || int64(p)+ln > int64(len(b)) {
			return n, fmt.Errorf("offset %d: chunk 0x%04X of length %d does not fit the file", p, id, ln)
		}
		if id == 0x2000 {
			n++
		}
		p += int(ln)
	}
	return n, nil
}
