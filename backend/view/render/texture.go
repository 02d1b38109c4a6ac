package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"io"
	"path"
	"strconv"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/view/kind"
	"packsmith/backend/view/preview"
	"packsmith/formats/dds"
	"packsmith/formats/reborn/btx"
	"packsmith/formats/tga"
)

func init() {
	// Later registrations are tried first: DDS (content) before TGA (name).
	preview.Register(preview.Renderer{Name: "TGA texture", Match: matchTGA, Image: renderTGA, Need: needTGA})
	preview.Register(preview.Renderer{Name: "DDS texture", Match: matchDDS, Image: renderDDS, Need: needDDS})
	preview.Register(preview.Renderer{Name: "btx texture", Match: matchBTX, Image: renderBTX, Need: needBTX})
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

func renderBTX(r io.Reader, e archive.Entry, o preview.Options) (image.Image, preview.ImageMeta, error) {
	img, in, err := btx.Decode(r, btx.Options{MaxBytes: o.Budget.Bytes()})
	if err != nil {
		return nil, nil, err
	}
	m := &BTXMeta{Kind: "texture", Format: "btx " + in.Format.String(), Width: in.Width, Height: in.Height, Mips: 1, Name: in.Name}
	if in.Mips > 1 {
		m.Warning = fmt.Sprintf("the file has %d mip levels; only level 0 is shown (the notes do not give the others' layout)", in.Mips)
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

// textureOptions turns view options into dds.Options: mip, face or slice
// (the same index: array element × faces + face), z; the decoder's cap
// is the budget's.
func textureOptions(opts map[string]string, b *limits.Budget) (dds.Options, error) {
	o := dds.Options{MaxBytes: b.Bytes()}
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

func renderDDS(r io.Reader, e archive.Entry, po preview.Options) (image.Image, preview.ImageMeta, error) {
	o, err := textureOptions(po.View, po.Budget)
	if err != nil {
		return nil, nil, err
	}
	img, in, err := dds.Decode(r, o)
	if err != nil {
		return nil, nil, budgetHint(err)
	}
	m := Texture(in, o, img.Bounds())
	// Decode reads only up to the chosen image; a file cut short after it
	// still shows, so say what is missing (the game may refuse it).
	if need := in.DataOffset + in.DataSize; e.Size >= 0 && e.Size < need {
		m.Warning = fmt.Sprintf("the file is %d bytes, its header claims %d: later mips or faces are missing", e.Size, need)
	}
	return img, m, nil
}

// Texture is what the window needs to label a DDS and offer pickers:
// the chosen image's size, and the counts of mips, faces and slices.
func Texture(in dds.Info, o dds.Options, b image.Rectangle) *TextureMeta {
	m := &TextureMeta{
		Kind:          "texture",
		Format:        in.Format,
		Width:         b.Dx(),
		Height:        b.Dy(),
		BaseWidth:     in.Width,
		BaseHeight:    in.Height,
		Mips:          in.MipCount,
		Mip:           o.Mip,
		Faces:         in.Faces,
		ArraySize:     in.ArraySize,
		Slices:        in.Slices(),
		Slice:         o.Slice,
		Cube:          in.IsCube,
		SRGB:          in.SRGB,
		Premultiplied: in.Premultiplied,
	}
	if in.IsVolume {
		depth, z := in.Depth, o.Z
		m.Depth, m.Z = &depth, &z
	}
	return m
}

func renderTGA(r io.Reader, e archive.Entry, o preview.Options) (image.Image, preview.ImageMeta, error) {
	img, in, err := tga.Decode(r, tga.Options{MaxBytes: o.Budget.Bytes()})
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
	return img, &TGAMeta{Kind: "texture", Format: format, Width: in.Width, Height: in.Height, Mips: 1, Alpha: in.HasAlpha}, nil
}

// budgetHint tells how to raise the memory limit when a decoder refused
// input for it.
func budgetHint(err error) error {
	if strings.Contains(err.Error(), "memory limit") {
		return fmt.Errorf("%w (%s)", err, limits.Hint)
	}
	return err
}

// The Need functions say what decoding holds at its peak, from the header
// alone (preview.Renderer.Need): a header they cannot read is left to the
// decoder to report.

// needDDS: the chosen surface's blocks and its RGBA pixels.
func needDDS(_ archive.Entry, head []byte, po preview.Options) (int64, error) {
	in, err := dds.DecodeInfo(bytes.NewReader(head))
	if err != nil {
		return 0, nil
	}
	o, err := textureOptions(po.View, po.Budget)
	if err != nil {
		return 0, nil
	}
	w, h, d := in.MipSize(min(o.Mip, max(in.MipCount-1, 0)))
	px := limits.Mul(int64(w), int64(h), int64(d))
	return overBudget(fmt.Sprintf("%s %d×%d", in.Format, w, h), sumNeed(limits.Mul(px, 4), limits.Mul(px, 4)), po.Budget)
}

// overBudget gives need back, or refuses one over the whole budget naming
// the image's size (a need that fits the budget but not beside other work
// is refused, without the size, when it is taken).
func overBudget(what string, need int64, b *limits.Budget) (int64, error) {
	if need < 0 || need > b.Bytes() {
		return need, fmt.Errorf("%s: %w", what, &limits.OverError{What: "decoding it", Need: need, Limit: b.Bytes()})
	}
	return need, nil
}

// needTGA: the pixels, expanded RLE and the RGBA image (tga.DecodeBytes).
func needTGA(_ archive.Entry, head []byte, o preview.Options) (int64, error) {
	in, err := tga.DecodeInfo(bytes.NewReader(head))
	if err != nil {
		return 0, nil
	}
	return overBudget(fmt.Sprintf("%d×%d", in.Width, in.Height), tga.DecodeBytes(in), o.Budget)
}

// needBTX: level 0 as stored (at most 4 bytes a pixel) and as NRGBA.
func needBTX(_ archive.Entry, head []byte, o preview.Options) (int64, error) {
	if len(head) < 0x0C || !bytes.HasPrefix(head, btx.Magic) {
		return 0, nil
	}
	w, h := int64(binary.LittleEndian.Uint16(head[8:])), int64(binary.LittleEndian.Uint16(head[10:]))
	return overBudget(fmt.Sprintf("%d×%d", w, h), 8*w*h, o.Budget)
}

func sumNeed(a ...int64) int64 {
	var s int64
	for _, v := range a {
		if v < 0 || s > 1<<62 || v > 1<<62 {
			return -1
		}
		s += v
	}
	return s
}
