package cli

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"strconv"

	"packsmith/backend/preview"
	"packsmith/backend/previews"
	"packsmith/backend/safefile"
)

func init() {
	register(command{
		name:  "render",
		usage: "render FILE|ARCHIVE ENTRY -o OUT.png [--scale N] [--mip N] [--face N] [--overlay]",
		summary: "Draw a texture (DDS, TGA, PNG, JPG) or a walk grid (.MPP) as PNG; -o - writes it to standard output.\n" +
			"Textures: --mip picks a mip level (0 = full size), --face a cube face or array slice.\n" +
			"Walk grids: --scale pixels per cell (1–16; cell lines from 4), --overlay marks cut-off pockets and thin walls.",
		run: runRender,
	})
}

func runRender(c *ctx, args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	out := fs.String("o", "", "output PNG (- for standard output)")
	pw := fs.String("password", "", "archive password")
	scale := fs.Int("scale", 1, "walk grid: pixels per cell")
	mip := fs.Int("mip", 0, "texture: mip level")
	face := fs.Int("face", 0, "texture: cube face or array slice")
	overlay := fs.Bool("overlay", false, "walk grid: mark pockets and thin walls")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *out == "" {
		return usageError{"-o OUT.png is required"}
	}
	if *scale < 1 || *mip < 0 || *face < 0 {
		return usageError{"--scale must be ≥ 1, --mip and --face ≥ 0"}
	}
	src, err := openSource(pos, *pw)
	if err != nil {
		return err
	}
	defer src.Close()
	opts := map[string]string{"scale": strconv.Itoa(*scale), "mip": strconv.Itoa(*mip), "face": strconv.Itoa(*face)}
	if *overlay {
		opts["overlay"] = "1"
	}
	img, meta, err := preview.RenderImage(src.a, src.e, opts)
	if err != nil {
		return src.fail(err)
	}
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(bw, img); err != nil {
		return fmt.Errorf("%s: encoding PNG: %w", src.name(), err)
	}
	bw.Flush()
	if *out == "-" {
		_, err = c.stdout.Write(buf.Bytes())
		return err
	}
	if err := safefile.WriteFile(*out, buf.Bytes()); err != nil {
		return err
	}
	b := img.Bounds()
	fmt.Fprintf(c.stdout, "wrote %s: %d×%d, %v\n", *out, b.Dx(), b.Dy(), meta["format"])
	if w, ok := meta["warning"].(string); ok {
		fmt.Fprintf(c.stderr, "warning: %s: %s\n", src.name(), w)
	}
	if g, ok := meta["grid"].(previews.GridReport); ok {
		for _, w := range g.Warnings {
			fmt.Fprintf(c.stderr, "warning: %s: %s\n", src.name(), w)
		}
	}
	return nil
}
