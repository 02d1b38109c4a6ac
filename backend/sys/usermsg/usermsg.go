// Package usermsg words error text for players: codec errors carry their
// Go package's name as a prefix ("mppbake: no room piece with collision
// geometry"), which is right inside the program and noise on a screen.
// Plain removes those prefixes where a message reaches the user (pack,
// bake and verify summaries, findings and errors).
package usermsg

import (
	"regexp"
	"slices"
	"strings"
)

// prefix matches a package prefix at the start of a message or after
// another part's ": " ("X.LAYOUT: mppbake: …"). Only the names of this
// program's codec and pipeline packages (and BINLAYOUT's decoder name),
// so "the mod: …" or a file name "A: B" stay as they are.
var prefix = regexp.MustCompile(`(^|: )(?:` + strings.Join(prefixNames, "|") + `): `)

var prefixNames = []string{"mppbake", "mpp", "mesh", "binlayout", "layout", "dattext", "bindat", "raw", "mod", "modpack", "levelbake", "tl2game", "rghash"}

// mayHavePrefix says whether some ": " in s follows one of prefixNames:
// only then can prefix match (the regexp costs far more than this look,
// and a pack words thousands of findings that have no prefix).
func mayHavePrefix(s string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], ": ")
		if j < 0 {
			return false
		}
		j += i
		k := j
		for k > 0 && ('a' <= s[k-1] && s[k-1] <= 'z' || '0' <= s[k-1] && s[k-1] <= '9') {
			k--
		}
		if slices.Contains(prefixNames, s[k:j]) {
			return true
		}
		i = j + 2
	}
}

// Plain is s without package prefixes.
func Plain(s string) string {
	if !mayHavePrefix(s) {
		return s
	}
	for {
		t := prefix.ReplaceAllString(s, "$1")
		if t == s {
			return s
		}
		s = t
	}
}

// Error wraps err so that its text is Plain; errors.Is and errors.As see
// through it. nil stays nil.
func Error(err error) error {
	if err == nil {
		return nil
	}
	if Plain(err.Error()) == err.Error() {
		return err
	}
	return &plainError{err}
}

type plainError struct{ err error }

func (e *plainError) Error() string { return Plain(e.err.Error()) }
func (e *plainError) Unwrap() error { return e.err }
