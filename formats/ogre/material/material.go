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
//
// How the texture's alpha is drawn comes from the first pass that says it:
//
//	scene_blend alpha_blend                 blended by the texel's alpha
//	scene_blend src_alpha one_minus_src_alpha   the same, spelt out
//	scene_blend add | one one               added (glows, fire)
//	alpha_rejection greater_equal 128       texels with alpha below 128 not drawn
//	alpha_rejection greater 127             the same
//
// (Ogre's words; Torchlight II's cut-outs use alpha_rejection, its glass and
// effects scene_blend.) Without either the texture is drawn opaque.
package material

import (
	"fmt"
	"strconv"
	"strings"
)

// Material is one material of a script.
type Material struct {
	Name    string
	Parent  string
	Texture string // the first texture unit's texture, "" when none
	Line    int    // where the material starts (1-based)
	Alpha   Alpha  // how the texture's alpha is drawn
}

// Alpha is how a material draws its texture's alpha.
type Alpha struct {
	// Blend is "alpha" (blended by the texel's alpha), "add", another
	// scene_blend word as written, or "" (opaque).
	Blend string
	// Cut is the lowest texel alpha (1–255) drawn by alpha_rejection; 0:
	// no test. A test that passes nothing (always_fail) is 256.
	Cut int
}

// sceneBlend names a scene_blend's arguments.
func sceneBlend(args []string) string {
	switch strings.ToLower(strings.Join(args, " ")) {
	case "alpha_blend", "src_alpha one_minus_src_alpha":
		return "alpha"
	case "add", "one one":
		return "add"
	}
	if len(args) == 0 {
		return ""
	}
	return strings.ToLower(args[0])
}

// rejection is the lowest alpha an alpha_rejection OP VALUE draws.
func rejection(op, value string) (int, bool) {
	v, err := strconv.Atoi(value)
	if err != nil || v < 0 || v > 255 {
		if strings.EqualFold(op, "always_pass") {
			return 0, true
		}
		if strings.EqualFold(op, "always_fail") {
			return 256, true
		}
		return 0, false
	}
	switch strings.ToLower(op) {
	case "greater_equal":
		return v, true
	case "greater":
		return v + 1, true
	case "always_pass":
		return 0, true
	case "always_fail":
		return 256, true
	}
	return 0, false // less, equal…: not a cut-out; drawn opaque
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
			case cur != nil && w == "scene_blend" && cur.Alpha.Blend == "":
				j := i + 1
				for j < len(words) && words[j] != "{" && words[j] != "}" {
					j++
				}
				cur.Alpha.Blend = sceneBlend(words[i+1 : j])
				i = j - 1
			case cur != nil && w == "alpha_rejection" && cur.Alpha.Cut == 0 && i+1 < len(words):
				value := ""
				if i+2 < len(words) {
					value = words[i+2]
				}
				if c, ok := rejection(words[i+1], value); ok {
					cur.Alpha.Cut = c
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
		for p, hops := m.Parent, 0; (m.Texture == "" || m.Alpha == Alpha{}) && p != "" && hops < 16; hops++ {
			pm, ok := byName[p]
			if !ok {
				break
			}
			if m.Texture == "" {
				m.Texture = pm.Texture
			}
			if m.Alpha == (Alpha{}) {
				m.Alpha = pm.Alpha
			}
			p = pm.Parent
		}
	}
	return out, nil
}
