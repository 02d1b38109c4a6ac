// Package material reads what a viewer needs from Ogre .MATERIAL scripts:
// each material's name and the texture of its first texture unit (the
// diffuse map in Torchlight II's scripts).
//
// # Script layout
//
// Text, words separated by spaces, blocks in braces, "//" comments to the
// end of the line:
//
//	material NAME [: PARENT]
//	{
//	    technique { pass { texture_unit { texture FILE.dds … } } }
//	}
//
// A material with no texture of its own takes its parent's (when the
// parent is in the same scripts). Unknown words are skipped.
package material

import (
	"fmt"
	"strings"
)

// Material is one material of a script.
type Material struct {
	Name    string
	Parent  string
	Texture string // the first texture unit's texture, "" when none
	Line    int    // where the material starts (1-based)
}

// MaxScript caps a script's size.
const MaxScript = 16 << 20

// Parse reads a script; file names it in errors.
func Parse(file string, src []byte) ([]Material, error) {
	if len(src) > MaxScript {
		return nil, fmt.Errorf("%s: %d bytes, more than %d", file, len(src), MaxScript)
	}
	text := strings.TrimPrefix(string(src), "\uFEFF")
	var out []Material
	var cur *Material
	depth, unitDepth := 0, -1
	for ln, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		// Braces may share a line with words: split them off.
		line = strings.NewReplacer("{", " { ", "}", " } ").Replace(line)
		words := strings.Fields(line)
		for i := 0; i < len(words); i++ {
			w := words[i]
			switch {
			case w == "{":
				depth++
			case w == "}":
				depth--
				if depth < 0 {
					return nil, fmt.Errorf("%s: line %d: '}' without '{'", file, ln+1)
				}
				if depth < unitDepth {
					unitDepth = -1
				}
				if depth == 0 {
					cur = nil
				}
			case depth == 0 && w == "material":
				if i+1 >= len(words) {
					return nil, fmt.Errorf("%s: line %d: material without a name", file, ln+1)
				}
				out = append(out, Material{Name: words[i+1], Line: ln + 1})
				cur = &out[len(out)-1]
				i++
				if i+2 < len(words) && words[i+1] == ":" {
					cur.Parent = words[i+2]
					i += 2
				}
			case cur != nil && w == "texture_unit":
				unitDepth = depth + 1
			case cur != nil && w == "texture" && unitDepth >= 0 && depth >= unitDepth && cur.Texture == "" && i+1 < len(words):
				cur.Texture = words[i+1]
				i++
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("%s: %d block(s) not closed at the end", file, depth)
	}
	byName := map[string]*Material{}
	for i := range out {
		byName[out[i].Name] = &out[i]
	}
	for i := range out {
		m := &out[i]
		for p, hops := m.Parent, 0; m.Texture == "" && p != "" && hops < 16; hops++ {
			pm, ok := byName[p]
			if !ok {
				break
			}
			m.Texture, p = pm.Texture, pm.Parent
		}
	}
	return out, nil
}
