package mppbake

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"

	"packsmith/formats/tl2/layout"
)

// Placement is one Room Piece of a layout, with its world transform and
// the properties the bake reads.
type Placement struct {
	ID     int64
	GUID   string // the LEVELSETS piece
	Visual int    // VISUAL index, 0 when absent
	World  Matrix
	// NoPath is the placement's NOPATH property.
	NoPath bool
	// CollisionOff: COLLISION ENABLED is false (no box, no triangles).
	CollisionOff bool
	// BakeOff: BAKE is false (no triangles unless the piece type is
	// NEVERBAKE or ALWAYSBAKECOLLISION).
	BakeOff bool
	// Gate names the ancestor group that leaves the piece's triangles out
	// of the bake (a runtime-chosen group: a Var*/Variation*/Random* name,
	// a CHOICE, a TAG or ACTIVE THEMES); "" when none does.
	Gate string
}

const descRoomPiece = layout.DescRoomPiece

// Placements lists the layout's Room Pieces in file order, composing each
// object's transform with its parents' (world = parent · local, local =
// translate(POSITION) · axes(RIGHT, FORWARD×RIGHT, FORWARD) · scale(X, Y, Z)).
func Placements(l *layout.Layout, s *layout.Schema) []Placement {
	if s == nil {
		s = layout.DefaultSchema()
	}
	// Group objects in pre-order map to datagroup records 1, 2, ….
	groupIdx := 0
	var out []Placement
	var walk func(objs []*layout.Object, parent Matrix, gate string)
	walk = func(objs []*layout.Object, parent Matrix, gate string) {
		for _, o := range objs {
			d, _ := s.DescriptorByID(o.Descriptor)
			world := parent.Mul(localMatrix(o, d))
			g := gate
			if o.Descriptor == layout.DescGroup {
				groupIdx++
				if g == "" {
					g = groupGate(o, l, groupIdx, s)
				}
			}
			if o.Descriptor == descRoomPiece && d != nil {
				p := Placement{ID: o.ID, World: world, Gate: gate}
				p.GUID, _ = propString(o, d, "GUID")
				if v, ok := propString(o, d, "VISUAL"); ok {
					if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
						p.Visual = n
					}
				}
				if b, ok := propBool(o, d, "NOPATH"); ok {
					p.NoPath = b
				}
				if b, ok := propBool(o, d, "COLLISION ENABLED"); ok {
					p.CollisionOff = !b
				}
				if b, ok := propBool(o, d, "BAKE"); ok {
					p.BakeOff = !b
				}
				out = append(out, p)
			}
			walk(o.Children, world, g)
		}
	}
	walk(l.Objects, Identity, "")
	return out
}

func groupGate(o *layout.Object, l *layout.Layout, idx int, s *layout.Schema) string {
	name := o.Name
	if name == "" {
		name = "Group"
	}
	if name == "Var" || strings.HasPrefix(name, "Var ") || strings.HasPrefix(name, "Variation") || strings.HasPrefix(name, "Random") {
		return "group " + strconv.Quote(name)
	}
	if idx < len(l.DataGroup) {
		r := &l.DataGroup[idx]
		switch {
		case r.Choice != 0:
			return "group " + strconv.Quote(name) + " has a CHOICE"
		case r.Tag >= 0:
			tag, _ := s.TagName(r.Tag)
			return "group " + strconv.Quote(name) + " has the TAG " + tag
		case len(r.ActiveThemes) > 0:
			return "group " + strconv.Quote(name) + " has ACTIVE THEMES"
		}
	}
	return ""
}

func localMatrix(o *layout.Object, d *layout.Descriptor) Matrix {
	if d == nil {
		return Identity
	}
	pos, _ := propVec3(o, d, "POSITION")
	f, okF := propVec3(o, d, "FORWARD")
	if !okF {
		f = [3]float64{0, 0, 1}
	}
	r, okR := propVec3(o, d, "RIGHT")
	if !okR {
		r = [3]float64{1, 0, 0}
	}
	f, r = unit(f), unit(r)
	u := unit([3]float64{f[1]*r[2] - f[2]*r[1], f[2]*r[0] - f[0]*r[2], f[0]*r[1] - f[1]*r[0]})
	sc := [3]float64{1, 1, 1}
	if o.Descriptor == descRoomPiece {
		for k, n := range []string{"X", "Y", "Z"} {
			if v, ok := propFloat(o, d, n); ok {
				sc[k] = v
			}
		}
	}
	var m Matrix
	for row := range 3 {
		m[row][0] = r[row] * sc[0]
		m[row][1] = u[row] * sc[1]
		m[row][2] = f[row] * sc[2]
		m[row][3] = pos[row]
	}
	return m
}

func unit(v [3]float64) [3]float64 {
	n := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
	if n < 1e-12 {
		return v
	}
	return [3]float64{v[0] / n, v[1] / n, v[2] / n}
}

func propRaw(o *layout.Object, d *layout.Descriptor, name string, size func(v []byte) bool) ([]byte, bool) {
	p, ok := d.Prop(name)
	if !ok {
		return nil, false
	}
	for _, pr := range o.Props {
		if pr.ID == p.ID && size(pr.Value) {
			return pr.Value, true
		}
	}
	return nil, false
}

func propVec3(o *layout.Object, d *layout.Descriptor, name string) ([3]float64, bool) {
	v, ok := propRaw(o, d, name, func(v []byte) bool { return len(v) == 12 })
	if !ok {
		return [3]float64{}, false
	}
	var r [3]float64
	for k := range 3 {
		r[k] = float64(math.Float32frombits(binary.LittleEndian.Uint32(v[4*k:])))
	}
	return r, true
}

func propFloat(o *layout.Object, d *layout.Descriptor, name string) (float64, bool) {
	v, ok := propRaw(o, d, name, func(v []byte) bool { return len(v) == 4 })
	if !ok {
		return 0, false
	}
	return float64(math.Float32frombits(binary.LittleEndian.Uint32(v))), true
}

func propBool(o *layout.Object, d *layout.Descriptor, name string) (bool, bool) {
	v, ok := propRaw(o, d, name, func(v []byte) bool { return len(v) == 4 })
	if !ok {
		return false, false
	}
	return binary.LittleEndian.Uint32(v) != 0, true
}

func propString(o *layout.Object, d *layout.Descriptor, name string) (string, bool) {
	v, ok := propRaw(o, d, name, func(v []byte) bool {
		return len(v) >= 2 && len(v) == 2+2*int(binary.LittleEndian.Uint16(v))
	})
	if !ok {
		return "", false
	}
	n := int(binary.LittleEndian.Uint16(v))
	u := make([]rune, 0, n)
	for k := range n {
		u = append(u, rune(binary.LittleEndian.Uint16(v[2+2*k:])))
	}
	return string(u), true
}
