package cli

import (
	"fmt"
	"io"

	"packsmith/backend/view/fold"
)

// foldedLines writes findings as the window lists them: findings of one
// kind (fold.Kind of the message, with the severity and check the key
// adds) from fold.Min up are one line with their count, naming the first;
// the others one line each. all lists every one. line words a finding,
// prefix starts each line. It returns how many lines stand for more than
// one finding.
func foldedLines[T any](w io.Writer, items []T, all bool, key func(T) string, line func(T) string, prefix string) int {
	if all {
		for _, it := range items {
			fmt.Fprintf(w, "%s%s\n", prefix, line(it))
		}
		return 0
	}
	folded := 0
	for _, g := range fold.Fold(items, key) {
		if !g.Folded {
			for _, it := range g.Items {
				fmt.Fprintf(w, "%s%s\n", prefix, line(it))
			}
			continue
		}
		folded++
		fmt.Fprintf(w, "%s%s × like: %s\n", prefix, groupDigits(int64(len(g.Items))), line(g.Items[0]))
	}
	return folded
}

// foldNote is the line after a folded list: how to see each finding.
func foldNote(w io.Writer, folded int, prefix string) {
	if folded > 0 {
		fmt.Fprintf(w, "%s(%d line%s fold findings of one kind; --all lists every one)\n", prefix, folded, plural(folded))
	}
}
