package mod

import (
	"path"
	"strings"
)

// Compiled names what GUTS compiles a text source into.
type Compiled uint8

const (
	NotSource Compiled = iota // not a text source GUTS compiles
	BINDAT                    // .DAT .TEMPLATE .ANIMATION .HIE → FOO.DAT.BINDAT
	BINLAYOUT                 // .LAYOUT → FOO.LAYOUT.BINLAYOUT
)

// String is "BINDAT", "BINLAYOUT" or "" (NotSource).
func (c Compiled) String() string {
	switch c {
	case BINDAT:
		return "BINDAT"
	case BINLAYOUT:
		return "BINLAYOUT"
	}
	return ""
}

// sources is the one list of TL2's text-source extensions (issue 45: it
// was written in eight places): each with what it compiles to and the
// file type the .MOD's manifest gives it. Everything that asks "is this a
// text source" calls SourceKind; typeByExt takes its rows from here.
var sources = []struct {
	ext  string
	to   Compiled
	kind FileType
}{
	{".DAT", BINDAT, TypeDAT},
	{".TEMPLATE", BINDAT, TypeDAT},
	{".ANIMATION", BINDAT, TypeAnimation},
	{".HIE", BINDAT, TypeHIE},
	{".LAYOUT", BINLAYOUT, TypeLayout},
}

// SourceKind says what the text source name (a path or a bare name, any
// case) compiles into, or NotSource.
func SourceKind(name string) Compiled {
	ext := strings.ToUpper(path.Ext(name))
	for _, s := range sources {
		if s.ext == ext {
			return s.to
		}
	}
	return NotSource
}

// CompiledKind is SourceKind that also names the compiled files
// themselves: FOO.BINDAT is BINDAT, FOO.BINLAYOUT is BINLAYOUT.
func CompiledKind(name string) Compiled {
	switch strings.ToUpper(path.Ext(name)) {
	case ".BINDAT":
		return BINDAT
	case ".BINLAYOUT":
		return BINLAYOUT
	}
	return SourceKind(name)
}

// SourceExts lists the text-source extensions, upper case (".DAT", …),
// for messages and tables built from the one list.
func SourceExts() []string {
	out := make([]string, len(sources))
	for i, s := range sources {
		out[i] = s.ext
	}
	return out
}
