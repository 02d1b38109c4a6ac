package dattext

import (
	"fmt"
	"unicode/utf8"
)

// Excerpt is text for a message: s whole when it is at most max bytes,
// else its first max bytes (cut on a character boundary), "…" and its
// length. A value or a name comes from a file: a 100 KB number or a 10 MB
// title was repeated whole in every warning and report line.
func Excerpt(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
