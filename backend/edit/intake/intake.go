package intake

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/settings"
)

// MaxSource caps the source bytes one conversion reads.
const MaxSource = 256 << 20

// Converted is one source after conversion.
type Converted struct {
	// Data is what to store; nil means the source's bytes, unchanged.
	Data []byte
	// Label says what ran, for the change list ("" when nothing did).
	Label string
	// Warnings are the conversion's non-fatal findings ("file:line: …").
	Warnings []string
}

// Conversion is one converted write, as the change list shows it.
type Conversion struct {
	Path  string `json:"path"`
	Label string `json:"label"`
	From  int64  `json:"from"` // bytes given (-1: an entry rebuilt from others)
	To    int64  `json:"to"`   // bytes stored
	// Warnings are what the conversion reported without refusing.
	Warnings []string `json:"warnings,omitempty"`
}

func (c Conversion) String() string {
	if c.From < 0 {
		return fmt.Sprintf("%s: %s (%d bytes)", c.Path, c.Label, c.To)
	}
	return fmt.Sprintf("%s: %s (%d → %d bytes)", c.Path, c.Label, c.From, c.To)
}

// compiles says whether text written into a compiles: the game reads the
// family's TL2 data compiled (a .MOD, DATA.PAK).
func compiles(a archive.Archive) bool { return a.Capabilities().CompilesSources }

// Applies says whether a write of entry into a may be converted: only
// then are the source's bytes read before the write.
func Applies(a archive.Archive, entry string) bool {
	return CompilesText(a, entry) || isDDSName(entry) || isBTX(a, entry) || keepsTextEntry(a, entry)
}

func isSourceName(entry string) bool { return modpack.IsSourceName(entry) }

// ReadSource reads a source file, capped at MaxSource.
func ReadSource(src string) ([]byte, error) {
	f, err := os.Open(src)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxSource+1))
	if err != nil {
		return nil, fmt.Errorf("%s: reading at offset %d: %w", src, len(b), err)
	}
	if len(b) > MaxSource {
		return nil, fmt.Errorf("%s: larger than %d bytes", src, MaxSource)
	}
	return b, nil
}

// Convert converts b, the bytes the user gives for entry of a (display
// names them in messages: the user's file). A source that cannot be
// converted is an *archive.EntryError naming the entry, its message the
// converter's ("edited.dat:12: …").
//
// A number that is not what it says is stored with a warning, or refused
// when the packStrictNumbers setting is on (as pack does).
func Convert(a archive.Archive, entry, display string, b []byte) (Converted, error) {
	return ConvertContext(context.Background(), a, entry, display, b)
}

// StrictSetting is the packStrictNumbers setting: numbers that are not
// what they say are refused by every write, not only pack.
func StrictSetting() bool { return settings.Load().Get().PackStrictNumbers }

// ConvertContext is Convert that stops a texture's encoding when ctx ends
// (a 4096² BC7 is seconds of work), returning ctx's error.
func ConvertContext(ctx context.Context, a archive.Archive, entry, display string, b []byte) (Converted, error) {
	return convert(ctx, a, entry, display, b, StrictSetting())
}

func convert(ctx context.Context, a archive.Archive, entry, display string, b []byte, strict bool) (Converted, error) {
	refuse := func(err error) (Converted, error) {
		return Converted{}, &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: fmt.Errorf("not written: %w", err)}
	}
	if compiles(a) && modpack.IsSourceName(entry) {
		if k := render.CompiledKind(archive.Entry{Path: entry}, b); k != "" {
			return Converted{}, nil // compiled already: stored as it is
		}
		c, err := modpack.CompileSource(entry, display, b, strict)
		if err != nil {
			return refuse(err)
		}
		out := Converted{Data: c.Data, Label: "compiled from text to " + c.Kind}
		for _, f := range c.Findings {
			out.Warnings = append(out.Warnings, f.String())
		}
		return out, nil
	}
	if k, ok := rawIndexKind(entry); ok && compiles(a) {
		c, _, err := compileRAW(k, display, b, strict)
		if err != nil {
			return refuse(err)
		}
		return c, nil
	}
	if isDDSName(entry) || isBTX(a, entry) {
		c, done, err := texture(ctx, a, entry, display, b)
		if ctx.Err() != nil {
			return Converted{}, ctx.Err() // a cancel, not a refusal of the source
		}
		if err != nil {
			return refuse(err)
		}
		if done {
			return c, nil
		}
	}
	if keepsTextEntry(a, entry) {
		c, done, err := reencodeText(a, entry, display, b)
		if err != nil {
			return refuse(err)
		}
		if done {
			return c, nil
		}
	}
	return Converted{}, nil
}

// ConvertFile is Convert of a file on disk.
func ConvertFile(a archive.Archive, entry, src string) (Converted, error) {
	b, err := ReadSource(src)
	if err != nil {
		return Converted{}, err
	}
	return Convert(a, entry, filepath.Base(src), b)
}

// Plan is edits ready for a Rewrite: converted sources written under a
// temporary folder, RAW indices rebuilt added.
type Plan struct {
	Edits       []archive.Edit
	Conversions []Conversion
}

// Prepare converts every replace and add of edits whose Convert is
// ConvertAuto, writing the converted bytes to files under tmp, and then
// rebuilds the RAW indices the edits touch (RebuildRAW). Nothing is
// written into the archive; an error refuses the whole list.
func Prepare(ctx context.Context, a archive.Archive, edits []archive.Edit, tmp string) (Plan, error) {
	pl := Plan{Edits: make([]archive.Edit, 0, len(edits))}
	for i, e := range edits {
		if err := ctx.Err(); err != nil {
			return Plan{}, err
		}
		strict := e.Convert == archive.ConvertStrict
		if strict {
			e.Convert = archive.ConvertAuto // what the archive's writer knows
		}
		if e.Convert != archive.ConvertAuto || (e.Op != archive.EditReplace && e.Op != archive.EditAdd) || e.Source == "" || !Applies(a, e.Path) {
			pl.Edits = append(pl.Edits, e)
			continue
		}
		b, err := ReadSource(e.Source)
		if err != nil {
			return Plan{}, err
		}
		c, err := convert(ctx, a, e.Path, filepath.Base(e.Source), b, strict || StrictSetting())
		if err != nil {
			return Plan{}, err
		}
		if c.Data != nil {
			dst := filepath.Join(tmp, fmt.Sprintf("converted-%d-%s", i, safeBase(e.Path)))
			if err := os.WriteFile(dst, c.Data, 0o600); err != nil {
				return Plan{}, err
			}
			e.Source = dst
			pl.Conversions = append(pl.Conversions, Conversion{Path: e.Path, Label: c.Label, From: int64(len(b)), To: int64(len(c.Data)), Warnings: c.Warnings})
		}
		e.Convert = archive.ConvertDone
		pl.Edits = append(pl.Edits, e)
	}
	raws, convs, err := RebuildRAW(ctx, a, pl.Edits, tmp)
	if err != nil {
		return Plan{}, err
	}
	pl.Edits = append(pl.Edits, raws...)
	pl.Conversions = append(pl.Conversions, convs...)
	return pl, nil
}

// safeBase is an entry's last element, safe as part of a file name.
func safeBase(entry string) string {
	b := entry[strings.LastIndexAny(entry, `/\`)+1:]
	return strings.Map(func(r rune) rune {
		if r < 32 || strings.ContainsRune(`<>:"/\|?*`, r) {
			return '_'
		}
		return r
	}, b)
}
