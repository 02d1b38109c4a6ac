package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// runHelp is `packsmith help [COMMAND]`: the command list, or one
// command's usage and summary.
func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printHelp(stdout)
		return ExitOK
	}
	for _, cmd := range commands {
		if cmd.name == args[0] {
			fmt.Fprintf(stdout, "usage: packsmith %s\n\n%s\n", cmd.usage, cmd.summary)
			return ExitOK
		}
	}
	fmt.Fprintf(stderr, "packsmith help: unknown command %q (packsmith help lists them)\n", args[0])
	return ExitUsage
}

// printHelp lists every command with its summary's first sentence.
func printHelp(w io.Writer) {
	fmt.Fprintln(w, "Packsmith: open, browse, extract and write back game archives.")
	fmt.Fprintln(w, "\nWith no arguments the desktop build opens its window.")
	fmt.Fprintln(w, "\nCommands:")
	cs := append([]command(nil), commands...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	col := 0
	for _, c := range cs {
		col = max(col, len(c.name))
	}
	col += 4 // "  name  "
	for _, c := range cs {
		// The whole first sentence, wrapped under itself: a summary's
		// first line is cut where its source wraps, mid-sentence.
		for i, line := range wrap(firstSentence(c.summary), helpWidth-col) {
			name := ""
			if i == 0 {
				name = c.name
			}
			fmt.Fprintf(w, "  %-*s%s\n", col-2, name, line)
		}
	}
	fmt.Fprintln(w, "\nEdits without -o (replace, add, rm, rename) change the file in place: a .MOD, DATA.PAK, .zip or")
	fmt.Fprintln(w, "Reborn .dat is copied to the backups folder first (packsmith backups); a Lost Saga .iop is appended")
	fmt.Fprintln(w, "to with no backup, as the game's patcher does (give -o to keep the original).")
	fmt.Fprintln(w, "\nAny command takes --max-memory MB: the budget for decoded data (default 512 MB, or the")
	fmt.Fprintln(w, "maxMemoryMB setting); files whose headers ask for more are refused before anything is allocated,")
	fmt.Fprintln(w, "and the process's peak memory stays within the budget plus 64 MB.")
	fmt.Fprintln(w, "\n'packsmith help COMMAND' or 'packsmith COMMAND --help' tells more.")
}

// helpWidth is the width packsmith help wraps to.
const helpWidth = 100

// firstSentence is a summary's first sentence, its lines joined: up to the
// first '.' that ends a word outside parentheses ("e.g." does not end one,
// nor do the dots in ".MPP" or "a.b.c.d"), or a ':' ending a line (it
// introduces a list).
func firstSentence(s string) string {
	depth := 0
	end := len(s)
scan:
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '.':
			if depth > 0 || i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\n' {
				continue
			}
			if head := s[:i+1]; strings.HasSuffix(head, "e.g.") || strings.HasSuffix(head, "i.e.") {
				continue
			}
			end = i + 1
			break scan
		case ':':
			if depth == 0 && i+1 < len(s) && s[i+1] == '\n' {
				end = i + 1
				break scan
			}
		}
	}
	return strings.Join(strings.Fields(s[:end]), " ")
}

// wrap breaks s into lines of at most width bytes at spaces (a longer
// word keeps its own line).
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}
