package tl2corpus

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// layouts writes the .LAYOUT sources: skill layouts beside their skills,
// particles, missiles (the RAW indices read those), levels of hundreds of
// objects in groups (no room pieces: no walk grid to bake; a tenth of them
// under LAYOUTS/) and UI menus (the RAW indices read those too).
func (g *gen) layouts() {
	s := g.s
	n := 0 // layouts so far: the unknown properties spread over all of them
	all := s.SkillLayouts + s.Particles + s.Missiles + s.Levels + s.Menus
	kinds := []struct {
		count, chars int
		path         func(i int) string
		head         string // the first object's descriptor and property (layout), with %d for i
	}{
		{s.SkillLayouts, 3400, func(i int) string {
			return skillDir(i, s) + fmt.Sprintf("FX_%05d.LAYOUT", i)
		}, ""},
		{s.Particles, 3800, func(i int) string { return fmt.Sprintf("PARTICLES/P%02d/Q%02d/PARTICLE_%05d.LAYOUT", i%12, i/12%25, i) }, ""},
		{s.Missiles, 2800, func(i int) string { return fmt.Sprintf("MISSILES/M%03d/MISSILE_%05d.LAYOUT", i%150, i) }, "Missile\x00MISSILE NAME:MISSILE_%05d"},
		{s.Levels, 44000, func(i int) string {
			if i%10 == 0 { // a tenth under LAYOUTS/: scenery (no room piece), which the grids stage looks into
				return fmt.Sprintf("LAYOUTS/SET%02d/R%02d/SCENE_%04d.LAYOUT", i/10%10, i/100%10, i)
			}
			return fmt.Sprintf("PARTICLES/BIG/B%02d/EFFECT_%04d.LAYOUT", i%20, i)
		}, ""},
		{s.Menus, 12000, func(i int) string { return fmt.Sprintf("UI/MENUS/M%02d/MENU_%04d.LAYOUT", i%20, i) }, "Menu Definition\x00MENU NAME:MENU_%04d"},
	}
	for _, k := range kinds {
		for i := 0; i < k.count; i++ {
			chars := k.chars/2 + g.rng.Intn(k.chars)
			head := ""
			if k.head != "" {
				head = fmt.Sprintf(k.head, i)
			}
			g.text(k.path(i), g.layout(n, chars, every(n, all, s.UnknownProps), head))
			n++
		}
	}
}

// layout is one layout's text of about chars characters: groups of
// models, lights and sounds, each object with an id, its parent's and a
// position; unknown adds a property the schema does not know (a finding);
// head ("descriptor\x00KEY:value") is a first object of that descriptor
// with that string property.
func (g *gen) layout(n, chars int, unknown bool, head string) string {
	var b strings.Builder
	count := 0
	id := func() int64 { return g.rng.Int63() - g.rng.Int63() }
	if desc, prop, ok := strings.Cut(head, "\x00"); ok {
		// what the RAW indices read: a missile's or a menu's name
		count++
		fmt.Fprintf(&b, "\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n\t\t\t\t<STRING>DESCRIPTOR:%s\r\n\t\t\t\t<STRING>NAME:%s0\r\n\t\t\t\t<INTEGER64>PARENTID:-1\r\n\t\t\t\t<INTEGER64>ID:%d\r\n\t\t\t\t<STRING>%s\r\n\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n", desc, desc, id(), prop)
	}
	var obj func(depth int, parent int64)
	obj = func(depth int, parent int64) {
		tabs := strings.Repeat("\t", 2+2*depth)
		me := id()
		count++
		desc := []string{"Generic Model", "Light", "Sound", "Layout Link Particle"}[g.rng.Intn(4)]
		if depth == 0 && g.rng.Intn(3) == 0 {
			desc = "Group"
		}
		fmt.Fprintf(&b, "%s[BASEOBJECT]\r\n%s\t[PROPERTIES]\r\n", tabs, tabs)
		p := tabs + "\t\t"
		fmt.Fprintf(&b, "%s<STRING>DESCRIPTOR:%s\r\n%s<STRING>NAME:%s%d\r\n%s<INTEGER64>PARENTID:%d\r\n%s<INTEGER64>ID:%d\r\n", p, desc, p, desc, count, p, parent, p, me)
		for _, ax := range "XYZ" {
			fmt.Fprintf(&b, "%s<FLOAT>POSITION%c:%.2f\r\n", p, ax, g.rng.Float64()*200-100)
		}
		switch desc {
		case "Generic Model":
			fmt.Fprintf(&b, "%s<STRING>FILE:MEDIA/MODELS/PROPS/P%03d/PROP.MESH\r\n%s<BOOL>CASTS SHADOWS:true\r\n%s<FLOAT>SCALE X:%.3f\r\n", p, g.rng.Intn(400), p, p, 0.5+g.rng.Float64())
			for _, ax := range "XYZ" {
				fmt.Fprintf(&b, "%s<FLOAT>FORWARD%c:%.6f\r\n%s<FLOAT>RIGHT%c:%.6f\r\n", p, ax, g.rng.Float64()*2-1, p, ax, g.rng.Float64()*2-1)
			}
		case "Light":
			fmt.Fprintf(&b, "%s<UNSIGNED INT>BRIGHTNESS:%d\r\n%s<BOOL>SHADOW:false\r\n", p, g.rng.Intn(255), p)
			if unknown {
				fmt.Fprintf(&b, "%s<FLOAT>GLOW:1\r\n", p)
				unknown = false
			}
		case "Sound":
			fmt.Fprintf(&b, "%s<FLOAT>RADIUS:%d\r\n%s<STRING>GUID:%d\r\n", p, 5+g.rng.Intn(20), p, id())
		case "Layout Link Particle":
			fmt.Fprintf(&b, "%s<STRING>LAYOUT FILE:MEDIA/PARTICLES/P%02d/FX_%d.LAYOUT\r\n%s<BOOL>START ON LOAD:true\r\n", p, g.rng.Intn(12), g.rng.Intn(3000), p)
		}
		fmt.Fprintf(&b, "%s\t[/PROPERTIES]\r\n", tabs)
		if desc == "Group" {
			fmt.Fprintf(&b, "%s\t[CHILDREN]\r\n", tabs)
			for k := 0; k < 3+g.rng.Intn(12) && b.Len() < chars; k++ {
				obj(depth+1, me)
			}
			fmt.Fprintf(&b, "%s\t[/CHILDREN]\r\n", tabs)
		}
		fmt.Fprintf(&b, "%s[/BASEOBJECT]\r\n", tabs)
	}
	for b.Len() < chars || unknown {
		if unknown && b.Len() >= chars {
			// still owed its unknown property: one more light says it
			fmt.Fprintf(&b, "\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n\t\t\t\t<STRING>DESCRIPTOR:Light\r\n\t\t\t\t<STRING>NAME:Light%d\r\n\t\t\t\t<INTEGER64>PARENTID:-1\r\n\t\t\t\t<INTEGER64>ID:%d\r\n\t\t\t\t<FLOAT>GLOW:1\r\n\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n", n, id())
			count++
			break
		}
		obj(0, -1)
	}
	return fmt.Sprintf("[Layout]\r\n\t<INTEGER>VERSION:4\r\n\t<UNSIGNED INT>COUNT:%d\r\n\t[OBJECTS]\r\n%s\t[/OBJECTS]\r\n[/Layout]\r\n", count, b.String())
}

// assets writes the binary and text assets: skeletons and meshes as runs
// of smooth float32 values (bones, key frames, vertices), textures as DXT1
// blocks over a gradient, animations as text the compile stage reads,
// imagesets, pictures and materials.
func (g *gen) assets() {
	s := g.s
	for i := 0; i < s.Skeletons; i++ {
		g.put(fmt.Sprintf("MODELS/%s/F%02d/M%03d/MODEL_%04d.SKELETON", []string{"MONSTERS", "PETS", "PLAYERS"}[i%3], i%30, i/30%8, i),
			g.floats("[Serializer_v1.10]\n", 5500+g.rng.Intn(11000)))
	}
	for i := 0; i < s.Meshes; i++ {
		g.put(fmt.Sprintf("MODELS/PROPS/P%03d/PROP.MESH", i), g.floats("[MeshSerializer_v1.40]\n", 4000+g.rng.Intn(8000)))
	}
	for i := 0; i < s.Textures; i++ {
		g.put(fmt.Sprintf("MODELS/TEXTURES/T%02d/TEX_%04d.DDS", i%40, i), g.dds(512, []int{128, 256, 256, 256, 512}[g.rng.Intn(5)]))
	}
	for i := 0; i < s.Animations; i++ {
		var b strings.Builder
		b.WriteString("[ANIMATIONS]\r\n")
		for k := 0; b.Len() < 80000+g.rng.Intn(50000); k++ {
			fmt.Fprintf(&b, "\t[ANIMATION]\r\n\t\t<STRING>NAME:ANIM_%d\r\n\t\t<STRING>FILE:MODEL_%04d.SKELETON\r\n\t\t<FLOAT>SPEED:%.2f\r\n\t\t<INTEGER>EVENT_FRAME:%d\r\n\t\t<STRING>SOUND:media/sounds/hit_%d.wav\r\n\t[/ANIMATION]\r\n",
				k, g.rng.Intn(s.Skeletons+1), g.rng.Float64()*2, g.rng.Intn(60), g.rng.Intn(200))
		}
		g.text(fmt.Sprintf("MODELS/MONSTERS/F%02d/MODEL_%04d.ANIMATION", i%30, i), b.String()+"[/ANIMATIONS]\r\n")
	}
	for i := 0; i < s.Imagesets; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "<?xml version=\"1.0\" ?>\r\n<Imageset Name=\"SET_%d\" Imagefile=\"SET_%d.png\">\r\n", i, i)
		for k := 0; k < 20+g.rng.Intn(60); k++ {
			fmt.Fprintf(&b, "\t<Image Name=\"icon_%d\" XPos=\"%d\" YPos=\"%d\" Width=\"64\" Height=\"64\" />\r\n", k, g.rng.Intn(1024), g.rng.Intn(1024))
		}
		g.put(fmt.Sprintf("UI/IMAGESETS/S%02d/SET_%04d.IMAGESET", i%10, i), []byte(b.String()+"</Imageset>\r\n"))
	}
	for i := 0; i < s.Pictures; i++ {
		g.put(fmt.Sprintf("UI/PICTURES/PIC_%03d.PNG", i), append([]byte("\x89PNG\r\n\x1a\n"), g.dds(64, 64)[128:]...))
	}
	for i := 0; i < s.Materials; i++ {
		g.put(fmt.Sprintf("MODELS/MATERIALS/MAT_%03d.MATERIAL", i), []byte(fmt.Sprintf("material MAT_%d\r\n{\r\n\ttechnique\r\n\t{\r\n\t\tpass\r\n\t\t{\r\n\t\t\ttexture_unit\r\n\t\t\t{\r\n\t\t\t\ttexture TEX_%04d.dds\r\n\t\t\t}\r\n\t\t}\r\n\t}\r\n}\r\n", i, i)))
	}
}

// floats is head then n float32 values along smooth curves with a little
// noise, in runs of 8 (a bone's or a vertex's values), little-endian.
func (g *gen) floats(head string, n int) []byte {
	out := make([]byte, 0, len(head)+4*n)
	out = append(out, head...)
	phase := g.rng.Float64() * 6
	for k := 0; k < n; k++ {
		v := math.Sin(phase+float64(k/8)*0.05+float64(k%8)) * 10
		if k%8 >= 5 {
			v += g.rng.NormFloat64() * 0.01
		}
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(float32(math.Round(v*1000)/1000)))
	}
	return out
}

// dds is a DXT1 texture of w×h pixels with a 128-byte header and its mip
// chain: 8 bytes a 4×4 block, two colours from a gradient and 32 bits of
// indices.
func (g *gen) dds(w, h int) []byte {
	out := make([]byte, 128, 128+w*h)
	copy(out, "DDS ")
	binary.LittleEndian.PutUint32(out[4:], 124)
	binary.LittleEndian.PutUint32(out[12:], uint32(h))
	binary.LittleEndian.PutUint32(out[16:], uint32(w))
	copy(out[84:], "DXT1")
	for ; w >= 4 && h >= 4; w, h = w/2, h/2 {
		for y := 0; y < h/4; y++ {
			for x := 0; x < w/4; x++ {
				c := uint16(x*31/(w/4))<<11 | uint16(y*63/(h/4))<<5 | uint16(g.rng.Intn(4))
				out = binary.LittleEndian.AppendUint16(out, c)
				out = binary.LittleEndian.AppendUint16(out, c>>1)
				out = binary.LittleEndian.AppendUint32(out, g.rng.Uint32()&0x5555ffff)
			}
		}
	}
	return out
}
