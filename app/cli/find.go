package cli

import (
	"fmt"

	"packsmith/backend/view/search"
)

func init() {
	register(command{
		name:  "find",
		usage: "find ARCHIVE TEXT [--regex] [--case] [--in FOLDER]… [--max N] [--password PW] [--json]",
		summary: "Find text inside every entry (Find in files): the decoded text, as the window's text preview shows it, so\n" +
			"compiled BINDAT, BINLAYOUT and RAW are searched decompiled and text files in UTF-8, UTF-16 or CP949.\n" +
			"Prints ENTRY:LINE: TEXT per matching line (case-insensitive unless --case; --regex: a Go regular expression).\n" +
			"--json prints {query, entries, skipped, matched, hits:[{entry, line, col, len, text, cut}], truncated, notes}.\n" +
			"Exit status as grep(1): 0 found, 1 nothing found, 2 trouble.",
		run: runFind,
	})
}

type multiFlag []string

func (m *multiFlag) String() string     { return fmt.Sprint(*m) }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func runFind(c *ctx, args []string) error {
	fs, js, pw := commonFlags("find")
	var o search.Options
	fs.BoolVar(&o.Regex, "regex", false, "TEXT is a regular expression")
	fs.BoolVar(&o.CaseSensitive, "case", false, "match case")
	fs.IntVar(&o.MaxHits, "max", search.DefaultMaxHits, "stop after this many hits")
	var in multiFlag
	fs.Var(&in, "in", "only entries below this folder (repeatable)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usageError{"want ARCHIVE and TEXT"}
	}
	o.Query, o.Paths = pos[1], in
	a, err := c.openArchive(pos[0], *pw)
	if err != nil {
		return diffExit{2, err}
	}
	defer a.Close()
	r, err := search.Search(c.context, a, o, nil, nil)
	if err != nil {
		return diffExit{2, err}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(c.stderr, "warning: %s: %s: %s\n", a.Path(), n.Entry, n.Why)
	}
	if *js {
		if err := writeJSON(c.stdout, r); err != nil {
			return diffExit{2, err}
		}
	} else {
		for _, h := range r.Hits {
			fmt.Fprintf(c.stdout, "%s:%d: %s\n", escapeControls(h.Entry), h.Line, h.Text)
		}
		if r.Truncated {
			fmt.Fprintf(c.stderr, "stopped after %d hits (--max)\n", len(r.Hits))
		}
	}
	if len(r.Hits) == 0 {
		return diffExit{1, nil}
	}
	return nil
}
