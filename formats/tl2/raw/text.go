package raw

import (
	"bytes"
	"fmt"
	"strings"
	"text/tabwriter"
)

// Text lays a RAW index out as the preview and `decompile` show it: a
// one-line summary ("UNITDATA.RAW: 3 records", the number counting table
// rows), a blank line, then Table's columns aligned with spaces (at least
// two between columns), one record a line. UTF-8, LF line ends.
// ParseText reads it back.
func Text(f *File) []byte {
	t := f.Table()
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: %d records\n\n", f.Kind.FileName(), len(t.Rows))
	tw := tabwriter.NewWriter(&b, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(t.Columns, "\t"))
	for _, r := range t.Rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	return b.Bytes()
}
