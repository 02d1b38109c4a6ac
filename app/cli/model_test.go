package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/view/meshview"
	"packsmith/formats/tl2/mpp"
	"packsmith/internal/crafted"
	"packsmith/internal/testfixtures"
)

// chunkCounts is a second, independent reading of a .MESH: a flat walk
// over the chunk headers (no nesting; the fixed fields of each chunk that
// has children are stepped over, leaves skipped by their length), noting
// each submesh's index count and operation and each geometry's vertex
// count.
type chunkCounts struct {
	shared int
	subs   []struct{ indices, vertices, op int }
}

func readChunkCounts(t *testing.T, name string, b []byte) chunkCounts {
	t.Helper()
	var c chunkCounts
	p := bytes.IndexByte(b, '\n') + 1
	own := -1 // the submesh whose own geometry comes next
	for p+6 <= len(b) {
		id, n := binary.LittleEndian.Uint16(b[p:]), int(binary.LittleEndian.Uint32(b[p+2:]))
		body := p + 6
		switch id {
		case 0x3000:
			p = body + 1
		case 0x4000:
			e := body + bytes.IndexByte(b[body:], '\n') + 1
			shared := b[e] != 0
			cnt := int(binary.LittleEndian.Uint32(b[e+1:]))
			size := 2
			if b[e+5] != 0 {
				size = 4
			}
			c.subs = append(c.subs, struct{ indices, vertices, op int }{cnt, 0, 4})
			if !shared {
				own = len(c.subs) - 1
			}
			p = e + 6 + cnt*size
		case 0x5000:
			v := int(binary.LittleEndian.Uint32(b[body:]))
			if own >= 0 {
				c.subs[own].vertices, own = v, -1
			} else {
				c.shared = v
			}
			p = body + 4
		case 0x5100: // declaration: its elements follow
			p = body
		case 0x5200:
			p = body + 4
		case 0x4010:
			c.subs[len(c.subs)-1].op = int(binary.LittleEndian.Uint16(b[body:]))
			p = body + 2
		default:
			if n < 6 {
				t.Fatalf("%s: chunk 0x%04X at %d: length %d", name, id, p, n)
			}
			p += n
		}
	}
	for i := range c.subs {
		if c.subs[i].vertices == 0 {
			c.subs[i].vertices = c.shared
		}
	}
	return c
}

func (c chunkCounts) triangles(i int) int {
	s := c.subs[i]
	switch s.op {
	case 4:
		return s.indices / 3
	case 5, 6:
		return max(s.indices-2, 0)
	}
	return 0
}

// TestInfoMeshMatchesChunks: for every mesh of the fixtures (GUTS's
// collision meshes, loose, in the mod folder read as an archive, and
// inside a .MOD packed from them) `info --json` gives the vertices and
// triangles the chunk headers declare.
func TestInfoMeshMatchesChunks(t *testing.T) {
	dir := filepath.Join(testfixtures.Dir(t, "tl2"), "cyber_mod")
	var meshes []string
	filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".mesh") {
			meshes = append(meshes, p)
		}
		return nil
	})
	sort.Strings(meshes)
	if len(meshes) != 6 {
		t.Fatalf("%d meshes in the fixtures, want 6", len(meshes))
	}
	// A .MOD holding them (the fixtures' .MODs hold no mesh).
	mod := filepath.Join(t.TempDir(), "M")
	for _, m := range meshes {
		rel, _ := filepath.Rel(dir, m)
		b, _ := os.ReadFile(m)
		os.MkdirAll(filepath.Join(mod, filepath.Dir(rel)), 0o755)
		os.WriteFile(filepath.Join(mod, rel), b, 0o644)
	}
	os.WriteFile(filepath.Join(mod, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:M\n<INTEGER64>MOD_ID:7\n[/MOD]\n"), 0o644)
	packed := filepath.Join(t.TempDir(), "M.MOD")
	if _, errs, code := run(t, "pack", mod, "-o", packed); code != 0 {
		t.Fatal(errs)
	}
	tris, checked := 0, 0
	for _, m := range meshes {
		b, _ := os.ReadFile(m)
		want := readChunkCounts(t, m, b)
		rel, _ := filepath.Rel(dir, m)
		entry := filepath.ToSlash(rel)
		for _, args := range [][]string{{m}, {dir, entry}, {packed, strings.ToLower(entry)}} {
			out := mustRun(t, 0, append(append([]string{"info"}, args...), "--json")...)
			var got MeshInfo
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Submeshes) != len(want.subs) {
				t.Fatalf("%v: %d submeshes, chunks say %d", args, len(got.Submeshes), len(want.subs))
			}
			total, verts := 0, want.shared
			for i, s := range got.Submeshes {
				if s.Triangles != want.triangles(i) || s.Vertices != want.subs[i].vertices || s.Indices != want.subs[i].indices {
					t.Errorf("%v submesh %d: %d triangles, %d vertices, %d indices; chunks say %d, %d, %d",
						args, i, s.Triangles, s.Vertices, s.Indices, want.triangles(i), want.subs[i].vertices, want.subs[i].indices)
				}
				total += want.triangles(i)
				if !s.UseShared {
					verts += want.subs[i].vertices
				}
			}
			if got.Triangles != total || got.Vertices != verts || got.Triangles == 0 {
				t.Errorf("%v: %d triangles, %d vertices; chunks say %d, %d", args, got.Triangles, got.Vertices, total, verts)
			}
			checked++
			if len(args) == 1 {
				tris += total
			}
		}
	}
	t.Logf("%d meshes, %d readings checked, %d triangles in all", len(meshes), checked, tris)
	if tris != 12+12+144+92+12+156 {
		t.Errorf("%d triangles in all", tris)
	}
	out := mustRun(t, 0, "info", meshes[len(meshes)-1])
	for _, w := range []string{"Ogre mesh [MeshSerializer_v1.41], 1 submeshes, 360 vertices, 156 triangles", `submesh 0 -: material "truss_top_collision", triangle list, 360 vertices (own), 156 triangles`, "skeleton: none", "size 16.30 × 14.00 × 15.80 game units"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
}

// TestRenderMesh: a shaded picture of a fixture mesh, the same bytes each
// time, most of its middle drawn.
func TestRenderMesh(t *testing.T) {
	m := filepath.Join(testfixtures.Dir(t, "tl2"), "cyber_mod", "MEDIA", "LEVELSETS", "CITY04", "TRUSS_STAIRS_COLLISION.MESH")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")
	out := mustRun(t, 0, "render", m, "-o", a, "--size", "300")
	if !strings.Contains(out, "wrote "+a+": 300×300, Ogre mesh, 92 triangles") {
		t.Fatalf("out %q", out)
	}
	mustRun(t, 0, "render", m, "-o", b, "--size", "300")
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if !bytes.Equal(ab, bb) {
		t.Fatal("two renders wrote different bytes")
	}
	img, err := png.Decode(bytes.NewReader(ab))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for y := 0; y < 300; y++ {
		for x := 0; x < 300; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if uint8(r>>8) != meshview.Background.R || uint8(g>>8) != meshview.Background.G || uint8(bl>>8) != meshview.Background.B {
				n++
			}
		}
	}
	t.Logf("%d of %d pixels drawn, sha256 %x", n, 300*300, sha256.Sum256(ab))
	if n < 300*300/5 || n > 300*300*9/10 {
		t.Errorf("%d of %d pixels drawn", n, 300*300)
	}
	if _, errs, code := run(t, "render", m, "-o", a, "--size", "64"); code != 1 || !strings.Contains(errs, "render size 64: want 256 to 4096 pixels") {
		t.Errorf("size 64: %d %s", code, errs)
	}
}

// TestRenderLevel: render LEVEL.LAYOUT writes the level's map in its walk
// grid's frame (the .MPP's size) and names what is missing in the bake's
// words.
func TestRenderLevel(t *testing.T) {
	src := filepath.Join(testfixtures.Dir(t, "tl2"), "cyber_mod")
	o := filepath.Join(t.TempDir(), "map.png")
	lay := filepath.Join(src, filepath.FromSlash(city04b+".LAYOUT"))
	out, errs, code := run(t, "render", lay, "-o", o)
	if code != 0 || !strings.Contains(out, "375×650, one pixel per walk grid cell (origin 90, 200); 99 pieces: 0 visual, 99 collision, 0 not drawn") ||
		!strings.Contains(errs, "3 visual mesh(es) missing, drawn with their collision mesh") {
		t.Fatalf("%d\n%s\n%s", code, out, errs)
	}
	gb, _ := os.ReadFile(filepath.Join(src, filepath.FromSlash(city04b+".MPP")))
	g, _ := mpp.Decode(gb)
	f, _ := os.Open(o)
	img, err := png.Decode(f)
	f.Close()
	if err != nil || img.Bounds().Dx() != g.Width || img.Bounds().Dy() != g.Height {
		t.Fatalf("%v: %v, grid %d×%d", err, img.Bounds(), g.Width, g.Height)
	}
	// The same map from the folder read as an archive.
	o2 := filepath.Join(t.TempDir(), "map2.png")
	mustRun(t, 0, "render", src, city04b+".LAYOUT", "-o", o2)
	a, _ := os.ReadFile(o)
	b, _ := os.ReadFile(o2)
	if !bytes.Equal(a, b) {
		t.Error("the loose layout and the entry draw different maps")
	}
	// CITY05 places pieces whose collision meshes are not in the fixture.
	c5 := filepath.Join(src, "MEDIA", "LAYOUTS", "CITY05", "CITY05.LAYOUT")
	_, errs, code = run(t, "render", c5, "-o", o)
	if code != 1 || !strings.Contains(errs, "CITY05.LAYOUT cannot be baked: 5 collision mesh(es) missing: MEDIA/LEVELSETS/CITY04/BLDG1_CORNER_COLLISION.MESH") ||
		!strings.Contains(errs, "no piece has collision bounds") {
		t.Errorf("CITY05: %d %s", code, errs)
	}
}

// TestInfoMeshNonFiniteBounds: a mesh whose bounds hold NaN and Inf
// (issue 30: `info --json` failed with "json: unsupported value: NaN")
// answers: the numbers are null in the JSON and named in its warnings, and
// the text output says so on standard error.
func TestInfoMeshNonFiniteBounds(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	p := filepath.Join(t.TempDir(), "NAN.MESH")
	if err := os.WriteFile(p, crafted.MeshOf([]float32{nan, 0, 0, 1, 0, 0, 0, 1, inf}), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "info", p, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		File   string `json:"file"`
		Bounds struct {
			Min, Max, Size []*float64
		} `json:"bounds"`
		Triangles int      `json:"triangles"`
		Warnings  []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	b := got.Bounds
	if got.Triangles != 1 || len(b.Min) != 3 || b.Min[0] != nil || b.Min[1] == nil || *b.Min[1] != 0 || b.Max[2] != nil || b.Max[1] == nil || *b.Max[1] != 1 {
		t.Fatalf("bounds %+v in %s", b, out)
	}
	want := []string{
		"bounds.min[0] is NaN, written as null",
		"bounds.max[0] is NaN, written as null",
		"bounds.max[2] is +Inf, written as null",
		"bounds.size[0] is NaN, written as null",
		"bounds.size[2] is +Inf, written as null",
	}
	if strings.Join(got.Warnings, "\n") != strings.Join(want, "\n") {
		t.Fatalf("warnings\n%s\nwant\n%s", strings.Join(got.Warnings, "\n"), strings.Join(want, "\n"))
	}
	out, errs, code = run(t, "info", p)
	if code != 0 || !strings.Contains(out, "bounds: [NaN 0 0]") || !strings.Contains(errs, "the bounds hold numbers that are not finite (min[0] is NaN; max[0] is NaN; max[2] is +Inf") {
		t.Fatalf("text: exit %d\n%s\n%s", code, out, errs)
	}
}

// TestPrintFieldsNonFinite: the text output of info (printFields) and
// pack --watch --json lines (marshalFinite) take NaN and Inf too: null,
// and the finding under warnings.
func TestPrintFieldsNonFinite(t *testing.T) {
	v := struct {
		Name   string     `json:"name"`
		Origin [2]float64 `json:"origin"`
	}{"g", [2]float64{math.NaN(), 3}}
	b, err := marshalFinite(v)
	if err != nil || string(b) != `{"name":"g","origin":[null,3],"warnings":["origin[0] is NaN, written as null"]}` {
		t.Fatalf("%s, %v", b, err)
	}
	var out bytes.Buffer
	if err := printFields(&out, v); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "origin[0] is NaN, written as null") || !strings.Contains(out.String(), "name: g") {
		t.Fatalf("%s", out.String())
	}
}
