package cli

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"strconv"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/jobs"
)

func init() {
	register(command{
		name: "render",
		usage: "render FILE|ARCHIVE ENTRY -o OUT.png [--scale N] [--mip N] [--face N] [--overlay] [--password PW]\n" +
			"       packsmith render FILE.MESH|LEVEL.LAYOUT|ARCHIVE ENTRY -o OUT.png [--size N] [--game DIR] [--anim NAME] [--time SECONDS]\n" +
			"       packsmith render GRID.MPP|ARCHIVE ENTRY (--diff FILE | --diff-entry ENTRY [--diff-archive ARCHIVE]) [-o OUT.png] [--scale N] [--json]",
		summary: "Draw a texture (DDS, TGA, btx, PNG, JPG) or a walk grid (.MPP) as PNG; -o - writes it to standard output.\n" +
			"Meshes (Ogre .MESH): shaded from a fixed three-quarter angle, --size N pixels square (256–4096, default 512),\n" +
			"textured as their materials say (a .png or .tga texture loads the .dds of the same name when there is one);\n" +
			"--anim NAME poses a skinned mesh at --time SECONDS (looping) of that animation of its unit's .ANIMATION list.\n" +
			"Levels (.LAYOUT): the pieces from above in the walk grid's frame, one pixel per cell, the .MPP's origin\n" +
			"and extent, row 0 at the top as for a .MPP; pieces placed as the bake places them, drawn with their\n" +
			"visual mesh or, when it is missing, their collision mesh. --game DIR as for bake.\n" +
			"Textures: --mip picks a mip level (0 = full size), --face a cube face or array slice.\n" +
			"Walk grids: --scale pixels per cell (1–16; cell lines from 4), --overlay marks cut-off pockets and thin walls.\n" +
			"Compare two walk grids, the first as before, the other as after: --diff FILE names a grid on disk,\n" +
			"--diff-entry ENTRY another entry of the same archive (or of --diff-archive ARCHIVE). It prints the counts\n" +
			"of cells that changed (--json: as JSON) and, with -o, draws them: became walkable green, no longer\n" +
			"walkable red, wall <-> void yellow, unchanged faded. Grids of different sizes are compared from cell (0, 0),\n" +
			"missing cells counting as void. Exit status 0 whether or not cells changed.",
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
	diffFile := fs.String("diff", "", "walk grid: compare with this grid file")
	diffEntry := fs.String("diff-entry", "", "walk grid: compare with this entry")
	diffArchive := fs.String("diff-archive", "", "walk grid: the archive of --diff-entry")
	asJSON := fs.Bool("json", false, "with --diff: print the counts as JSON")
	size := fs.Int("size", 512, "mesh: picture edge in pixels")
	game := fs.String("game", "", "level: the game's data folder")
	anim := fs.String("anim", "", "mesh: pose it in this animation of its unit (.ANIMATION name)")
	at := fs.Float64("time", 0, "mesh: seconds into --anim (looping)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *scale < 1 || *scale > 16 || *mip < 0 || *face < 0 {
		// The walk-grid renderer's range (render.GridOptions): a
		// wrong number is a usage error, caught before any file is read.
		return usageError{"--scale must be 1 to 16, --mip and --face ≥ 0"}
	}
	if *diffFile != "" || *diffEntry != "" || *diffArchive != "" {
		if *overlay || *mip != 0 || *face != 0 {
			return usageError{"--overlay, --mip and --face do not apply to --diff"}
		}
		return renderDiff(c, pos, diffArgs{file: *diffFile, entry: *diffEntry, archive: *diffArchive},
			*out, *pw, *scale, *asJSON)
	}
	if *asJSON {
		return usageError{"--json goes with --diff (packsmith info FILE.mpp --json gives one grid's numbers)"}
	}
	if *out == "" {
		return usageError{"-o OUT.png is required"}
	}
	if math.IsNaN(*at) || math.IsInf(*at, 0) {
		return usageError{fmt.Sprintf("--time %v: want a finite number of seconds", *at)}
	}
	if *at != 0 && *anim == "" {
		return usageError{"--time goes with --anim NAME"}
	}
	src, err := c.openSource(pos, *pw)
	if err != nil {
		return err
	}
	defer src.Close()
	if handled, err := renderModel(c, src, *out, *size, *game, *anim, *at); handled {
		return err
	}
	if *anim != "" || *at != 0 {
		return usageError{"--anim and --time pose a .MESH"}
	}
	opts := map[string]string{"scale": strconv.Itoa(*scale), "mip": strconv.Itoa(*mip), "face": strconv.Itoa(*face)}
	if *overlay {
		opts["overlay"] = "1"
	}
	// Decoding and encoding check no context: detached, so that Ctrl-C or
	// SIGTERM stops the command at once (nothing is written before the
	// PNG is whole).
	type rendered struct {
		img  image.Image
		meta preview.ImageMeta
		png  []byte
	}
	r, err := jobs.Detach(c.context, func() (rendered, error) {
		img, meta, err := preview.RenderImage(src.a, src.e, preview.Options{View: opts, Budget: c.budget})
		if err != nil {
			return rendered{}, src.fail(err)
		}
		b, err := encodePNG(src.name(), img)
		return rendered{img, meta, b}, err
	})
	if err != nil {
		return err
	}
	img, meta := r.img, r.meta
	if err := writePNGBytes(c, *out, r.png); err != nil {
		return err
	}
	if *out == "-" {
		return nil
	}
	b := img.Bounds()
	format, warning := meta.Caption()
	fmt.Fprintf(c.stdout, "wrote %s: %d×%d, %v\n", *out, b.Dx(), b.Dy(), format)
	if warning != "" {
		fmt.Fprintf(c.stderr, "warning: %s: %s\n", src.name(), warning)
	}
	if g, ok := meta.(*render.GridMeta); ok {
		for _, w := range g.Grid.Warnings {
			fmt.Fprintf(c.stderr, "warning: %s: %s\n", src.name(), w)
		}
	}
	return nil
}

// writePNG encodes img to out ("-": standard output) all at once, so a
// failure leaves no half-written file.
func writePNG(c *ctx, out, name string, img image.Image) error {
	b, err := encodePNG(name, img)
	if err != nil {
		return err
	}
	return writePNGBytes(c, out, b)
}

// writePNGDetached is writePNG with the encoding detached (a 4096² PNG is
// most of a second and checks no context): a cancel returns at once and
// nothing is written.
func writePNGDetached(c *ctx, out, name string, img image.Image) error {
	b, err := jobs.Detach(c.context, func() ([]byte, error) { return encodePNG(name, img) })
	if err != nil {
		return err
	}
	return writePNGBytes(c, out, b)
}

func encodePNG(name string, img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(bw, img); err != nil {
		return nil, fmt.Errorf("%s: encoding PNG: %w", name, err)
	}
	bw.Flush()
	return buf.Bytes(), nil
}

func writePNGBytes(c *ctx, out string, b []byte) error {
	// A cancel that came as the work finished is still a cancel: a
	// detached job's result can win the race with the context's end.
	if err := c.context.Err(); err != nil {
		return err
	}
	if out == "-" {
		_, err := c.stdout.Write(b)
		return err
	}
	return safefile.WriteFile(out, b)
}

type diffArgs struct{ file, entry, archive string }

// diffOutput is `render --diff --json`: the counts and the picture written.
type diffOutput struct {
	render.DiffReport
	Output string `json:"output,omitempty"`
}

func renderDiff(c *ctx, pos []string, d diffArgs, out, pw string, scale int, asJSON bool) error {
	switch {
	case d.file != "" && (d.entry != "" || d.archive != ""):
		return usageError{"use --diff FILE, or --diff-entry ENTRY [--diff-archive ARCHIVE], not both"}
	case d.archive != "" && d.entry == "":
		return usageError{"--diff-archive needs --diff-entry ENTRY"}
	case asJSON && out == "-":
		return usageError{"--json and -o - both write to standard output"}
	}
	before, err := c.openSource(pos, pw)
	if err != nil {
		return err
	}
	defer before.Close()
	var after *source
	switch {
	case d.file != "":
		if after, err = c.openSource([]string{d.file}, ""); err != nil {
			return err
		}
		defer after.Close()
	case d.archive != "":
		if after, err = c.openSource([]string{d.archive, d.entry}, pw); err != nil {
			return err
		}
		defer after.Close()
	default:
		if before.loose {
			return usageError{"--diff-entry ENTRY needs an archive: give ARCHIVE ENTRY first, or --diff-archive ARCHIVE"}
		}
		e, err := findEntry(before.a, d.entry)
		if err != nil {
			return err
		}
		after = &source{a: before.a, e: e, budget: c.budget} // shares before's archive: not closed twice
	}
	for _, s := range []*source{before, after} {
		if !render.IsWalkGrid(s.e) {
			return fmt.Errorf("%s: only walk grids (.MPP) can be compared", s.name())
		}
	}
	rb, err := before.a.Open(before.e.Path)
	if err != nil {
		return before.fail(err)
	}
	defer rb.Close()
	ra, err := after.a.Open(after.e.Path)
	if err != nil {
		return after.fail(err)
	}
	defer ra.Close()
	img, meta, err := render.DiffGrids(rb, before.name(), ra, after.name(), preview.Options{View: map[string]string{"scale": strconv.Itoa(scale)}, Budget: c.budget})
	if err != nil {
		return err
	}
	rep := meta.Diff
	if out != "" {
		if err := writePNG(c, out, before.name(), img); err != nil {
			return err
		}
	}
	if asJSON {
		o := diffOutput{DiffReport: rep}
		if out != "" {
			o.Output = out
		}
		return writeJSON(c.stdout, o)
	}
	w := c.stdout
	if out == "-" {
		w = c.stderr // the PNG has standard output
	} else if out != "" {
		b := img.Bounds()
		fmt.Fprintf(w, "wrote %s: %d×%d, %v\n", out, b.Dx(), b.Dy(), meta.Format)
	}
	fmt.Fprintf(w, "%s -> %s: %d of %d cells changed (%.2f%%): %d became walkable, %d no longer walkable, %d wall <-> void\n",
		rep.Before, rep.After, rep.Changed, rep.Width*rep.Height, rep.ChangedPercent, rep.BecameWalkable, rep.LostWalkable, rep.WallVoid)
	if rep.SizeChanged {
		fmt.Fprintf(w, "size changed: %d×%d -> %d×%d (compared over %d×%d, missing cells as void)\n",
			rep.BeforeWidth, rep.BeforeHeight, rep.AfterWidth, rep.AfterHeight, rep.Width, rep.Height)
	}
	return nil
}
