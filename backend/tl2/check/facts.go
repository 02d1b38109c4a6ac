package check

import (
	"errors"
	"fmt"
	"strings"

	"packsmith/backend/sys/limits"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

// fileFacts is all Check reads of one file: what a .DAT's parse gives the
// unit and skill checks, the FILEs of an .ANIMATION, the textures of a
// .MATERIAL, or why the file did not read. It is what a mod's cache
// entry keeps (cache.go), so a check from the cache gives the findings a
// check of the files gives.
type fileFacts struct {
	// Err is why the file did not read or parse ("" it did): the text of
	// its Unreadable finding. TooLarge: it was refused for the budget.
	Err      string
	TooLarge bool
	// Props: a .DAT's first property of each factKeys key it has (first
	// at the root, as Check looks them up); an .ANIMATION's every FILE with
	// a value, in the order a walk of its tree meets them.
	Props    []dattext.Prop
	Textures []Texture // a .MATERIAL's (none when it did not read)
}

// factKeys are the properties of a .DAT the checks look at.
var factKeys = []string{"UNIT_GUID", "UNIQUE_GUID", "BASEFILE", "RESOURCEDIRECTORY", "MESHFILE"}

// factsFile says whether Check reads p at all (its facts are worth keeping).
func factsFile(p string) bool {
	return strings.HasSuffix(p, ".DAT") || strings.HasSuffix(p, ".ANIMATION") || strings.HasSuffix(p, ".MATERIAL")
}

// prop is the fact's first property named key.
func (f *fileFacts) prop(key string) (dattext.Prop, bool) {
	for _, p := range f.Props {
		if strings.EqualFold(p.Key, key) {
			return p, true
		}
	}
	return dattext.Prop{}, false
}

// factsOf is what Check reads of m's p, read once.
func (m *Mod) factsOf(p string) *fileFacts {
	if f, ok := m.facts[p]; ok {
		return f
	}
	f := readFacts(p, m.Files[p])
	if m.facts == nil {
		m.facts = map[string]*fileFacts{}
	}
	m.facts[p] = f
	return f
}

// readFacts reads p through read and keeps what Check needs of it.
func readFacts(p string, read func() ([]byte, error)) *fileFacts {
	f := &fileFacts{}
	if read == nil {
		f.Err = "not in the mod"
		return f
	}
	b, err := read()
	if strings.HasSuffix(p, ".MATERIAL") {
		if err == nil {
			f.Textures = MaterialTextures(b)
		} else {
			f.Err = err.Error()
		}
		return f
	}
	var n *dattext.Node
	if err == nil {
		n, err = dattext.Parse(p, b)
	}
	if err != nil {
		var over *limits.OverError
		f.Err, f.TooLarge = err.Error(), errors.As(err, &over) || errors.Is(err, mod.ErrTooLarge)
		return f
	}
	if strings.HasSuffix(p, ".ANIMATION") {
		var walk func(*dattext.Node)
		walk = func(x *dattext.Node) {
			for _, pr := range x.Props {
				if strings.EqualFold(pr.Key, "FILE") && strings.TrimSpace(pr.Value) != "" {
					f.Props = append(f.Props, pr)
				}
			}
			for _, ch := range x.Children {
				walk(ch)
			}
		}
		walk(n)
		return f
	}
	for _, k := range factKeys {
		if pr, ok := first(n, k); ok {
			f.Props = append(f.Props, pr)
		}
	}
	return f
}

// unreadableMessage is the Unreadable finding's text for f.
func unreadableMessage(f *fileFacts) string {
	if f.TooLarge {
		// Too large for the memory budget: the game may read it; still
		// an error, as nothing vouches for it until it is checked.
		return fmt.Sprintf("too large to check within the memory limit, so it was not checked: %s", f.Err)
	}
	return fmt.Sprintf("cannot be read, so it was not checked (nor can the game read it): %s", f.Err)
}
