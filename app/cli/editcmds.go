package cli

import (
	"fmt"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
)

func init() {
	register(command{name: "replace", usage: "replace ARCHIVE ENTRY FILE [-o OUT] [--as-is | --strict] [--password PW]", summary: "Write back: swap one entry's bytes for FILE's, converted to what the game reads (TL2 text compiled, RAW indices rebuilt, a picture over a texture encoded; --as-is stores the bytes). " + inPlaceNote, run: editCmd(archive.EditReplace)})
	register(command{name: "add", usage: "add ARCHIVE ENTRY FILE [-o OUT] [--as-is | --strict] [--password PW]", summary: "Write back: add FILE as ENTRY, converted as replace does (--as-is: unchanged). " + inPlaceNote, run: editCmd(archive.EditAdd)})
	register(command{name: "rm", usage: "rm ARCHIVE ENTRY [-o OUT] [--password PW]", summary: "Write back: remove an entry. " + inPlaceNote, run: editCmd(archive.EditRemove)})
	register(command{name: "repack", usage: "repack ARCHIVE -o OUT [--drop-shadowed] [--password PW]", summary: "Rewrite the whole archive; an unchanged archive comes out byte-identical where its family allows.\n" +
		"A path a .MOD lists twice keeps both copies; --drop-shadowed keeps only the one a lookup finds and says what went.", run: runRepack})
}

// inPlaceNote says per family what an edit without -o does to the file
// (issue 46: help said every archive edited in place is backed up, while a
// Lost Saga pack is appended to with none; writeback.Apply, Capabilities.Append).
const inPlaceNote = "Without -o the archive is edited in place:\n" +
	"  .MOD, DATA.PAK (with its .MAN), .zip, Reborn .dat   copied to the backups folder in the user's cache first\n" +
	"      (packsmith backups list | restore ID; nothing is left beside the file), then replaced; a .dat whose size\n" +
	"      changes has its FileTable.bin backed up there too before its record is updated\n" +
	"  Lost Saga .iop (a pack or its game folder)   appended to, as the game's patcher does, with NO backup: the\n" +
	"      old copy stays in the pack, hidden by the new one, and no command brings it back. Give -o to keep the\n" +
	"      original, or copy the pack first."

func editCmd(op archive.EditOp) func(c *ctx, args []string) error {
	return func(c *ctx, args []string) error {
		fs, pw := passwordFlag(op.String())
		out := fs.String("o", "", "write the result here instead of in place")
		asIs, strict := new(bool), new(bool)
		if op != archive.EditRemove {
			fs.BoolVar(asIs, "as-is", false, "store FILE's bytes unchanged: no compile of TL2 text, no texture encode, no RAW rebuild")
			fs.BoolVar(strict, "strict", false, "refuse numbers that are not what they say (read the C way, out of range, infinite, NaN) instead of storing them with a warning")
		}
		pos, err := parse(fs, args)
		if err != nil {
			return err
		}
		want := 3
		if op == archive.EditRemove {
			want = 2
		}
		if len(pos) != want {
			return usageError{fmt.Sprintf("want %d arguments", want)}
		}
		e := archive.Edit{Op: op, Path: pos[1]}
		if op != archive.EditRemove {
			e.Source = pos[2]
		}
		if *asIs {
			e.Convert = archive.ConvertNone
		} else if *strict {
			e.Convert = archive.ConvertStrict
		}
		res, err := writeback.Apply(c.context, pos[0], *out, []archive.Edit{e}, archive.OpenOptions{Password: *pw}, nil)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "wrote %s", res.Output)
		if res.BackupID != "" {
			fmt.Fprintf(c.stdout, " (backup: %s)", res.BackupID)
		}
		fmt.Fprintln(c.stdout)
		printNotes(c, res.Notes)
		printConversions(c, res.Conversions) // edit.go
		return nil
	}
}

func runRepack(c *ctx, args []string) error {
	fs, pw := passwordFlag("repack")
	out := fs.String("o", "", "output archive")
	drop := fs.Bool("drop-shadowed", false, "drop later copies of a path listed twice")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"want one ARCHIVE"}
	}
	if *out == "" {
		return usageError{"-o OUT is required"}
	}
	edits, note, err := shadowEdits(pos[0], *pw, *drop) // shadow.go
	if err != nil {
		return err
	}
	res, err := writeback.Apply(c.context, pos[0], *out, edits, archive.OpenOptions{Password: *pw}, nil)
	if err != nil {
		return err
	}
	fmt.Fprint(c.stdout, note)
	fmt.Fprintf(c.stdout, "wrote %s\n", res.Output)
	printNotes(c, res.Notes)
	return nil
}
