package meshview

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/tl2/mpp"
	"packsmith/internal/testfixtures"
)

// Cube is a unit cube of 12 triangles, one submesh per pair of faces.
func cube() *mesh.Mesh {
	p := []float32{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1}
	faces := [][]uint32{{0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6}, {0, 4, 5, 0, 5, 1, 3, 2, 6, 3, 6, 7}, {0, 3, 7, 0, 7, 4, 1, 5, 6, 1, 6, 2}}
	m := &mesh.Mesh{Shared: &mesh.Geometry{VertexCount: 8, Positions: p}, HasBounds: true, Max: [3]float32{1, 1, 1}}
	for i, f := range faces {
		m.Submeshes = append(m.Submeshes, mesh.Submesh{Material: "m" + string(rune('0'+i)), UseShared: true, Indices: f, Operation: mesh.OpTriangleList})
	}
	return m
}

func opaque(img *image.RGBA) (n int) {
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] != Background.R || img.Pix[i+1] != Background.G || img.Pix[i+2] != Background.B {
			n++
		}
	}
	return n
}

func TestRenderCube(t *testing.T) {
	img, err := Render(context.Background(), cube(), 256)
	if err != nil {
		t.Fatal(err)
	}
	n := opaque(img)
	// The cube's silhouette from 45°/30° is a hexagon filling most of the
	// fitted 90 % square: between a third and the whole of it.
	sq := 0.9 * 0.9 * 256 * 256
	if float64(n) < sq/3 || float64(n) > sq {
		t.Fatalf("%d of %d pixels drawn", n, 256*256)
	}
	if c := img.RGBAAt(128, 128); c == Background {
		t.Fatal("the centre is background")
	}
	if c := img.RGBAAt(2, 2); c != Background {
		t.Fatalf("the corner is %v", c)
	}
	// Three faces show, each in its own shade.
	shades := map[[3]uint8]int{}
	for i := 0; i < len(img.Pix); i += 4 {
		shades[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}]++
	}
	if len(shades) != 4 {
		t.Errorf("%d colours, want background + 3 faces: %v", len(shades), shades)
	}
	again, _ := Render(context.Background(), cube(), 256)
	if !bytes.Equal(img.Pix, again.Pix) {
		t.Fatal("two renders differ")
	}
	if _, err := Render(context.Background(), cube(), 100); err == nil || !strings.Contains(err.Error(), "want 256 to 4096") {
		t.Fatalf("size 100: %v", err)
	}
}

// TestHugeVertexClaimRefused: a mesh whose geometry claims 2³²−1 vertices
// is refused from the header, before anything is allocated for them.
func TestHugeVertexClaimRefused(t *testing.T) {
	b, err := mesh.Encode(cube())
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(b, []byte{0x00, 0x50}) // the shared geometry chunk
	binary.LittleEndian.PutUint32(b[i+6:], 0xFFFFFFFF)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = Decoder(nil)("HUGE.MESH", b)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "HUGE.MESH: ") || !strings.Contains(err.Error(), "4294967295 vertices, more than") ||
		!strings.Contains(err.Error(), "MB memory limit") {
		t.Fatalf("err %v", err)
	}
	if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
		t.Fatalf("allocated %d bytes before refusing", d)
	}
	small, _ := limits.NewBudget(limits.MinMB)
	if o := options(small); o.MaxVertices != 64<<20/32 || !o.Attributes {
		t.Fatalf("64 MB budget: %+v", o)
	}
	if _, err := Decoder(small)("HUGE.MESH", b); err == nil || !strings.Contains(err.Error(), "(64 MB memory limit") {
		t.Fatalf("64 MB budget: %v", err)
	}
}

// TestLevelMapCoversWalkable: the map of CITY_04B, in its walk grid's
// frame, covers the cells GUTS's .MPP marks walkable.
func TestLevelMapCoversWalkable(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2/cyber_mod")
	const city04b = "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B"
	b, err := levelbake.New(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	src, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(city04b+".LAYOUT")))
	sc, err := b.Scene("CITY_04B.LAYOUT", src, Decoder(nil))
	if err != nil {
		t.Fatal(err)
	}
	gb, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(city04b+".MPP")))
	g, err := mpp.Decode(gb)
	if err != nil {
		t.Fatal(err)
	}
	f := sc.Frame
	if f.Width != g.Width || f.Height != g.Height || f.OriginX != g.OriginX || f.OriginZ != g.OriginZ || f.ExtentX != g.ExtentX || f.ExtentZ != g.ExtentZ {
		t.Fatalf("frame %+v, .MPP %d×%d origin %v,%v extent %v,%v", f, g.Width, g.Height, g.OriginX, g.OriginZ, g.ExtentX, g.ExtentZ)
	}
	lm, err := RenderMap(context.Background(), sc)
	if err != nil {
		t.Fatal(err)
	}
	if r := lm.Image.Bounds(); r.Dx() != g.Width || r.Dy() != g.Height {
		t.Fatalf("map %v, grid %d×%d", r, g.Width, g.Height)
	}
	walk, covered, voidCovered, voids := 0, 0, 0, 0
	for i, c := range g.Cells {
		drawn := lm.Image.Pix[4*i] != Background.R || lm.Image.Pix[4*i+1] != Background.G
		if drawn != lm.Covered[i] {
			t.Fatalf("cell %d: drawn %v, covered %v", i, drawn, lm.Covered[i])
		}
		switch c {
		case mpp.Walkable:
			walk++
			if drawn {
				covered++
			}
		case mpp.Void:
			voids++
			if drawn {
				voidCovered++
			}
		}
	}
	pc := 100 * float64(covered) / float64(walk)
	t.Logf("%d of %d walkable cells covered (%.3f %%); %d of %d void cells drawn; %d pieces by collision mesh", covered, walk, pc, voidCovered, voids, lm.Collision)
	if pc < 95 {
		t.Errorf("%.2f %% of the walkable cells covered, under 95 %%", pc)
	}
	// The map is of the level, not a filled rectangle: void stays mostly void.
	if voidCovered*10 > voids {
		t.Errorf("%d of %d void cells drawn", voidCovered, voids)
	}
	if lm.Collision != 99 || lm.Visual != 0 || len(sc.MissingVisual) != 3 || sc.Missing != nil {
		t.Errorf("collision %d, visual %d, missing visual %v, missing %v", lm.Collision, lm.Visual, sc.MissingVisual, sc.Missing)
	}
}
