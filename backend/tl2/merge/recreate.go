package merge

import "packsmith/formats/tl2/dattext"

// A layout object is matched by its id and by what it is (issue 43). The
// editor gives an object a new id when a modder deletes it and makes it
// again (or pastes it back): the same particle under another ID. Matched
// by id alone, the base's object was "removed" and a new one "added" in
// that mod, and when another mod had changed the old one, both stayed: the
// merged layout drew the particle twice (74 objects against 64 and 68).
//
// So, in each mod's version, an object the base has and the version lacks
// (by id) and an object the version added (an id the base has not) are one
// object re-created when they are the same kind of thing: the same
// DESCRIPTOR and NAME, and either the only such pair in that version, or
// the same properties and children apart from the ID. The added object is
// then merged as that version's copy of the base's, its new ID a change
// like any other.

// objectWhat is what a layout object is: its DESCRIPTOR and NAME ("" for
// anything that is not a BASEOBJECT with [PROPERTIES]).
func objectWhat(n *dattext.Node) string {
	if n == nil || n.Name != "BASEOBJECT" {
		return ""
	}
	pr := n.Child("PROPERTIES")
	if pr == nil {
		return ""
	}
	return pr.Value("DESCRIPTOR") + "\x00" + pr.Value("NAME")
}

// withoutID is a shallow copy of a layout object whose [PROPERTIES] lack
// their ID, to compare two objects apart from it.
func withoutID(n *dattext.Node) *dattext.Node {
	cp := *n
	cp.Children = append([]*dattext.Node(nil), n.Children...)
	for i, c := range cp.Children {
		if c.Name != "PROPERTIES" {
			continue
		}
		pr := *c
		pr.Props = nil
		for _, p := range c.Props {
			if p.Key != "ID" {
				pr.Props = append(pr.Props, p)
			}
		}
		cp.Children[i] = &pr
		break
	}
	return &cp
}

// recreated re-keys, in version v, each object it re-created under a new
// id to the key of the base's object it stands for (see above).
func (m *merger) recreated(bk keyed, v *keyed) {
	gone := map[string][]string{} // what → base keys v lacks
	for _, k := range bk.keys {
		if _, ok := v.by[k]; !ok {
			if w := objectWhat(bk.by[k]); w != "" {
				gone[w] = append(gone[w], k)
			}
		}
	}
	if len(gone) == 0 {
		return
	}
	added := map[string][]int{} // what → indices into v.keys
	for j, k := range v.keys {
		if _, ok := bk.by[k]; !ok {
			if w := objectWhat(v.by[k]); w != "" && len(gone[w]) > 0 {
				added[w] = append(added[w], j)
			}
		}
	}
	m.step(len(bk.keys) + len(v.keys))
	for w, js := range added {
		for _, pair := range m.pairs(bk, v, gone[w], js) {
			delete(v.by, v.keys[pair.at])
			v.by[pair.base] = pair.node
			v.keys[pair.at] = pair.base
		}
	}
}

type recreation struct {
	base string // the base object's key
	at   int    // the re-created object's index in the version's keys
	node *dattext.Node
}

// pairs matches base objects a version lacks with objects it added, all
// of one kind: the one of each when there is one of each, else those
// equal apart from the ID, in order.
func (m *merger) pairs(bk keyed, v *keyed, gone []string, added []int) []recreation {
	if len(gone) == 1 && len(added) == 1 {
		return []recreation{{gone[0], added[0], v.by[v.keys[added[0]]]}}
	}
	var out []recreation
	used := make([]bool, len(added))
	for _, k := range gone {
		b := withoutID(bk.by[k])
		for x, j := range added {
			m.step(1)
			if !used[x] && m.same(b, withoutID(v.by[v.keys[j]])) {
				used[x] = true
				out = append(out, recreation{k, j, v.by[v.keys[j]]})
				break
			}
		}
	}
	return out
}
