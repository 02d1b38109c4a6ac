package layout

import "packsmith/formats/tl2/dattext"

// Text returns the text form of o's property called name (as the
// decompiler prints it: "true"/"false", decimal numbers, the string
// itself), for readers such as the RAW index generator. Vector properties
// are not supported.
func (s *Schema) Text(o *Object, name string) (string, bool) {
	d, ok := s.DescriptorByID(o.Descriptor)
	if !ok {
		return "", false
	}
	p, ok := d.Prop(name)
	if !ok || p.Enc == EncVec2 || p.Enc == EncVec3 {
		return "", false
	}
	for _, pr := range o.Props {
		if pr.ID != p.ID || !p.Enc.fits(pr.Value) {
			continue
		}
		var n dattext.Node
		if textValue(&n, p, pr.Value) && len(n.Props) == 1 {
			return n.Props[0].Value, true
		}
	}
	return "", false
}

// Walk calls fn for every object of the layout, depth first.
func (l *Layout) Walk(fn func(o *Object)) {
	var walk func([]*Object)
	walk = func(objs []*Object) {
		for _, o := range objs {
			fn(o)
			walk(o.Children)
		}
	}
	walk(l.Objects)
}

// PlacesRoomPiece reports whether an object at any depth is a Room Piece:
// whether the layout is a level (walk grids are baked from room pieces; a
// scenery or prop layout places none and has no grid).
func (l *Layout) PlacesRoomPiece() bool {
	var walk func([]*Object) bool
	walk = func(objs []*Object) bool {
		for _, o := range objs {
			if o.Descriptor == DescRoomPiece || walk(o.Children) {
				return true
			}
		}
		return false
	}
	return walk(l.Objects)
}
