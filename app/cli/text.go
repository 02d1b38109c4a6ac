package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

func oneLine(s string) string { return escapeControls(strings.Join(strings.Fields(s), " ")) }

// escapeControls writes the control characters in s (an entry name with a
// newline or an ANSI escape sequence, from an untrusted archive) as Go
// escapes, \n and \x1b, so that printing a name cannot break a line or
// drive the terminal. Other characters, Korean and the rest, stay as they are.
func escapeControls(s string) string {
	clean := true
	for _, r := range s {
		if isControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			q := strconv.QuoteRune(r) // '\n', '\x1b', '\u009b'
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0) }

// printFields prints a JSON-able value as "key: value" lines, nested
// objects indented.
func printFields(w io.Writer, v any) error {
	b, err := marshalFinite(v)
	if err != nil {
		return err
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		return err
	}
	printValue(w, generic, "")
	return nil
}

func printValue(w io.Writer, v any, indent string) {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch val := t[k].(type) {
			case map[string]any, []any:
				if isEmpty(val) {
					fmt.Fprintf(w, "%s%s: (none)\n", indent, k)
					continue
				}
				fmt.Fprintf(w, "%s%s:\n", indent, k)
				printValue(w, val, indent+"  ")
			default:
				fmt.Fprintf(w, "%s%s: %s\n", indent, k, scalar(val))
			}
		}
	case []any:
		for _, item := range t {
			switch item.(type) {
			case map[string]any, []any:
				fmt.Fprintf(w, "%s-\n", indent)
				printValue(w, item, indent+"  ")
			default:
				fmt.Fprintf(w, "%s- %s\n", indent, scalar(item))
			}
		}
	default:
		fmt.Fprintf(w, "%s%s\n", indent, scalar(t))
	}
}

func isEmpty(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		return len(t) == 0
	case []any:
		return len(t) == 0
	}
	return false
}

func scalar(v any) string {
	switch t := v.(type) {
	case nil:
		return "-"
	case string:
		return t
	case float64:
		if t == float64(int64(t)) {
			return fmt.Sprintf("%d", int64(t))
		}
		return fmt.Sprint(t)
	}
	return fmt.Sprint(v)
}

func printNotes(c *ctx, notes []string) {
	for _, n := range notes {
		fmt.Fprintln(c.stdout, "  "+n)
	}
}
