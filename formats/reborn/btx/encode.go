package btx

import (
	"context"
	"errors"
	"fmt"
	"image"

	"packsmith/formats/dds"
)

// ReencodeOptions say how far Reencode may depart from the original.
type ReencodeOptions struct {
	Resize bool // scale the picture to the texture's size instead of refusing another size
}

// levelSize is the byte size of level m of a w×h texture in format f.
func levelSize(f Format, w, h, m int) int64 {
	lw, lh := max(1, w>>m), max(1, h>>m)
	if bb := f.blockBytes(); bb > 0 {
		return int64((lw+3)/4) * int64((lh+3)/4) * int64(bb)
	}
	return int64(lw) * int64(lh) * 4
}

// ReencodeContext encodes img as a btx of orig's own format (R8G8B8A8, BC1
// or BC7), size and mip count, keeping every header byte and the name, and
// describes the conversion ("encoded as BC7, 1 mip"). The notes document
// where level 0 lives (data offset, stride × rows) but not the other
// levels: a texture with more than one level is re-encoded only when the
// bytes after level 0 hold the smaller levels back to back (each level
// max(1, w>>m) × max(1, h>>m)), and refused otherwise rather than leaving
// stale mips. Bytes after the last level are kept. It stops when ctx ends
// (the DDS block encoder checks it every row of blocks), returning its
// error.
func ReencodeContext(ctx context.Context, orig []byte, img image.Image, opt ReencodeOptions) ([]byte, string, error) {
	in, err := ParseHeader(orig, Options{})
	if err != nil {
		return nil, "", err
	}
	if in.DataOffset > int64(len(orig)) || int64(len(orig))-in.DataOffset < in.DataSize {
		return nil, "", errorf(int64(len(orig)), ErrTruncated, "image data is %d bytes, the header claims %d from offset %d",
			max(0, int64(len(orig))-in.DataOffset), in.DataSize, in.DataOffset)
	}
	chain := int64(0)
	for m := range in.Mips {
		chain += levelSize(in.Format, in.Width, in.Height, m)
	}
	if rest := int64(len(orig)) - in.DataOffset; rest < chain {
		return nil, "", errorf(0x12, ErrUnsupported,
			"%d mip levels but only %d bytes from the data offset, and %d levels back to back need %d; the layout of the smaller levels is not documented, so the texture is not re-encoded",
			in.Mips, rest, in.Mips, chain)
	}
	src := dds.ToNRGBA(img)
	pw, ph := src.Rect.Dx(), src.Rect.Dy()
	resized := ""
	if pw != in.Width || ph != in.Height {
		if !opt.Resize {
			return nil, "", errorf(8, ErrCorrupt, "the picture is %d×%d but the texture is %d×%d (ask for a resize to scale it)", pw, ph, in.Width, in.Height)
		}
		src = dds.Downsample(src, in.Width, in.Height, false)
		resized = fmt.Sprintf(", resized from %d×%d", pw, ph)
	}
	out := append([]byte(nil), orig[:in.DataOffset]...)
	lv := src
	for m := range in.Mips {
		if m > 0 {
			lv = dds.Downsample(lv, max(1, in.Width>>m), max(1, in.Height>>m), false)
		}
		surf, err := encodeLevel(ctx, in.Format, lv)
		if err != nil {
			return nil, "", err
		}
		out = append(out, surf...)
	}
	out = append(out, orig[in.DataOffset+chain:]...)
	unit := "mips"
	if in.Mips == 1 {
		unit = "mip"
	}
	return out, fmt.Sprintf("encoded as %s, %d %s%s", in.Format, in.Mips, unit, resized), nil
}

// encodeLevel writes one level: R8G8B8A8 rows are the NRGBA rows; block
// formats go through the DDS encoder, which writes the blocks DecodeBlocks reads.
func encodeLevel(ctx context.Context, f Format, img *image.NRGBA) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if f == R8G8B8A8 {
		w, h := img.Rect.Dx(), img.Rect.Dy()
		out := make([]byte, 0, w*h*4)
		for y := range h {
			out = append(out, img.Pix[y*img.Stride:][:w*4]...)
		}
		return out, nil
	}
	b, err := dds.EncodeBlocksContext(ctx, f.String(), img)
	if err != nil {
		var de *dds.Error
		if errors.As(err, &de) {
			return nil, errorf(0x10, ErrUnsupported, "%s", de.Msg)
		}
		return nil, err
	}
	return b, nil
}
