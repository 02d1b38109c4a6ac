package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"packsmith/backend/edit/rebornedit"
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

func runReborn(c *ctx, args []string) error {
	if len(args) == 0 {
		return usageError{"want texts, import, rows or ashg"}
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("reborn "+sub, flag.ContinueOnError)
	format := fs.String("format", "csv", "csv or json")
	out := fs.String("o", "", "output file")
	js := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	want := map[string]int{"texts": 2, "import": 3, "rows": 2, "ashg": 2}[sub]
	if want == 0 {
		return usageError{fmt.Sprintf("unknown subcommand %q: want texts, import, rows or ashg", sub)}
	}
	if len(pos) != want {
		return usageError{fmt.Sprintf("reborn %s wants %d arguments", sub, want)}
	}
	a, err := c.openArchive(pos[0], "")
	if err != nil {
		return err
	}
	switch sub {
	case "texts":
		defer a.Close()
		rows, err := rebornedit.Read(a, pos[1])
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		switch *format {
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
		return writeOut(c, *out, buf.Bytes())
	case "import":
		rows, err := rebornedit.Read(a, pos[1])
		a.Close()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(pos[2])
		if err != nil {
			return err
		}
		edits, err := rebornedit.ParseRows(b)
		if err != nil {
			return fmt.Errorf("%s: %w", pos[2], err)
		}
		n, err := rebornedit.Apply(rows, edits)
		if err != nil {
			return fmt.Errorf("%s: %w", pos[2], err)
		}
		if n == 0 {
			fmt.Fprintln(c.stdout, "no row changed; nothing written")
			return nil
		}
		res, err := rebornedit.Save(c.context, pos[0], *out, pos[1], rows)
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
	case "rows":
		defer a.Close()
		b, err := readEntry(a, pos[1])
		if err != nil {
			return err
		}
		t, err := xlce.Decode(b)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", a.Path(), pos[1], err)
		}
		if *js {
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
	default: // ashg
		defer a.Close()
		if *out == "" {
			return usageError{"-o OUT is required"}
		}
		b, err := readEntry(a, pos[1])
		if err != nil {
			return err
		}
		h, data, err := ashg.Decode(b, rebornedit.MaxTable)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", a.Path(), pos[1], err)
		}
		if err := safefile.WriteFile(*out, data); err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "ashg version %d: %d → %d bytes, wrote %s\n", h.Version, h.Packed, len(data), *out)
		return nil
	}
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
