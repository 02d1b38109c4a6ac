package previews

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"path"
	"strconv"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/kind"
	"packsmith/backend/limits"
	"packsmith/backend/preview"
	"packsmith/formats/dds"
	"packsmith/formats/reborn/btx"
	"packsmith/formats/tga"
)

func init() {
	// Later registrations are tried first: DDS (content) before TGA (name).
	preview.Register(preview.Renderer{Name: "TGA texture", Match: matchTGA, Image: renderTGA})
	preview.Register(preview.Renderer{Name: "DDS texture", Match: matchDDS, Image: renderDDS})
	preview.Register(preview.Renderer{Name: "btx texture", Match: matchBTX, Image: renderBTX})
}

func ext(p string) string { return strings.ToLower(path.Ext(p)) }

var ddsMagic = []byte("DDS ")

// isStdImage says whether the standard library's renderer should have it:
// some games ship PNGs under a .dds name.
func isStdImage(head []byte) bool {
	return bytes.HasPrefix(head, []byte("\x89PNG")) || bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}) ||
		bytes.HasPrefix(head, []byte("GIF8"))
}

func matchDDS(e archive.Entry, head []byte) bool {
	if bytes.HasPrefix(head, ddsMagic) {
		return true
	}
	if isStdImage(head) {
		return false
	}
	// Named or typed as a DDS but without the magic: match anyway so the
	// preview says why it cannot be shown instead of silently offering hex.
	x := ext(e.Path)
	return x == ".dds" || (e.Kind == kind.Texture && x != ".tga")
}

// matchBTX takes Reborn textures by magic, and .btx names without it (so
// the window says why such a file cannot be shown).
func matchBTX(e archive.Entry, head []byte) bool {
	return bytes.HasPrefix(head, btx.Magic) || (ext(e.Path) == ".btx" && !isStdImage(head) && !bytes.HasPrefix(head, ddsMagic))
}

func renderBTX(r io.Reader, e archive.Entry, _ map[string]string) (image.Image, map[string]any, error) {
	img, in, err := btx.Decode(r, btx.Options{})
	if err != nil {
		return nil, nil, err
	}
	m := map[string]any{
		"kind": "texture", "format": "btx " + in.Format.String(), "width": in.Width, "height": in.Height,
		"mips": 1, "name": in.Name,
	}
	if in.Mips > 1 {
		m["warning"] = fmt.Sprintf("the file has %d mip levels; only level 0 is shown (the notes do not give the others' layout)", in.Mips)
	}
	return img, m, nil
}

func matchTGA(e archive.Entry, head []byte) bool {
	// TGA has no magic; the name is all there is.
	return ext(e.Path) == ".tga" && !bytes.HasPrefix(head, ddsMagic) && !isStdImage(head)
}

// intOpt reads a non-negative integer option; absent means def.
func intOpt(opts map[string]string, key string, def int) (int, error) {
	s, ok := opts[key]
	if !ok || s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("option %s=%q: want a whole number >= 0", key, s)
	}
	return n, nil
}

// TextureOptions turns view options into dds.Options: mip, face or slice
// (the same index: array element × faces + face), z.
func TextureOptions(opts map[string]string) (dds.Options, error) {
	o := dds.Options{MaxBytes: limits.Bytes()}
	var err error
	if o.Mip, err = intOpt(opts, "mip", 0); err != nil {
		return o, err
	}
	if o.Slice, err = intOpt(opts, "face", 0); err != nil {
		return o, err
	}
	if o.Slice, err = intOpt(opts, "slice", o.Slice); err != nil {
		return o, err
	}
	if o.Z, err = intOpt(opts, "z", 0); err != nil {
		return o, err
	}
	return o, nil
}

func renderDDS(r io.Reader, e archive.Entry, opts map[string]string) (image.Image, map[string]any, error) {
	o, err := TextureOptions(opts)
	if err != nil {
		return nil, nil, err
	}
	img, in, err := dds.Decode(r, o)
	if err != nil {
		return nil, nil, budgetHint(err)
	}
	m := TextureMeta(in, o, img.Bounds())
	// Decode reads only up to the chosen image; a file cut short after it
	// still shows, so say what is missing (the game may refuse it).
	if need := in.DataOffset + in.DataSize; e.Size >= 0 && e.Size < need {
		m["warning"] = fmt.Sprintf("the file is %d bytes, its header claims %d: later mips or faces are missing", e.Size, need)
	}
	return img, m, nil
}

// TextureMeta is what the window needs to label a DDS and offer pickers:
// the chosen image's size, and the counts of mips, faces and slices.
func TextureMeta(in dds.Info, o dds.Options, b image.Rectangle) map[string]any {
	m := map[string]any{
		"kind":       "texture",
		"format":     in.Format,
		"width":      b.Dx(),
		"height":     b.Dy(),
		"baseWidth":  in.Width,
		"baseHeight": in.Height,
		"mips":       in.MipCount,
		"mip":        o.Mip,
		"faces":      in.Faces,
		"arraySize":  in.ArraySize,
		"slices":     in.Slices(),
		"slice":      o.Slice,
		"cube":       in.IsCube,
	}
	if in.IsVolume {
		m["depth"] = in.Depth
		m["z"] = o.Z
	}
	if in.SRGB {
		m["srgb"] = true
	}
	if in.Premultiplied {
		m["premultiplied"] = true
	}
	return m
}

func renderTGA(r io.Reader, e archive.Entry, _ map[string]string) (image.Image, map[string]any, error) {
	img, in, err := tga.Decode(r, tga.Options{MaxBytes: limits.Bytes()})
	if err != nil {
		return nil, nil, budgetHint(err)
	}
	format := fmt.Sprintf("TGA %d-bit", in.BitsPerPixel)
	switch {
	case in.ColorMapped:
		format += " colour-mapped"
	case in.Greyscale:
		format += " grey"
	}
	if in.RLE {
		format += " RLE"
	}
	return img, map[string]any{
		"kind": "texture", "format": format, "width": in.Width, "height": in.Height,
		"mips": 1, "alpha": in.HasAlpha,
	}, nil
}

// budgetHint tells how to raise the memory limit when a decoder refused
// input for it.
func budgetHint(err error) error {
	if strings.Contains(err.Error(), "memory limit") {
		return fmt.Errorf("%w (%s)", err, limits.Hint)
	}
	return err
}
