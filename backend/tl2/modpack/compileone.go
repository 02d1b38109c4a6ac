package modpack

import (
	"errors"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
)

// Compiled is one text source compiled outside a pack, by the code a pack
// compiles with (an edit written into an archive: backend/edit/intake).
type Compiled struct {
	// Kind is "BINDAT" or "BINLAYOUT".
	Kind string
	// Data is the compiled bytes.
	Data []byte
	// Dat and Layout are the parsed source, kept for the RAW indices when
	// the entry is one they read (as a pack keeps them); nil otherwise.
	Dat    *dattext.Node
	Layout *layout.Layout
	// Findings are the compile's warnings (no errors: those fail).
	Findings []Finding
}

// CompileError is a source that does not compile: every error finding,
// each "file:line: message".
type CompileError struct{ Findings []Finding }

func (e *CompileError) Error() string {
	var s []string
	for _, f := range e.Findings {
		if f.Severity == SevError {
			s = append(s, f.String())
		}
	}
	if len(s) == 0 {
		return "does not compile"
	}
	return strings.Join(s, "; ")
}

// ErrNotSource is returned by CompileSource for a name a pack does not
// compile (not .DAT, .TEMPLATE, .ANIMATION, .HIE or .LAYOUT).
var ErrNotSource = errors.New("not a TL2 text source (.DAT, .TEMPLATE, .ANIMATION, .HIE, .LAYOUT)")

// IsSourceName says whether a pack compiles an entry of this name.
func IsSourceName(entry string) bool {
	f := srcFile{name: mod.UpperName(entry)}
	f.classify()
	return f.kind == kindBINDAT || f.kind == kindLayout
}

// CompileSource compiles src, the text of entry (a "MEDIA/…" path: the
// BINDAT root rule hashes its file name, and the RAW folders go by it),
// exactly as Pack compiles that file. display names the source in
// findings ("" for entry): the user's file, so that a message reads
// "edited.dat:12: …". strict is Options.StrictNumbers.
func CompileSource(entry, display string, src []byte, strict bool) (*Compiled, error) {
	if display == "" {
		display = entry
	}
	f := &srcFile{rel: entry, name: mod.UpperName(entry), size: int64(len(src))}
	f.classify()
	if f.kind != kindBINDAT && f.kind != kindLayout {
		return nil, ErrNotSource
	}
	out := &compiled{src: src}
	compileFile(f, compileOpts{strict: strict}, out)
	for i := range out.findings {
		if out.findings[i].File == entry {
			out.findings[i].File = display
		}
	}
	if out.failed || (out.data == nil && len(src) > 0) {
		return nil, &CompileError{Findings: out.findings}
	}
	c := &Compiled{Kind: "BINDAT", Data: out.data, Dat: out.dat, Layout: out.lay, Findings: out.findings}
	if f.kind == kindLayout {
		c.Kind = "BINLAYOUT"
	}
	return c, nil
}
