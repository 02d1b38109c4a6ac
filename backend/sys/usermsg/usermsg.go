// Package usermsg words error text for players: codec errors carry their
// Go package's name as a prefix ("mppbake: no room piece with collision
// geometry"), which is right inside the program and noise on a screen.
// Plain removes those prefixes where a message reaches the user (pack,
// bake and verify summaries, findings and errors).
package usermsg

import (
	"regexp"
)

// prefix matches a package prefix at the start of a message or after
// another part's ": " ("X.LAYOUT: mppbake: …"). Only the names of this
// program's codec and pipeline packages (and BINLAYOUT's decoder name),
// so "the mod: …" or a file name "A: B" stay as they are.
var prefix = regexp.MustCompile(`(^|: )(?:mppbake|mpp|mesh|binlayout|layout|dattext|bindat|raw|mod|modpack|levelbake|tl2game|rghash): `)

// Plain is s without package prefixes.
func Plain(s string) string {
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
