package cli

import (
	"bytes"
	"io"
	"strings"
	"unicode"
)

// wideTable lays out tab-separated cells as text/tabwriter does (min width
// 2, padding 2, blanks, no flags: a cell is text ended by a tab, a column
// is aligned over the consecutive lines that have it, the text after a
// line's last tab is not a cell), but measures text as a terminal draws
// it: a CJK or fullwidth character takes two columns, a combining mark
// none. tabwriter counts one per rune, so a Chinese or Korean mod title
// pushed the rest of its row out of line.
type wideTable struct {
	w   io.Writer
	buf bytes.Buffer
}

func newWideTable(w io.Writer) *wideTable { return &wideTable{w: w} }

func (t *wideTable) Write(p []byte) (int, error) { return t.buf.Write(p) }

// Flush writes the table laid out and empties it.
func (t *wideTable) Flush() error {
	text := t.buf.String()
	t.buf.Reset()
	end := ""
	if strings.HasSuffix(text, "\n") {
		text, end = text[:len(text)-1], "\n"
	}
	if text == "" && end == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	cells := make([][]string, len(lines)) // each line's tab-ended cells, then its tail
	for i, l := range lines {
		cells[i] = strings.Split(l, "\t")
	}
	width := columnWidths(cells)
	var out strings.Builder
	for i, cs := range cells {
		for j, c := range cs {
			out.WriteString(c)
			if j < len(cs)-1 {
				out.WriteString(strings.Repeat(" ", width[i][j]-displayWidth(c)))
			}
		}
		if i < len(cells)-1 {
			out.WriteByte('\n')
		}
	}
	out.WriteString(end)
	_, err := io.WriteString(t.w, out.String())
	return err
}

// columnWidths gives, per line and per cell, the width its column takes
// there: the widest cell of the block of consecutive lines having that
// column, plus 2, at least 2.
func columnWidths(cells [][]string) [][]int {
	width := make([][]int, len(cells))
	for i, cs := range cells {
		width[i] = make([]int, len(cs))
	}
	for j := 0; ; j++ {
		any := false
		for i := 0; i < len(cells); {
			if len(cells[i])-1 <= j { // no cell j (only a tail)
				i++
				continue
			}
			any = true
			k, w := i, 0
			for ; k < len(cells) && len(cells[k])-1 > j; k++ {
				w = max(w, displayWidth(cells[k][j]))
			}
			for ; i < k; i++ {
				width[i][j] = max(w+2, 2)
			}
		}
		if !any {
			return width
		}
	}
}

// displayWidth is how many terminal columns s takes.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case r == 0x200B || r == 0x200C || r == 0x200D || r == 0xFEFF ||
		unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return 0
	case wide(r):
		return 2
	}
	return 1
}

// wide: East Asian Wide and Fullwidth characters (Unicode's
// EastAsianWidth W and F, in blocks), and emoji pictographs.
func wide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115F, // Hangul Jamo leading consonants
		r >= 0x2E80 && r <= 0x303E, // CJK radicals … CJK symbols and punctuation
		r >= 0x3041 && r <= 0x33FF, // kana, bopomofo, Hangul compatibility Jamo … CJK compatibility
		r >= 0x3400 && r <= 0x4DBF, // CJK extension A
		r >= 0x4E00 && r <= 0x9FFF, // CJK unified ideographs
		r >= 0xA000 && r <= 0xA4CF, // Yi
		r >= 0xA960 && r <= 0xA97F, // Hangul Jamo extended A
		r >= 0xAC00 && r <= 0xD7A3, // Hangul syllables
		r >= 0xF900 && r <= 0xFAFF, // CJK compatibility ideographs
		r >= 0xFE30 && r <= 0xFE4F, // CJK compatibility forms
		r >= 0xFF00 && r <= 0xFF60, // fullwidth forms
		r >= 0xFFE0 && r <= 0xFFE6,
		r >= 0x1F300 && r <= 0x1F64F, // pictographs, emoticons
		r >= 0x1F900 && r <= 0x1F9FF,
		r >= 0x20000 && r <= 0x3FFFD: // CJK extensions B…
		return true
	}
	return false
}
