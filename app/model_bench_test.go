package app

import (
	"context"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/view/meshview"
	"packsmith/formats/ogre/mesh"
	"packsmith/internal/modelgen"
)

func benchArchive(b *testing.B, f modelgen.Files) (*App, archive.Archive) {
	b.Helper()
	b.Setenv("PACKSMITH_CONFIG_DIR", b.TempDir())
	a := folderArchive(b, f)
	return testApp(b, &events{}, nil, nil), a
}

// folderArchive writes f to a temporary folder and opens it as an archive,
// closed at the end of the test.
func folderArchive(t testing.TB, f modelgen.Files) archive.Archive {
	t.Helper()
	dir := t.TempDir()
	if err := f.Write(dir); err != nil {
		t.Fatal(err)
	}
	a, err := archive.Open(dir, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// BenchmarkMeshOpen100k: what /api/mesh does for a 100,000-triangle mesh
// (read, decode with normals and UVs, resolve materials, pack). Target:
// under 1 s.
func BenchmarkMeshOpen100k(b *testing.B) {
	m := modelgen.Grid(224, 50) // 2 × 224² = 100,352 triangles
	data, err := mesh.Encode(m)
	if err != nil {
		b.Fatal(err)
	}
	s, a := benchArchive(b, modelgen.Files{"MEDIA/MODELS/SHEET.MESH": data})
	e, _ := archive.Find(a, "MEDIA/MODELS/SHEET.MESH")
	b.ReportMetric(float64(m.Info().Triangles), "triangles")
	b.ResetTimer()
	for b.Loop() {
		out, err := s.assets.meshPack(context.Background(), a, e)
		if err != nil || len(out) < 100000*12 {
			b.Fatal(err, len(out))
		}
	}
}

// BenchmarkLevelOpen138: what /api/level does for a generated level of
// 138 pieces (104 floor tiles and 35 boxes less one: every piece placed,
// its meshes read and packed, the walk grid baked since the mod has no
// .MPP). Target: under 2 s.
func BenchmarkLevelOpen138(b *testing.B) {
	f, err := modelgen.Mod(103, 1, false)
	if err != nil {
		b.Fatal(err)
	}
	s, a := benchArchive(b, f)
	e, _ := archive.Find(a, modelgen.LevelFile)
	b.ResetTimer()
	for b.Loop() {
		out, err := s.assets.levelPack(context.Background(), a, e)
		if err != nil {
			b.Fatal(err)
		}
		h, _, err := meshview.ParsePack(out)
		if err != nil || len(h.Pieces) != 138 || h.Grid == nil {
			b.Fatalf("%v: %d pieces, grid %v", err, len(h.Pieces), h.Grid)
		}
	}
}
