package cli

import (
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"packsmith/backend/archive"
	"packsmith/backend/export/convert"
	"packsmith/backend/export/extract"
	"packsmith/backend/view/fold"
)

func init() {
	register(command{name: "ls", usage: "ls ARCHIVE [--password PW] [--json]", summary: "List the entries: path, size, packed size, kind.\n--json prints {archive, family, entries:[{path,size,packed,kind,extra}]}.", run: runLs})
	register(command{name: "cat", usage: "cat ARCHIVE ENTRY [--password PW]", summary: "Write one entry's bytes to standard output.", run: runCat})
	register(command{name: "extract", usage: "extract ARCHIVE -o DIR [ENTRY…] [--decompile] [--png] [--overwrite] [--allow-unportable] [--password PW] [--json]", summary: "Write entries (all, or the named entries and folders) under DIR, keeping folders.\n" +
		"Refuses, before writing anything: names that escape DIR, names unsafe on Windows, macOS or Linux (CON, aux.txt,\n" +
		"a trailing dot or space, control characters, Same.txt beside SAME.TXT) unless --allow-unportable,\n" +
		"entries that share stored bytes or claim an impossible\n" +
		"compression ratio, links (in the archive or in DIR), too little free space, and existing files unless --overwrite.\n" +
		"A failed or cancelled extract leaves DIR as it was.\n" +
		"--decompile writes BINDAT and BINLAYOUT as GUTS text (UTF-16LE with BOM, what `decompile -o` writes) under the\n" +
		"source's name (X.DAT stays X.DAT, X.DAT.BINDAT becomes X.DAT) and RAW indices as tables (X.RAW.txt).\n" +
		"--png writes textures (DDS, TGA, btx; mip 0) and walk grids (.MPP; one pixel per cell) as NAME.png.\n" +
		"An entry that cannot be converted is written as it is, with a warning.", run: runExtract})
	register(command{name: "info", usage: "info ARCHIVE|FILE.mpp|FILE.dds|FILE.MESH|FILE.SKELETON|ARCHIVE ENTRY.MESH|ARCHIVE ENTRY.SKELETON [--password PW] [--json]", summary: "Show the family's metadata (TL2: header fields, hashes stored and computed).\nFor a walk grid: size, extent, class counts, stub flag, pockets; for a texture: its header;\nfor an Ogre mesh: submeshes with names, materials and textures (as named and as found), vertices, triangles, bounds,\nskeleton and animations; for an Ogre skeleton: bones, roots, animations with tracks and keyframes.", run: runInfo})
	register(command{name: "verify", usage: "verify ARCHIVE [--password PW] [--all] [--json]", summary: "Run every integrity check the family has; exit 1 on a finding.\n" +
		"Findings of one check and kind, three or more, print as one line with their count; --all lists every one.", run: runVerify})
}

func (c *ctx) openArchive(p, password string) (archive.Archive, error) {
	return archive.Open(p, archive.OpenOptions{Password: password, Budget: c.budget})
}

// archiveArgs parses a command's flags and positional arguments (at least
// min, at most max; what names them in the usage error) and opens the
// archive named first. The caller closes it.
func (c *ctx) archiveArgs(fs *flag.FlagSet, password *string, args []string, min, max int, what string) (archive.Archive, []string, error) {
	pos, err := parse(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if len(pos) < min || (max >= 0 && len(pos) > max) {
		return nil, nil, usageError{"want " + what}
	}
	a, err := c.openArchive(pos[0], *password)
	if err != nil {
		return nil, nil, err
	}
	return a, pos, nil
}

func runLs(c *ctx, args []string) error {
	fs, js, pw := commonFlags("ls")
	a, _, err := c.archiveArgs(fs, pw, args, 1, 1, "one ARCHIVE")
	if err != nil {
		return err
	}
	defer a.Close()
	if *js {
		return writeJSON(c.stdout, struct {
			Archive string          `json:"archive"`
			Family  string          `json:"family"`
			Entries []archive.Entry `json:"entries"`
		}{a.Path(), a.Family(), a.Entries()})
	}
	tw := tabwriter.NewWriter(c.stdout, 4, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "size\tpacked\t kind\t path\n")
	for _, e := range a.Entries() {
		path := e.Path
		if e.Extra != nil && e.Extra.From() != "" {
			pack := e.Extra.From()
			path += "  [" + pack + "]" // a game folder: the pack the entry comes from
		}
		fmt.Fprintf(tw, "%d\t%d\t %s\t %s\n", e.Size, e.Packed, e.Kind, escapeControls(path))
	}
	return tw.Flush()
}

func findEntry(a archive.Archive, name string) (archive.Entry, error) {
	e, ok := archive.Find(a, name)
	if !ok {
		return e, &archive.EntryError{Archive: a.Path(), Entry: name, Offset: -1, Err: archive.ErrNotFound}
	}
	return e, nil
}

func runCat(c *ctx, args []string) error {
	fs, pw := passwordFlag("cat")
	a, pos, err := c.archiveArgs(fs, pw, args, 2, 2, "ARCHIVE and ENTRY")
	if err != nil {
		return err
	}
	defer a.Close()
	e, err := findEntry(a, pos[1])
	if err != nil {
		return err
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return err
	}
	defer rc.Close()
	if _, err := io.Copy(c.stdout, rc); err != nil {
		return &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
	}
	return nil
}

func runExtract(c *ctx, args []string) error {
	fs, js, pw := commonFlags("extract")
	out := fs.String("o", "", "target folder")
	var xo convert.Options
	fs.BoolVar(&xo.Decompile, "decompile", false, "write BINDAT, BINLAYOUT and RAW as text")
	fs.BoolVar(&xo.PNG, "png", false, "write textures and walk grids as PNG")
	fs.BoolVar(&xo.Overwrite, "overwrite", false, "replace existing files")
	unportable := fs.Bool("allow-unportable", false, "write names another system cannot hold (CON, a trailing dot, control characters, names differing only in case) where this one can")
	a, pos, err := c.archiveArgs(fs, pw, args, 1, -1, "ARCHIVE")
	if err != nil {
		return err
	}
	defer a.Close()
	if *out == "" {
		return usageError{"-o DIR is required"}
	}
	xo.Budget = c.budget
	x := convert.ExtractOptions(xo)
	x.AllowUnportable = *unportable
	res, err := extract.Extract(c.context, a, *out, pos[1:], nil, x)
	if err != nil {
		return err
	}
	for _, k := range res.Kept {
		fmt.Fprintf(c.stderr, "warning: %s: %s: %s (written as it is)\n", a.Path(), escapeControls(k.Entry), escapeControls(k.Why))
	}
	if *js {
		return writeJSON(c.stdout, res)
	}
	conv := ""
	if res.Converted > 0 {
		conv = fmt.Sprintf(" (%d converted)", res.Converted)
	}
	fmt.Fprintf(c.stdout, "extracted %d files%s, %d bytes, to %s\n", res.Files, conv, res.Bytes, res.Dir)
	return nil
}

func runInfo(c *ctx, args []string) error {
	fs, js, pw := commonFlags("info")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if handled, err := infoMesh(c, pos, *pw, *js); handled {
		return err // a .MESH, loose or ARCHIVE ENTRY
	}
	if handled, err := infoSkeleton(c, pos, *pw, *js); handled {
		return err // a .SKELETON, loose or ARCHIVE ENTRY
	}
	if len(pos) != 1 {
		return usageError{"want one ARCHIVE"}
	}
	if handled, err := infoFile(c, pos[0], *js); handled {
		return err // a loose .mpp, .dds or .tga
	}
	a, err := c.openArchive(pos[0], *pw)
	if err != nil {
		return err
	}
	defer a.Close()
	var meta any = map[string]any{"family": a.Family(), "entries": len(a.Entries())}
	if info := a.Capabilities().Info; info != nil {
		meta = info()
	}
	if *js {
		return writeJSON(c.stdout, meta)
	}
	return printFields(c.stdout, meta)
}

func runVerify(c *ctx, args []string) error {
	fs, js, pw := commonFlags("verify")
	all := fs.Bool("all", false, "list every finding")
	a, _, err := c.archiveArgs(fs, pw, args, 1, 1, "one ARCHIVE")
	if err != nil {
		return err
	}
	defer a.Close()
	verify := a.Capabilities().Verify
	if verify == nil {
		return fmt.Errorf("%s: %s archives have no integrity checks", a.Path(), a.Family())
	}
	findings, err := verify(c.context, archive.NoProgress{})
	if err != nil {
		return err
	}
	if findings == nil {
		findings = []archive.Finding{}
	}
	problems := 0
	for _, f := range findings {
		if f.Severity != archive.SevInfo {
			problems++
		}
	}
	if *js {
		if err := writeJSON(c.stdout, struct {
			Archive  string            `json:"archive"`
			OK       bool              `json:"ok"`
			Findings []archive.Finding `json:"findings"`
		}{a.Path(), problems == 0, findings}); err != nil {
			return err
		}
	} else {
		line := func(f archive.Finding) string {
			where := ""
			if f.Entry != "" {
				where = f.Entry + ": "
			}
			return fmt.Sprintf("%-7s %-14s %s", f.Severity, f.Check, escapeControls(where+f.Message))
		}
		key := func(f archive.Finding) string {
			return string(f.Severity) + "\x00" + f.Check + "\x00" + fold.Kind(f.Message)
		}
		foldNote(c.stdout, foldedLines(c.stdout, findings, *all, key, line, ""), "")
		if problems == 0 {
			fmt.Fprintf(c.stdout, "ok: %s (%s checked)\n", a.Path(), entriesN(len(a.Entries())))
		} else {
			fmt.Fprintf(c.stdout, "%d problem(s) in %s\n", problems, a.Path())
		}
	}
	if problems > 0 {
		return errFindings
	}
	return nil
}
