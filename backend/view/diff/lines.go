package diff

import (
	"fmt"
	"strings"
)

// Line diff of two texts (Myers' O(ND) algorithm, prefix and suffix
// trimmed first), for showing what changed inside one entry.

// Line is one line of a hunk: "=" in both, "-" only in A, "+" only in B.
// A and B are 1-based line numbers (0 on the side the line is not in).
type Line struct {
	Op   string `json:"op"`
	A    int    `json:"a"`
	B    int    `json:"b"`
	Text string `json:"text"`
}

// Hunk is a run of changes with up to Context equal lines around them.
type Hunk struct {
	A     int    `json:"a"` // first line of A in the hunk (1-based; 0 when A has none)
	B     int    `json:"b"`
	LenA  int    `json:"lenA"`
	LenB  int    `json:"lenB"`
	Lines []Line `json:"lines"`
}

// MaxEdits caps the edit distance searched; texts further apart than this
// are shown as all of A removed and all of B added (Approximate).
const MaxEdits = 2000

// SplitLines splits text at \n and drops a \r before it; a final newline
// does not start another line.
func SplitLines(text string) []string {
	if text == "" {
		return nil
	}
	text = strings.TrimSuffix(text, "\n")
	ls := strings.Split(text, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// Script is the edit script from a to b, one Line per line of either.
// approx is true when the texts were further apart than MaxEdits.
func Script(a, b []string) (lines []Line, approx bool) {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	for i := 0; i < p; i++ {
		lines = append(lines, Line{Op: "=", A: i + 1, B: i + 1, Text: a[i]})
	}
	mid, approx := myers(a[p:len(a)-s], b[p:len(b)-s], p)
	lines = append(lines, mid...)
	for i := 0; i < s; i++ {
		ia, ib := len(a)-s+i, len(b)-s+i
		lines = append(lines, Line{Op: "=", A: ia + 1, B: ib + 1, Text: a[ia]})
	}
	return lines, approx
}

// myers diffs a and b, whose first lines are line base+1 of their texts.
func myers(a, b []string, base int) ([]Line, bool) {
	n, m := len(a), len(b)
	whole := func() []Line {
		out := make([]Line, 0, n+m)
		for i, l := range a {
			out = append(out, Line{Op: "-", A: base + i + 1, Text: l})
		}
		for i, l := range b {
			out = append(out, Line{Op: "+", B: base + i + 1, Text: l})
		}
		return out
	}
	if n == 0 || m == 0 {
		return whole(), false
	}
	var trace [][]int32
	prev := func(d, k int) int {
		if d == 0 {
			return 0
		}
		return int(trace[d-1][k+d-1])
	}
	end := -1
	for d := 0; d <= n+m && d <= MaxEdits; d++ {
		cur := make([]int32, 2*d+1)
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && prev(d, k-1) < prev(d, k+1)) {
				x = prev(d, k+1)
			} else {
				x = prev(d, k-1) + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			cur[k+d] = int32(x)
			if x >= n && y >= m {
				end = d
				break
			}
		}
		trace = append(trace, cur)
		if end >= 0 {
			break
		}
	}
	if end < 0 {
		return whole(), true
	}
	// Walk back from (n, m).
	var rev []Line
	x, y := n, m
	for d := end; d > 0; d-- {
		k := x - y
		var pk int
		if k == -d || (k != d && prev(d, k-1) < prev(d, k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := prev(d, pk)
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, Line{Op: "=", A: base + x + 1, B: base + y + 1, Text: a[x]})
		}
		if pk == k+1 {
			rev = append(rev, Line{Op: "+", B: base + py + 1, Text: b[py]})
		} else {
			rev = append(rev, Line{Op: "-", A: base + px + 1, Text: a[px]})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, Line{Op: "=", A: base + x + 1, B: base + y + 1, Text: a[x]})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev, false
}

// Hunks groups an edit script into hunks with context equal lines around
// each run of changes. No hunks: the texts are the same.
func Hunks(script []Line, context int) []Hunk {
	var out []Hunk
	i := 0
	for i < len(script) {
		if script[i].Op == "=" {
			i++
			continue
		}
		start := max(0, i-context)
		j := i
		// Extend while the next change is within 2×context equal lines.
		for {
			for j < len(script) && script[j].Op != "=" {
				j++
			}
			k := j
			for k < len(script) && script[k].Op == "=" {
				k++
			}
			if k < len(script) && k-j <= 2*context {
				j = k
				continue
			}
			break
		}
		stop := min(len(script), j+context)
		h := Hunk{Lines: script[start:stop]}
		for _, l := range h.Lines {
			if l.A > 0 {
				if h.A == 0 {
					h.A = l.A
				}
				h.LenA++
			}
			if l.B > 0 {
				if h.B == 0 {
					h.B = l.B
				}
				h.LenB++
			}
		}
		out = append(out, h)
		i = stop
	}
	return out
}

// Unified writes hunks as a unified diff (diff -u) of two named texts.
func Unified(nameA, nameB string, hunks []Hunk) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", nameA, nameB)
	for _, h := range hunks {
		fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", h.A, h.LenA, h.B, h.LenB)
		for _, l := range h.Lines {
			op := l.Op
			if op == "=" {
				op = " "
			}
			sb.WriteString(op + l.Text + "\n")
		}
	}
	return sb.String()
}
