package cli

import (
	"fmt"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
)

func init() {
	register(command{name: "optimize", usage: "optimize PACK [-o OUT] [--password PW] [--json]",
		summary: "Lost Saga .iop: write the pack again without shadowed copies (older copies of a name a later one replaces)\n" +
			"and the unused bytes patches leave. The same entries win, with the same comments and password.\n" +
			"Without -o, in place after a backup in the backups folder.", run: runOptimize})
	register(command{name: "create", usage: "create OUT.iop DIR [--password PW] [--json]",
		summary: "Lost Saga .iop: pack a folder. Names in code page 949 with '\\' (a name it cannot hold is refused),\n" +
			"deflated, encrypted with PW when given (ZipCrypto), every .ini scrambled with comment 1 as the client expects.", run: runCreate})
	register(command{name: "rename", usage: "rename ARCHIVE ENTRY NEWNAME [-o OUT] [--password PW]",
		summary: "Write back: give an entry a new name (.iop packs). In place, a pack is appended to, as the game's patcher does.", run: runRename})
}

func runOptimize(c *ctx, args []string) error {
	fs, js, pw := commonFlags("optimize")
	out := fs.String("o", "", "write the optimized pack here instead of in place")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"want one PACK"}
	}
	var before, after counts
	res, err := writeback.ApplyWith(c.context, pos[0], *out, nil, archive.OpenOptions{Password: *pw}, nil,
		func(a archive.Archive, dst string) (archive.Staged, error) {
			caps := a.Capabilities()
			if caps.Optimize == nil {
				return nil, fmt.Errorf("%s: optimize is for Lost Saga .iop packs, not %s archives", a.Path(), a.Family())
			}
			before = countsOf(caps.Info())
			return caps.Optimize(c.context, dst, archive.NoProgress{})
		})
	if err != nil {
		return err
	}
	if a, err := archive.Open(res.Output, archive.OpenOptions{Password: *pw}); err == nil {
		if info := a.Capabilities().Info; info != nil {
			after = countsOf(info())
		}
		a.Close()
	}
	if *js {
		return writeJSON(c.stdout, struct {
			writeback.Result
			EntriesBefore int   `json:"entriesBefore"`
			EntriesAfter  int   `json:"entriesAfter"`
			SizeBefore    int64 `json:"sizeBefore"`
			SizeAfter     int64 `json:"sizeAfter"`
		}{res, before.entries, after.entries, before.size, after.size})
	}
	fmt.Fprintf(c.stdout, "wrote %s: %d entries (was %d), %d bytes (was %d)", res.Output, after.entries, before.entries, after.size, before.size)
	if res.BackupID != "" {
		fmt.Fprintf(c.stdout, " (backup: %s)", res.BackupID)
	}
	fmt.Fprintln(c.stdout)
	return nil
}

func runCreate(c *ctx, args []string) error {
	fs, js, pw := commonFlags("create")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usageError{"want OUT.iop and DIR"}
	}
	fam, ok := archive.CreatorFor(pos[0])
	if !ok {
		return fmt.Errorf("create: %s: no family creates archives named so (a Lost Saga pack ends in .iop)", pos[0])
	}
	res, err := fam.Create(c.context, pos[0], pos[1], *pw, nil)
	if err != nil {
		return err
	}
	if *js {
		return writeJSON(c.stdout, res)
	}
	fmt.Fprintln(c.stdout, res)
	return nil
}

// counts is what an optimize reports before and after.
type counts struct {
	entries int
	size    int64
}

// countsOf reads an archive's Info as counts when its family gives them
// (archive.Counts).
func countsOf(info any) counts {
	var n counts
	if c, ok := info.(archive.Counts); ok {
		n.entries, n.size = c.Counts()
	}
	return n
}

func runRename(c *ctx, args []string) error {
	fs, pw := passwordFlag("rename")
	out := fs.String("o", "", "write the result here instead of in place")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 3 {
		return usageError{"want ARCHIVE, ENTRY and NEWNAME"}
	}
	res, err := writeback.Apply(c.context, pos[0], *out, []archive.Edit{{Op: archive.EditRename, Path: pos[1], NewPath: pos[2]}}, archive.OpenOptions{Password: *pw}, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s", res.Output)
	if res.BackupID != "" {
		fmt.Fprintf(c.stdout, " (backup: %s)", res.BackupID)
	}
	fmt.Fprintln(c.stdout)
	printNotes(c, res.Notes)
	return nil
}
