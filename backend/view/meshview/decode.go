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

// Options caps a decode by the memory budget: a mesh whose header claims
// more vertices or indices than the budget holds is refused before
// anything is allocated for them.
func Options(budget int64) *mesh.Options {
	if budget <= 0 {
		budget = limits.Bytes()
	}
	o := &mesh.Options{Attributes: true}
	o.MaxVertices = int(min(budget/bytesPerVertex, 1<<26))
	o.MaxIndices = int(min(budget/bytesPerIndex, 1<<28))
	return o
}

// Decode reads a .MESH (name is for messages) with normals and UVs, within
// the current memory budget.
func Decode(name string, b []byte) (*mesh.Mesh, error) {
	m, err := mesh.Decode(b, Options(0))
	if err != nil {
		if strings.Contains(err.Error(), "more than") {
			return nil, fmt.Errorf("%s: %w (%d MB memory limit; %s)", name, err, limits.MB(), limits.Hint)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// IsMesh tells a .MESH by its name.
func IsMesh(name string) bool { return strings.EqualFold(path.Ext(name), ".mesh") }

// IsLayout tells a level layout (.LAYOUT text or its .BINLAYOUT) by name.
func IsLayout(name string) bool {
	n := strings.ToUpper(name)
	return strings.HasSuffix(n, ".LAYOUT") || strings.HasSuffix(n, ".LAYOUT.BINLAYOUT")
}
