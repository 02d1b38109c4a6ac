package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"packsmith/backend/archive"
	"packsmith/backend/edit/rebornedit"
	"packsmith/backend/edit/rebornwrite"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/reborn/ashg"
	"packsmith/formats/reborn/xlce"
)

func init() {
	register(command{
		name:  "reborn",
		usage: "reborn texts DAT ENTRY [--format csv|json] [-o OUT] | import DAT ENTRY ROWS.csv|ROWS.json [-o OUT.dat] | rows DAT ENTRY [--json] | ashg DAT ENTRY -o OUT",
		summary: "Tactics Ogre: Reborn: read and edit the text and data tables inside a .dat.\n" +
			"ENTRY is as `ls` lists it (e.g. #2/#0):\n" +
			"  texts    a txte text table as UTF-8 CSV (index,key,text,third,fourth) or JSON; macro codes\n" +
			"           (private-use code points) are written {U+XXXX} and read back the same way\n" +
			"  import   set rows of that table from such a CSV or JSON (matched by index when given, else by key)\n" +
			"           and save the .dat: in place after a backup (its FileTable.bin record updated), or to OUT.dat\n" +
			"  rows     an xlce data table as rows of u32 cells (likely strings quoted)\n" +
			"  ashg     write an ashg entry decompressed to OUT",
		run: runReborn,
	})
}

// rebornCall is what a `reborn` subcommand is given: the opened .dat (its
// path first in pos, the entry second) and the flags.
type rebornCall struct {
	a      archive.Archive
	pos    []string
	format string
	out    string
	js     bool
}

// rebornSub is one `reborn` subcommand: how many arguments it takes and
// what it does. Each closes the archive (import before it saves).
type rebornSub struct {
	args int
	run  func(c *ctx, r rebornCall) error
}

// rebornSubs is the dispatch table of `reborn`.
func rebornSubs() map[string]rebornSub {
	return map[string]rebornSub{
		"texts":  {2, rebornTexts},
		"import": {3, rebornImport},
		"rows":   {2, rebornRows},
		"ashg":   {2, rebornAshg},
	}
}

func runReborn(c *ctx, args []string) error {
	if len(args) == 0 {
		return usageError{"want texts, import, rows or ashg"}
	}
	name, args := args[0], args[1:]
	fs := flag.NewFlagSet("reborn "+name, flag.ContinueOnError)
	format := fs.String("format", "csv", "csv or json")
	out := fs.String("o", "", "output file")
	js := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	sub, ok := rebornSubs()[name]
	if !ok {
		return usageError{fmt.Sprintf("unknown subcommand %q: want texts, import, rows or ashg", name)}
	}
	if len(pos) != sub.args {
		return usageError{fmt.Sprintf("reborn %s wants %d arguments", name, sub.args)}
	}
	a, err := c.openArchive(pos[0], "")
	if err != nil {
		return err
	}
	return sub.run(c, rebornCall{a: a, pos: pos, format: *format, out: *out, js: *js})
}

// rebornTexts writes a txte text table as CSV or JSON.
func rebornTexts(c *ctx, r rebornCall) error {
	defer r.a.Close()
	rows, err := rebornedit.Read(r.a, r.pos[1])
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	switch r.format {
	case "csv":
		err = rebornedit.WriteCSV(&buf, rebornedit.Visible(rows))
	case "json":
		err = writeJSON(&buf, rebornedit.Visible(rows))
	default:
		return usageError{"--format is csv or json"}
	}
	if err != nil {
		return err
	}
	return writeOut(c, r.out, buf.Bytes())
}

// rebornImport sets rows of a text table from a CSV or JSON file and saves
// the .dat.
func rebornImport(c *ctx, r rebornCall) error {
	rows, err := rebornedit.Read(r.a, r.pos[1])
	r.a.Close()
	if err != nil {
		return err
	}
	b, err := os.ReadFile(r.pos[2])
	if err != nil {
		return err
	}
	edits, err := rebornedit.ParseRows(b)
	if err != nil {
		return fmt.Errorf("%s: %w", r.pos[2], err)
	}
	n, err := rebornedit.Apply(rows, edits)
	if err != nil {
		return fmt.Errorf("%s: %w", r.pos[2], err)
	}
	if n == 0 {
		fmt.Fprintln(c.stdout, "no row changed; nothing written")
		return nil
	}
	res, err := rebornwrite.Save(c.context, r.pos[0], r.out, r.pos[1], rows)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "%d row(s) changed; wrote %s", n, res.Output)
	if res.BackupID != "" {
		fmt.Fprintf(c.stdout, " (backup: %s)", res.BackupID)
	}
	fmt.Fprintln(c.stdout)
	printNotes(c, res.Notes)
	return nil
}

// rebornRows prints an xlce data table's cells.
func rebornRows(c *ctx, r rebornCall) error {
	defer r.a.Close()
	b, err := readEntry(r.a, r.pos[1])
	if err != nil {
		return err
	}
	t, err := xlce.Decode(b)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", r.a.Path(), r.pos[1], err)
	}
	if r.js {
		return writeJSON(c.stdout, t)
	}
	fmt.Fprintf(c.stdout, "%d rows of %d bytes\n", t.Rows, t.RowSize)
	for i, row := range t.Cells {
		fmt.Fprintf(c.stdout, "%d:", i)
		for _, cell := range row {
			if cell.String != nil {
				fmt.Fprintf(c.stdout, " %q", *cell.String)
			} else {
				fmt.Fprintf(c.stdout, " %d", cell.Value)
			}
		}
		fmt.Fprintln(c.stdout)
	}
	return nil
}

// rebornAshg writes an ashg entry decompressed.
func rebornAshg(c *ctx, r rebornCall) error {
	defer r.a.Close()
	if r.out == "" {
		return usageError{"-o OUT is required"}
	}
	b, err := readEntry(r.a, r.pos[1])
	if err != nil {
		return err
	}
	h, data, err := ashg.Decode(b, rebornedit.MaxTable)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", r.a.Path(), r.pos[1], err)
	}
	if err := safefile.WriteFile(r.out, data); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "ashg version %d: %d → %d bytes, wrote %s\n", h.Version, h.Packed, len(data), r.out)
	return nil
}

func readEntry(a interface {
	Open(string) (io.ReadCloser, error)
}, entry string) ([]byte, error) {
	rc, err := a.Open(entry)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(io.LimitReader(rc, rebornedit.MaxTable))
}

func writeOut(c *ctx, out string, b []byte) error {
	if out == "" {
		_, err := c.stdout.Write(b)
		return err
	}
	if err := safefile.WriteFile(out, b); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s\n", out)
	return nil
}
