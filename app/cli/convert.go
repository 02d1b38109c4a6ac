package cli

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg" // registers JPEG with image.Decode
	_ "image/png"  // registers PNG with image.Decode
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/dds"
	"packsmith/formats/tga"
)

func init() {
	register(command{
		name:  "convert",
		usage: "convert IN.png|IN.tga|IN.jpg -o OUT.dds --format bc1|bc2|bc3|bc7|rgba8 [--mips N] [--srgb]",
		summary: "Encode a picture as a DDS texture.\n" +
			"--format: bc1 (DXT1; texels with alpha below 128 become transparent), bc2 (DXT3), bc3 (DXT5),\n" +
			"bc7 (DX10 header), rgba8 (uncompressed, bytes R G B A); also bc4, bc5 and bgra8.\n" +
			"--mips N writes N levels (box-filtered); 0, the default, writes the full chain down to 1×1.\n" +
			"--srgb marks a BC7 texture as sRGB and filters its mips in linear light.\n" +
			"The output is written to a temporary file and renamed into place.",
		run: runConvert,
	})
}

func runConvert(c *ctx, args []string) error {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	out := fs.String("o", "", "output DDS")
	format := fs.String("format", "", "bc1, bc2, bc3, bc7 or rgba8 (also bc4, bc5, bgra8)")
	mips := fs.Int("mips", 0, "mip levels; 0 means the full chain")
	srgb := fs.Bool("srgb", false, "BC7: mark as sRGB")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 1:
		return usageError{fmt.Sprintf("want one input picture, got %d arguments", len(pos))}
	case *out == "":
		return usageError{"-o OUT.dds is required"}
	case *format == "":
		return usageError{"--format is required (bc1, bc2, bc3, bc7 or rgba8)"}
	case *mips < 0:
		return usageError{"--mips must be ≥ 0 (0 is the full chain)"}
	}
	known := false
	for _, f := range dds.EncodeFormats {
		known = known || strings.EqualFold(f, *format)
	}
	if !known {
		return usageError{fmt.Sprintf("--format %q: want bc1, bc2, bc3, bc7 or rgba8 (also bc4, bc5, bgra8)", *format)}
	}
	in := pos[0]
	img, err := readPicture(in, c.budget)
	if err != nil {
		return err
	}
	// The encoder checks the context before every row of blocks: SIGTERM
	// stops it within milliseconds, and nothing is written.
	b, err := dds.EncodeContext(c.context, img, dds.EncodeOptions{Format: *format, Mips: *mips, SRGB: *srgb})
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if err := c.context.Err(); err != nil {
		return err // a cancel as the last row ended: still nothing written
	}
	if err := safefile.WriteFile(*out, b); err != nil {
		return err
	}
	info, err := dds.DecodeInfo(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s: the written file does not read back: %w", *out, err)
	}
	fmt.Fprintf(c.stdout, "wrote %s: %d×%d %s, %d mips, %d bytes\n", *out, info.Width, info.Height, info.Format, info.MipCount, len(b))
	return nil
}

// readPicture decodes a PNG, JPEG or TGA file, refusing one whose decoded
// size would exceed the memory budget before decoding it.
func readPicture(p string, b *limits.Budget) (image.Image, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	budget := b.Bytes()
	if strings.EqualFold(filepath.Ext(p), ".tga") {
		img, _, err := tga.Decode(bytes.NewReader(data), tga.Options{MaxBytes: budget})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		return img, nil
	}
	kind := ""
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG")):
		kind = "png"
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8}):
		kind = "jpeg"
	default:
		return nil, fmt.Errorf("%s: not a PNG or JPEG picture by its first bytes (a TGA needs the .tga extension)", p)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", p, kind, err)
	}
	if need := int64(cfg.Width) * int64(cfg.Height) * 8; need > budget {
		return nil, fmt.Errorf("%s: %s is %d×%d: encoding needs %d MB, more than the %d MB memory limit (--max-memory)",
			p, kind, cfg.Width, cfg.Height, need>>20, budget>>20)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", p, kind, err)
	}
	return img, nil
}
