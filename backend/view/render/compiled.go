package render

import (
	"encoding/binary"
	"fmt"
	"io"
	"path"
	"strings"
	"sync"

	"packsmith/backend/archive"
	"packsmith/backend/tl2/tl2names"
	"packsmith/backend/view/preview"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/rghash"
)

// Kinds of compiled TL2 data, as drivers name them in Entry.Kind.
const (
	KindBINDAT    = "BINDAT"
	KindBINLAYOUT = "BINLAYOUT"
	KindRAW       = "RAW"
)

// MaxCompiled caps what a decompiled view reads; GUTS's largest files are
// a few megabytes.
const MaxCompiled = 64 << 20

func init() {
	preview.Register(preview.Renderer{Name: "RAW table", Match: matchCompiled(KindRAW), Text: textRenderer(KindRAW)})
	preview.Register(preview.Renderer{Name: "decompiled BINLAYOUT", Match: matchCompiled(KindBINLAYOUT), Text: textRenderer(KindBINLAYOUT)})
	preview.Register(preview.Renderer{Name: "decompiled BINDAT", Match: matchCompiled(KindBINDAT), Text: textRenderer(KindBINDAT)})
}

// compiledFrom: the kind a source (or compiled) name's bytes become, or
// "" (formats/tl2/mod holds the one list of text sources).
func compiledFrom(name string) string { return mod.CompiledKind(name).String() }

// looksBINDAT: the u32 version 2 (02 00 00 00); a text source starts with
// a BOM or '[' instead.
func looksBINDAT(head []byte) bool {
	return len(head) >= 8 && binary.LittleEndian.Uint32(head) == bindat.Version
}

// looksBINLAYOUT: magic 0x0B, a version byte (4, or 54 in GUTS's own
// menus), a datagroup offset that is 0 or past the header.
func looksBINLAYOUT(head []byte) bool {
	if len(head) < 8 || head[0] != layout.Magic || (head[1] != 4 && head[1] != 54) {
		return false
	}
	off := binary.LittleEndian.Uint32(head[2:])
	return off == 0 || off >= 8
}

func isText(head []byte) bool {
	if len(head) == 0 {
		return true
	}
	return preview.LooksText(head)
}

// CompiledKind says which compiled TL2 form an entry holds, or "" (text
// sources included). Bytes decide first; the kind a driver gave (from the
// TL2 type code) and the name decide when the bytes are neither compiled
// nor text, so the preview can say why decompiling fails.
func CompiledKind(e archive.Entry, head []byte) string {
	if _, ok := raw.KindOf(e.Path); ok && (e.Kind == KindRAW || ext(e.Path) == ".raw") {
		return KindRAW
	}
	want := compiledFrom(e.Path)
	if e.Kind == KindBINDAT || e.Kind == KindBINLAYOUT {
		want = e.Kind
	}
	switch {
	case want == "":
		return ""
	case want == KindBINDAT && looksBINDAT(head), want == KindBINLAYOUT && looksBINLAYOUT(head):
		return want
	case looksBINDAT(head) && compiledFrom(e.Path) == KindBINDAT:
		return KindBINDAT // a driver's kind can be wrong; a .DAT with BINDAT bytes is one
	case looksBINLAYOUT(head) && compiledFrom(e.Path) == KindBINLAYOUT:
		return KindBINLAYOUT
	case isText(head):
		return "" // a real text source: the plain text view shows it
	case e.Kind == want || ext(e.Path) == ".bindat" || ext(e.Path) == ".binlayout":
		return want
	}
	return ""
}

func matchCompiled(k string) func(archive.Entry, []byte) bool {
	return func(e archive.Entry, head []byte) bool { return CompiledKind(e, head) == k }
}

var (
	dictOnce sync.Once
	dict     *rghash.Dictionary
)

// names loads the rg_hash dictionary once; without it names show as
// UNK_<HEX8>, which still compile back to the same bytes.
func names() *rghash.Dictionary {
	dictOnce.Do(func() { dict, _ = tl2names.Default() })
	return dict
}

// Decompile turns compiled bytes of kind k into text: BINDAT and BINLAYOUT
// as GUTS writes their sources (UTF-16LE with BOM, CRLF; compiling it gives
// the same data back, a BINDAT's string ids aside), RAW as a UTF-8 table
// for reading.
func Decompile(k, name string, b []byte) ([]byte, error) {
	switch k {
	case KindBINDAT:
		// The root-name rule hashes the source's name: X.DAT for X.DAT.BINDAT.
		if strings.EqualFold(path.Ext(name), ".bindat") {
			name = name[:len(name)-len(".bindat")]
		}
		return bindat.DecompileText(path.Base(name), b, names())
	case KindBINLAYOUT:
		return layout.Decompile(b, layout.RootOf(name))
	case KindRAW:
		rk, ok := raw.KindOf(name)
		if !ok {
			return nil, fmt.Errorf("%s: not one of the RAW indices (%s)", name, rawNames())
		}
		f, err := raw.Decode(rk, b)
		if err != nil {
			return nil, err
		}
		return RAWText(f), nil
	}
	return nil, fmt.Errorf("%s: not compiled TL2 data (BINDAT, BINLAYOUT or RAW)", name)
}

func rawNames() string {
	var s []string
	for _, k := range raw.Kinds {
		s = append(s, k.FileName())
	}
	return strings.Join(s, ", ")
}

// RAWText lays a RAW index out as aligned columns under a one-line summary
// (raw.Text, which raw.ParseText compiles back).
func RAWText(f *raw.File) []byte { return raw.Text(f) }

func readCapped(r io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxCompiled+1))
	if err != nil {
		return nil, fmt.Errorf("reading at offset %d: %w", len(b), err)
	}
	if len(b) > MaxCompiled {
		return nil, fmt.Errorf("larger than %d bytes; too big to decompile for a preview", MaxCompiled)
	}
	return b, nil
}

func textRenderer(k string) func(io.Reader, archive.Entry) (string, error) {
	return func(r io.Reader, e archive.Entry) (string, error) {
		b, err := readCapped(r)
		if err != nil {
			return "", err
		}
		out, err := Decompile(k, e.Path, b)
		if err != nil {
			return "", err
		}
		t, ok := preview.DecodeText(out)
		if !ok {
			return "", fmt.Errorf("decompiled text is not valid text")
		}
		return t.Text, nil
	}
}
