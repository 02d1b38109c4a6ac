package cli

import (
	"flag"
	"fmt"
	"text/tabwriter"

	"packsmith/backend/archive"
	"packsmith/backend/view/diff"
)

func init() {
	register(command{
		name:  "diff",
		usage: "diff A B [--password PW] [--password-b PW] [--json] | diff A B ENTRY",
		summary: "Compare two archives (two versions of a mod; any two families): added, removed and changed entries.\n" +
			"Entries pair by path, case-insensitively when either side is a Torchlight II or Lost Saga pack;\n" +
			"changed means the decoded bytes differ (sizes before → after, and the first byte that differs).\n" +
			"With ENTRY: a unified line diff of that entry's decoded text (compiled data decompiled first).\n" +
			"--json prints {a, b, familyA, familyB, caseInsensitive, same, added, removed, changed,\n" +
			"changes:[{path, pathA?, status, sizeA, sizeB, kind, offset}]} (sizes -1 on the side without the entry).\n" +
			"Exit status as diff(1): 0 the same, 1 they differ, 2 trouble (bad usage, an archive that cannot be read).",
		run: runDiff,
	})
}

// diffExit is diff's exit status: 1 differ (no message), 2 trouble.
type diffExit struct {
	code int
	err  error
}

func (d diffExit) Error() string {
	if d.err == nil {
		return ""
	}
	return d.err.Error()
}
func (d diffExit) ExitCode() int { return d.code }
func (d diffExit) Unwrap() error { return d.err }

func runDiff(c *ctx, args []string) error {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	js := fs.Bool("json", false, "print JSON")
	pw := fs.String("password", "", "password of A (and of B unless --password-b)")
	pwB := fs.String("password-b", "", "password of B")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 && len(pos) != 3 {
		return usageError{"want A and B (and an ENTRY)"}
	}
	if *pwB == "" {
		*pwB = *pw
	}
	trouble := func(err error) error { return diffExit{2, err} }
	a, err := c.openArchive(pos[0], *pw)
	if err != nil {
		return trouble(err)
	}
	defer a.Close()
	b, err := c.openArchive(pos[1], *pwB)
	if err != nil {
		return trouble(err)
	}
	defer b.Close()
	if len(pos) == 3 {
		if *js {
			return usageError{"--json goes with A B (the whole comparison)"}
		}
		return diffEntry(c, a, b, pos[2])
	}
	r, err := diff.Compare(c.context, a, b, nil)
	if err != nil {
		return trouble(err)
	}
	if *js {
		if err := writeJSON(c.stdout, r); err != nil {
			return trouble(err)
		}
	} else {
		tw := tabwriter.NewWriter(c.stdout, 2, 4, 2, ' ', 0)
		for _, ch := range r.Changes {
			switch ch.Status {
			case diff.Added:
				fmt.Fprintf(tw, "added\t%s\t%d bytes\n", escapeControls(ch.Path), ch.SizeB)
			case diff.Removed:
				fmt.Fprintf(tw, "removed\t%s\t%d bytes\n", escapeControls(ch.Path), ch.SizeA)
			default:
				fmt.Fprintf(tw, "changed\t%s\t%d → %d bytes, from offset %d\n", escapeControls(ch.Path), ch.SizeA, ch.SizeB, ch.Offset)
			}
		}
		tw.Flush()
		fmt.Fprintf(c.stdout, "%d added, %d removed, %d changed, %d the same\n", r.Added, r.Removed, r.Changed, r.Same)
	}
	if r.Differ() {
		return diffExit{1, nil}
	}
	return nil
}

// diffEntry prints one entry's text diff (exit 1 when it differs).
func diffEntry(c *ctx, a, b archive.Archive, name string) error {
	_, inA := archive.Find(a, name)
	_, inB := archive.Find(b, name)
	if !inA && !inB {
		return diffExit{2, fmt.Errorf("%s: in neither %s nor %s", name, a.Path(), b.Path())}
	}
	pa, pb := name, name
	if !inA {
		pa = ""
	}
	if !inB {
		pb = ""
	}
	d, err := diff.Entry(c.context, a, pa, b, pb)
	if err != nil {
		return diffExit{2, err}
	}
	if inA && inB && d.Same {
		return nil
	}
	switch {
	case d.View == diff.ViewText && len(d.Hunks) == 0:
		// A text source against its compiled form, or another encoding.
		fmt.Fprintf(c.stdout, "%s: the decoded text is the same (%d lines); the bytes differ (%d → %d bytes: encoding, compiled form or string ids)\n",
			name, d.LinesA, d.SizeA, d.SizeB)
	case d.View == diff.ViewText:
		nameA, nameB := a.Path()+": "+d.PathA, b.Path()+": "+d.PathB
		if !inA {
			nameA = "/dev/null"
		}
		if !inB {
			nameB = "/dev/null"
		}
		fmt.Fprint(c.stdout, diff.Unified(nameA, nameB, d.Hunks))
		if d.Approximate {
			fmt.Fprintf(c.stderr, "note: the texts differ in more than %d lines: shown as replaced whole\n", diff.MaxEdits)
		}
	default:
		why := d.View
		if d.Note != "" {
			why += "; " + d.Note
		}
		fmt.Fprintf(c.stdout, "%s: %d → %d bytes, first difference at offset %d (%s: no text diff)\n", escapeControls(name), d.SizeA, d.SizeB, d.Offset, why)
	}
	return diffExit{1, nil}
}
