package meshview

import (
	"context"
	"packsmith/formats/ogre/mesh"
)

// Unit is UnitContext without a context or budget (tests only).
func (r *Resolver) Unit(meshKey string, m *mesh.Mesh) *Unit {
	u, _ := r.UnitContext(context.Background(), nil, meshKey, m)
	return u
}

// PackMeshFile is PackMeshFileContext without a context or budget.
func PackMeshFile(key string, m *mesh.Mesh, res *Resolver) ([]byte, *PackHeader, error) {
	return PackMeshFileContext(context.Background(), nil, key, m, res)
}
