package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"text/tabwriter"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/tl2/levelbake"
	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/mpp"
)

func init() {
	register(command{
		name:  "bake",
		usage: "bake FILE.LAYOUT [-o OUT.MPP] [--game DIR] [--json]",
		summary: "Torchlight II: bake a level's walk grid (.MPP) from its layout and the collision meshes of the pieces it\n" +
			"places. The mod is the folder above the layout's MEDIA/; its LEVELSETS/**.DAT name the pieces, then the game's.\n" +
			"Before writing, the grid is compared with the .MPP already there (or the -o file), cell by cell.\n" +
			"  -o OUT.MPP   where to write (default: the .MPP beside the layout; - writes nothing)\n" +
			"  --game DIR   the game's data for pieces the mod does not define: the folder holding DATA.PAK and\n" +
			"               DATA.PAK.MAN (read in place; PAKS/ is looked in too), or an extracted MEDIA/\n" +
			"  --json       print the report as JSON\n" +
			"Exit 1 when the level cannot be baked (every missing piece and mesh is named).",
		run: runBake,
	})
}

func runBake(c *ctx, args []string) error {
	fs := flag.NewFlagSet("bake", flag.ContinueOnError)
	out := fs.String("o", "", "output .MPP")
	game := fs.String("game", "", "game data folder")
	js := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"want one .LAYOUT file"}
	}
	target := *out
	if target == "" {
		target = levelbake.SiblingGrid(pos[0])
	}
	existing := ""
	if target != "-" && fileExists(target) {
		existing = target
	}
	res, err := levelbake.BakeFile(c.context, pos[0], gameFolder(*game), existing, levelbake.Options{Budget: c.budget, Progress: bakeProgress(c.stderr)})
	if err != nil {
		return err
	}
	if target != "-" {
		b, err := mpp.Encode(res.Grid)
		if err != nil {
			return err
		}
		// A signal during the checks and the encoding after the bake
		// (a second for a level of 64 million cells) still writes nothing.
		if err := c.context.Err(); err != nil {
			return err
		}
		if err := safefile.WriteFile(target, b); err != nil {
			return err
		}
	} else {
		target = ""
	}
	if *js {
		return writeJSON(c.stdout, struct {
			*levelbake.FileResult
			Output string `json:"output,omitempty"`
		}{res, target})
	}
	printBake(c.stdout, res, target)
	return nil
}

// bakeProgress shows the rows baked on a terminal's standard error, at
// most ten times a second, and nothing when it is not a terminal (a
// script's log keeps one line per problem).
func bakeProgress(w io.Writer) func(done, total int) {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var mu sync.Mutex
	var last time.Time
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done < total && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		end := ""
		if done == total {
			end = "\n"
		}
		fmt.Fprintf(f, "\rbaking: row %d of %d%s", done, total, end)
	}
}

func gameFolder(dir string) string {
	if dir == "" || levelbake.HasPak(dir) {
		return dir
	}
	if p := filepath.Join(dir, "PAKS"); levelbake.HasPak(p) {
		return p
	}
	return dir
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func printBake(w io.Writer, r *levelbake.FileResult, target string) {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "baked\t%s (mod %s)\n", r.Layout, r.ModDir)
	fmt.Fprintf(tw, "grid\t%d×%d cells: %s walkable, %s wall, %s void; %d cut-off pocket%s\n", r.Width, r.Height,
		groupDigits(int64(r.Stats.Walkable.Count)), groupDigits(int64(r.Stats.Wall.Count)), groupDigits(int64(r.Stats.Void.Count)), r.Pockets, plural(r.Pockets))
	fmt.Fprintf(tw, "pieces\t%d placed, %d baked, %d left out by a gate; %s triangles\n", r.Placed, r.Baked, r.Gated, groupDigits(int64(r.Triangles)))
	if a := r.Against; a != nil {
		d := a.Diff
		cells := d.Width * d.Height
		head := "same header"
		if !a.SameHeader {
			head = "another header"
		}
		if d.SizeChanged {
			head += fmt.Sprintf(", was %d×%d", a.Grid.Width, a.Grid.Height)
		}
		fmt.Fprintf(tw, "against\t%s: %s; %s of %s cells equal (%.4f %%)\n", a.File, head, groupDigits(int64(d.Unchanged)), groupDigits(int64(cells)), 100*float64(d.Unchanged)/float64(max(cells, 1)))
		if d.Changed > 0 {
			fmt.Fprintf(tw, "changed\twalkable→wall %d, walkable→void %d, wall→walkable %d, void→walkable %d, wall↔void %d\n",
				d.Changes[0][1], d.Changes[0][2], d.Changes[1][0], d.Changes[2][0], d.Changes[1][2]+d.Changes[2][1])
		}
	}
	if target != "" {
		fmt.Fprintf(tw, "wrote\t%s\n", target)
	}
	fmt.Fprintf(tw, "time\t%d ms\n", r.Millis)
	tw.Flush()
}

// printGridLines is pack's per-level walk-grid summary.
func printGridLines(w io.Writer, gs []modpack.GridReport) {
	for _, g := range gs {
		switch g.Action {
		case "baked":
			fmt.Fprintf(w, "grid\t%s: baked (%s), %d×%d, %s walkable, %s wall, %d pocket%s, %d ms\n", g.Layout, g.Reason, g.Width, g.Height,
				groupDigits(int64(g.Walkable)), groupDigits(int64(g.Wall)), g.Pockets, plural(g.Pockets), g.Millis)
		case "failed":
			if len(g.Missing) == 0 && g.Error != "" { // as the window: the reason when nothing is missing
				fmt.Fprintf(w, "grid\t%s: NOT BAKED (%s): %s\n", g.Layout, g.Reason, g.Error)
				break
			}
			fmt.Fprintf(w, "grid\t%s: NOT BAKED (%s): %d missing\n", g.Layout, g.Reason, len(g.Missing))
		case "kept":
			fmt.Fprintf(w, "grid\t%s: its .MPP is current, kept\n", g.Layout)
		case "none":
			fmt.Fprintf(w, "grid\t%s: none packed (--mpp none)\n", g.Layout)
		}
	}
}
