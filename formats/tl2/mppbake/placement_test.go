package mppbake

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"packsmith/formats/tl2/layout"
)

func piece4(guid, extra string) string {
	return `[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Room Piece
<INTEGER64>ID:` + guid + `
<STRING>GUID:` + guid + `
` + extra + `[/PROPERTIES]
[/BASEOBJECT]
`
}

var ids = 1000

func nextID() string { ids++; return strconv.Itoa(ids) }

func group(name, props string, children ...string) string {
	return `[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Group
<INTEGER64>ID:` + nextID() + `
<STRING>NAME:` + name + `
` + props + `[/PROPERTIES]
[CHILDREN]
` + strings.Join(children, "") + `[/CHILDREN]
[/BASEOBJECT]
`
}

func TestPlacements(t *testing.T) {
	text := "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:9\n[OBJECTS]\n" +
		piece4("1", "<FLOAT>POSITIONX:10\n<FLOAT>POSITIONY:2\n<FLOAT>POSITIONZ:-4\n<FLOAT>X:2\n<FLOAT>Z:3\n") +
		piece4("2", "<FLOAT>FORWARDX:1\n<FLOAT>FORWARDY:0\n<FLOAT>FORWARDZ:0\n<FLOAT>RIGHTX:0\n<FLOAT>RIGHTY:0\n<FLOAT>RIGHTZ:-1\n<BOOL>NOPATH:true\n<STRING>VISUAL:2\n") +
		piece4("3", "<BOOL>COLLISION ENABLED:false\n<BOOL>BAKE:false\n") +
		group("Group", "<FLOAT>POSITIONX:100\n", piece4("4", "<FLOAT>POSITIONX:1\n")) +
		group("Random rocks", "", piece4("5", "")) +
		group("Group", "<STRING>CHOICE:Weight\n", group("inner", "", piece4("6", ""))) +
		group("Group", "<STRING>TAG:CHESTS RARE\n", piece4("7", "")) +
		group("Group", "<STRING>CHOICE:ALL\n", piece4("8", "")) +
		"[/OBJECTS]\n[/Layout]\n"
	bin, _, err := layout.Compile("T.LAYOUT", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	l, err := layout.Decode(bin)
	if err != nil {
		t.Fatal(err)
	}
	ps := Placements(l, nil)
	if len(ps) != 8 {
		t.Fatalf("%d placements", len(ps))
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-6 }
	p := ps[0]
	if p.GUID != "1" || !near(p.World.Apply([3]float32{1, 1, 1})[0], 12) || !near(p.World.Apply([3]float32{1, 1, 1})[1], 3) ||
		!near(p.World.Apply([3]float32{1, 1, 1})[2], -1) {
		t.Fatalf("translate+scale: %v", p.World)
	}
	// FORWARD +X, RIGHT −Z: local +X (right) goes to −Z, local +Z to +X.
	q := ps[1].World.Apply([3]float32{1, 0, 2})
	if !near(q[0], 2) || !near(q[2], -1) || !ps[1].NoPath || ps[1].Visual != 2 {
		t.Fatalf("rotation %v, nopath %v, visual %d", q, ps[1].NoPath, ps[1].Visual)
	}
	if up := ps[1].World.Apply([3]float32{0, 1, 0}); !near(up[1], 1) {
		t.Fatalf("up %v", up)
	}
	if !ps[2].CollisionOff || !ps[2].BakeOff || ps[0].CollisionOff || ps[0].BakeOff {
		t.Fatal("COLLISION ENABLED / BAKE")
	}
	if x := ps[3].World.Apply([3]float32{})[0]; !near(x, 101) || ps[3].Gate != "" {
		t.Fatalf("group offset %v, gate %q", x, ps[3].Gate)
	}
	for i, want := range []string{"Random rocks", "CHOICE", "CHESTS RARE"} {
		if g := ps[4+i].Gate; !strings.Contains(g, want) {
			t.Errorf("piece %s: gate %q, want %q", ps[4+i].GUID, g, want)
		}
	}
	if ps[7].Gate != "" {
		t.Errorf("CHOICE ALL gates: %q", ps[7].Gate)
	}
}
