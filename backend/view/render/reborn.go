package render

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
	"packsmith/formats/reborn/ashg"
	"packsmith/formats/reborn/txte"
	"packsmith/formats/reborn/xlce"
)

// MaxReborn caps what a Reborn table view reads.
const MaxReborn = 64 << 20

// Renderer names the window keys on.
const (
	RendererTxte = "Reborn text table"
	RendererXlce = "Reborn data table"
	RendererAshg = "ashg, decompressed"
)

func init() {
	preview.Register(preview.Renderer{Name: RendererTxte, Match: magic("txte"), Text: textTxte})
	preview.Register(preview.Renderer{Name: RendererXlce, Match: magic("xlce"), Text: textXlce})
	preview.Register(preview.Renderer{Name: RendererAshg, Match: magic("ashg"), Text: textAshg})
}

func magic(m string) func(archive.Entry, []byte) bool {
	return func(_ archive.Entry, head []byte) bool { return bytes.HasPrefix(head, []byte(m)) }
}

func readReborn(r io.Reader, e archive.Entry) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxReborn+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxReborn {
		return nil, fmt.Errorf("%s: over %d MB, too large to show as a table", e.Path, MaxReborn>>20)
	}
	return b, nil
}

// oneLine shows line breaks and tabs inside a cell.
var oneLine = strings.NewReplacer("\r", `\r`, "\n", `\n`, "\t", `\t`)

func textTxte(r io.Reader, e archive.Entry) (string, error) {
	b, err := readReborn(r, e)
	if err != nil {
		return "", err
	}
	rows, err := txte.Decode(b)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	fmt.Fprintf(&out, "%d rows; macro codes (private-use code points) are shown as {U+XXXX}\n\n", len(rows))
	tw := tabwriter.NewWriter(&out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tkey\ttext")
	for i, row := range rows {
		fmt.Fprintf(tw, "%d\t%s\t%s\n", i, oneLine.Replace(row.Key), oneLine.Replace(txte.Visible(row.Text)))
	}
	tw.Flush()
	return out.String(), nil
}

func textXlce(r io.Reader, e archive.Entry) (string, error) {
	b, err := readReborn(r, e)
	if err != nil {
		return "", err
	}
	t, err := xlce.Decode(b)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	fmt.Fprintf(&out, "%d rows of %d bytes; cells are u32 (little-endian), \"quoted\" cells are likely strings from the pool\n\n", t.Rows, t.RowSize)
	for i, row := range t.Cells {
		fmt.Fprintf(&out, "%d:", i)
		for _, c := range row {
			if c.String != nil {
				fmt.Fprintf(&out, " %q", txte.Visible(*c.String))
			} else {
				fmt.Fprintf(&out, " %d", c.Value)
			}
		}
		out.WriteByte('\n')
	}
	return out.String(), nil
}

func textAshg(r io.Reader, e archive.Entry) (string, error) {
	b, err := readReborn(r, e)
	if err != nil {
		return "", err
	}
	h, data, err := ashg.Decode(b, MaxReborn)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	fmt.Fprintf(&out, "ashg version %d, window bits %d: %d bytes → %d decompressed", h.Version, h.WindowBits, h.Packed, len(data))
	if len(data) > 4 {
		fmt.Fprintf(&out, " (they start with %q)", data[:4])
	}
	out.WriteString("\n\n")
	out.WriteString(hex.Dump(data[:min(len(data), 4096)]))
	if len(data) > 4096 {
		out.WriteString("…\n")
	}
	return out.String(), nil
}
