package intake

import (
	"errors"
	"path"
	"regexp"
	"strconv"

	"packsmith/backend/archive"
	"packsmith/backend/tl2/modpack"
)

// Mark is one problem a write of the text would meet, at its line (0 when
// the message has none), for the window's editor to mark as you type.
type Mark struct {
	Line     int    `json:"line"`
	Severity string `json:"severity"` // "error" refuses the write; "warning" does not
	Message  string `json:"message"`
}

// lineOf finds "file:LINE: " in a message.
var lineOf = regexp.MustCompile(`:(\d+): `)

// Lint says what writing text as entry of a would report: the compile's
// errors and warnings for a TL2 source (modpack's compile, as the write
// runs it) or a RAW index's table (raw.Compile), an unencodable character for a text file that keeps its
// encoding. Nothing is written. An empty list means the write goes through.
func Lint(a archive.Archive, entry string, text []byte) []Mark {
	if k, ok := rawIndexKind(entry); ok && compiles(a) {
		return lintRAW(k, path.Base(entry), text, StrictSetting())
	}
	marks := []Mark{}
	if compiles(a) && modpack.IsSourceName(entry) {
		c, err := modpack.CompileSource(entry, path.Base(entry), text, StrictSetting())
		var ce *modpack.CompileError
		switch {
		case errors.As(err, &ce):
			for _, f := range ce.Findings {
				marks = append(marks, Mark{Line: f.Line, Severity: string(f.Severity), Message: f.Message})
			}
		case err != nil:
			marks = append(marks, Mark{Severity: "error", Message: err.Error()})
		default:
			for _, f := range c.Findings {
				marks = append(marks, Mark{Line: f.Line, Severity: string(f.Severity), Message: f.Message})
			}
		}
		return marks
	}
	c, _, err := EncodeLike(a, entry, path.Base(entry), string(text))
	if err != nil {
		m := Mark{Severity: "error", Message: err.Error()}
		if g := lineOf.FindStringSubmatch(m.Message); g != nil {
			m.Line, _ = strconv.Atoi(g[1])
		}
		marks = append(marks, m)
	}
	for _, w := range c.Warnings { // a lone surrogate the text cannot carry
		m := Mark{Severity: "warning", Message: w}
		if g := lineOf.FindStringSubmatch(w); g != nil {
			m.Line, _ = strconv.Atoi(g[1])
		}
		marks = append(marks, m)
	}
	return marks
}
