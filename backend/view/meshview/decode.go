package meshview

import (
	"fmt"
	"path"
	"strings"

	"packsmith/backend/sys/limits"
	"packsmith/formats/ogre/mesh"
)

// bytesPerVertex is what a decoded vertex costs with its attributes
// (position, normal, UV as float32); bytesPerIndex an index (uint32).
const (
	bytesPerVertex = 4 * (3 + 3 + 2)
	bytesPerIndex  = 4
)

// options caps a decode by the memory budget: a mesh whose header claims
// more vertices or indices than the budget holds is refused before
// anything is allocated for them.
func options(budget *limits.Budget) *mesh.Options {
	n := budget.Bytes()
	o := &mesh.Options{Attributes: true}
	o.MaxVertices = int(min(n/bytesPerVertex, 1<<26))
	o.MaxIndices = int(min(n/bytesPerIndex, 1<<28))
	return o
}

// Decoder reads a .MESH (name is for messages) with normals and UVs,
// within the budget (the command's or the window's; nil: a default one).
// It is a function so that a level's scene (Scene) decodes its pieces
// with it.
func Decoder(budget *limits.Budget) func(name string, b []byte) (*mesh.Mesh, error) {
	return func(name string, b []byte) (*mesh.Mesh, error) {
		m, err := mesh.Decode(b, options(budget))
		if err != nil {
			if strings.Contains(err.Error(), "more than") {
				return nil, fmt.Errorf("%s: %w (%d MB memory limit; %s)", name, err, budget.MB(), limits.Hint)
			}
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return m, nil
	}
}

// IsMesh tells a .MESH by its name.
func IsMesh(name string) bool { return strings.EqualFold(path.Ext(name), ".mesh") }

// IsLayout tells a level layout (.LAYOUT text or its .BINLAYOUT) by name.
func IsLayout(name string) bool {
	n := strings.ToUpper(name)
	return strings.HasSuffix(n, ".LAYOUT") || strings.HasSuffix(n, ".LAYOUT.BINLAYOUT")
}
