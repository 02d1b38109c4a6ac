package raw

import (
	"strings"

	"packsmith/formats/tl2/dattext"
)

// readKeys are the root properties Generate reads from a .DAT.
var readKeys = map[string]bool{
	"NAME": true, "UNIT_GUID": true, "UNIQUE_GUID": true, "DONTCREATE": true, "BASEFILE": true,
	"UNITTYPE": true, "LEVEL": true, "MINLEVEL": true, "MAXLEVEL": true, "RARITY": true, "RARITY_HC": true,
	"CREATEAS": true, "SET": true,
	"MIN_SPAWN_RANGE": true, "MAX_SPAWN_RANGE": true, "WEIGHT": true, "DIFFICULTIES_ALLOWED": true,
}

// readChildren are the child sections Generate reads, with the keys it
// reads in them.
var readChildren = map[string]string{"UNITTYPES": "UNITTYPE", "NOT_UNITTYPES": "UNITTYPE", "PIECE": "GUID"}

// Prune returns the part of a parsed .DAT that Generate reads: the root's
// properties it looks up and the [UNITTYPES], [NOT_UNITTYPES] and [PIECE]
// sections with their keys, lines kept, strings copied (so the source text
// is not kept alive). Generate gives the same result from the pruned tree
// as from the whole one, in a fraction of the memory: a packer keeps one
// per unit, skill and affix until the RAW stage.
func Prune(n *dattext.Node) *dattext.Node {
	if n == nil {
		return nil
	}
	out := &dattext.Node{Name: strings.Clone(n.Name), Line: n.Line, EndLine: n.EndLine}
	for _, p := range n.Props {
		if readKeys[p.Key] {
			out.Props = append(out.Props, cloneProp(p))
		}
	}
	for _, c := range n.Children {
		key, ok := readChildren[c.Name]
		if !ok {
			continue
		}
		cc := &dattext.Node{Name: strings.Clone(c.Name), Line: c.Line, EndLine: c.EndLine}
		for _, p := range c.Props {
			if p.Key == key {
				cc.Props = append(cc.Props, cloneProp(p))
			}
		}
		out.Children = append(out.Children, cc)
	}
	return out
}

func cloneProp(p dattext.Prop) dattext.Prop {
	return dattext.Prop{Type: strings.Clone(p.Type), Key: strings.Clone(p.Key), Value: strings.Clone(p.Value), Line: p.Line}
}
