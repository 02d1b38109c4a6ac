package dds

import "image"

// blockFormats are the block formats DecodeBlocks takes, by the names
// Info.Format gives them.
var blockFormats = map[string]*pixFormat{}

func init() {
	for _, pf := range []*pixFormat{fmtBC1, fmtBC2, fmtBC3, fmtBC4, fmtBC4S, fmtBC5, fmtBC5S, fmtBC6HU, fmtBC6HS, fmtBC7} {
		blockFormats[pf.name] = pf
	}
}

// BlockBytes is the size of one 4×4 block of a block-compressed format
// ("BC1" … "BC7", "BC4_SNORM", "BC5_SNORM", "BC6H_UF16", "BC6H_SF16"):
// 8 or 16, or 0 when format is not one of them.
func BlockBytes(format string) int {
	if pf, ok := blockFormats[format]; ok {
		return pf.blockBytes
	}
	return 0
}

// BlockSurfaceSize is the bytes a w×h surface of a block format takes:
// ceil(w/4)·ceil(h/4) blocks, or 0 when format is not a block format.
func BlockSurfaceSize(format string, w, h int) int64 {
	return int64((w+3)/4) * int64((h+3)/4) * int64(BlockBytes(format))
}

// DecodeBlocks decodes a w×h surface of 4×4 blocks, rows of blocks top to
// bottom, for containers other than DDS that store the same blocks (Reborn
// btx). It decodes exactly as Decode does; data may be longer than needed.
// Errors are *Error with offsets into data.
func DecodeBlocks(format string, w, h int, data []byte) (*image.NRGBA, error) {
	pf, ok := blockFormats[format]
	if !ok {
		return nil, errorf(0, ErrUnsupported, "%q is not a block format", format)
	}
	if w <= 0 || h <= 0 {
		return nil, errorf(0, ErrBadOption, "size %d×%d", w, h)
	}
	if int64(w)*int64(h) > DefaultMaxPixels {
		return nil, errorf(0, ErrTooLarge, "image is %d×%d, more than %d pixels", w, h, DefaultMaxPixels)
	}
	if need := BlockSurfaceSize(format, w, h); int64(len(data)) < need {
		return nil, errorf(int64(len(data)), ErrTruncated, "%s data is %d bytes, %d×%d needs %d", format, len(data), w, h, need)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	decodeBlocks(img, data, pf.blockBytes, pf.block)
	return img, nil
}
