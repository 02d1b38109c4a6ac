// Package convert writes archive entries in the form a modder reads them:
// compiled Torchlight II data (BINDAT, BINLAYOUT, RAW) decompiled to text,
// textures (DDS, TGA, btx) and walk grids (.MPP) as PNG. It plugs into
// backend/export/extract as its Converter, so an export has extract's guarantees
// (staging folder, nothing half-written, names that escape refused,
// existing files refused without Overwrite), and serves "Save preview as…".
//
// Names. A decompiled entry is written under its source's name: an entry
// that holds BINDAT or BINLAYOUT bytes under a source name (X.DAT,
// X.LAYOUT, as GUTS stores them in a .MOD) keeps that name, and the
// .BINDAT/.BINLAYOUT that GUTS's own output folders add is dropped
// (X.DAT.BINDAT → X.DAT). The text is exactly what `packsmith decompile
// … -o` writes: BINDAT and BINLAYOUT as GUTS writes sources (UTF-16LE
// with BOM, CRLF), which `packsmith compile` turns back into the same data.
// A RAW index has no GUTS source: its table (UTF-8, aligned columns) is
// written beside the name, X.RAW → X.RAW.txt. A PNG is written under the
// entry's name with .png added (X.DDS → X.DDS.png, X.MPP → X.MPP.png), so
// X.DDS and X.TGA never meet. Textures are the full-size image (mip 0,
// face 0); walk grids one pixel per cell, without the legend.
//
// An entry that cannot be converted (a truncated texture, a damaged
// BINDAT) is written as it is, under its own name, and listed in the
// result's Kept with the reason; a text source (.DAT text) is copied.
package convert

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/export/extract"
	"packsmith/backend/sys/limits"
	"packsmith/backend/view/content"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/jobs"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// Options choose what is converted.
type Options struct {
	Decompile bool `json:"decompile"` // BINDAT, BINLAYOUT, RAW → text
	PNG       bool `json:"png"`       // textures and walk grids → PNG
	Overwrite bool `json:"overwrite"` // replace files in the target folder
	// Budget is what conversions take their memory from, entries converted
	// at once adding up (the command's or the window's; nil: a default one
	// for each entry, backend/sys/limits).
	Budget *limits.Budget `json:"-"`
}

// MaxImageBytes caps what one texture or grid conversion reads.
const MaxImageBytes = 256 << 20

// ExtractOptions are extract's options for an export.
func ExtractOptions(o Options) extract.Options {
	x := extract.Options{Overwrite: o.Overwrite}
	if o.Decompile || o.PNG {
		x.Convert = func(e archive.Entry) (string, extract.Converter) { return Plan(e, o) }
	}
	return x
}

// IsRAW says whether an entry is one of the RAW indices.
func IsRAW(e archive.Entry) bool {
	_, ok := raw.KindOf(e.Path)
	return ok && (e.Kind == render.KindRAW || strings.EqualFold(path.Ext(e.Path), ".raw"))
}

// mayDecompile says, from the name and kind alone, whether an entry may
// hold compiled data (its bytes decide).
func mayDecompile(e archive.Entry) bool {
	return e.Kind == render.KindBINDAT || e.Kind == render.KindBINLAYOUT || IsRAW(e) ||
		mod.CompiledKind(e.Path) != mod.NotSource
}

// DecompiledName is where an entry's decompiled text goes.
func DecompiledName(e archive.Entry) string {
	if IsRAW(e) {
		return e.Path + ".txt"
	}
	for _, x := range []string{".bindat", ".binlayout"} {
		if strings.HasSuffix(strings.ToLower(e.Path), x) && len(e.Path) > len(x) {
			return e.Path[:len(e.Path)-len(x)]
		}
	}
	return e.Path
}

// PNGName is where an entry's PNG goes.
func PNGName(e archive.Entry) string { return e.Path + ".png" }

// Plan says where and how an entry is exported: its name and converter,
// or ("", nil) to copy it.
func Plan(e archive.Entry, o Options) (string, extract.Converter) {
	switch {
	case o.Decompile && mayDecompile(e):
		return DecompiledName(e), func(r io.Reader) (extract.Converted, error) { return decompile(r, e, o.Budget) }
	case o.PNG && content.MayRender(e):
		return PNGName(e), func(r io.Reader) (extract.Converted, error) { return renderPNG(r, e, o.Budget) }
	}
	return "", nil
}

// keepRest writes an entry too big to convert whole: the bytes read so
// far, then the rest streamed as it is written (never held in memory).
func keepRest(b []byte, r io.Reader, why string) (extract.Converted, error) {
	return extract.Converted{Bytes: b, Rest: r, Keep: true, Why: why}, nil
}

// sumBytes adds sizes, or gives -1 when one is negative or the sum is
// absurd.
func sumBytes(v ...int64) int64 {
	var s int64
	for _, x := range v {
		if x < 0 || x > 1<<60 || s > 1<<60 {
			return -1
		}
		s += x
	}
	return s
}

func head(b []byte) []byte { return b[:min(len(b), preview.HeadSize)] }

// Decompiled is the text of compiled bytes b of entry e, as `packsmith
// decompile` writes it; ok is false when b is not compiled TL2 data (a
// text source, say).
func Decompiled(e archive.Entry, b []byte) (text []byte, ok bool, err error) {
	k := render.CompiledKind(e, head(b))
	if k == "" {
		return nil, false, nil
	}
	t, err := render.Decompile(k, e.Path, b)
	if err != nil {
		return nil, true, fmt.Errorf("%s: %w", k, err)
	}
	return t, true, nil
}

func decompile(r io.Reader, e archive.Entry, budget *limits.Budget) (extract.Converted, error) {
	if e.Size > render.MaxCompiled {
		return keepRest(nil, r, fmt.Sprintf("larger than %d bytes: not decompiled", render.MaxCompiled))
	}
	// The entry's bytes, its parse and its text: a few times its size,
	// taken from the command's budget (other entries wait their turn).
	size := e.Size
	if size < 0 {
		size = render.MaxCompiled
	}
	if need := 4 * size; need > budget.Bytes() {
		err := &limits.OverError{What: "decompiling it", Need: need, Limit: budget.Bytes()}
		return keepRest(nil, r, fmt.Sprintf("not decompiled: %v (%s)", err, limits.Hint))
	}
	release, err := budget.Wait(extract.Context(r), "decompiling it", 4*size)
	if err != nil {
		return extract.Converted{}, err
	}
	defer release()
	b, big, err := content.ReadCapped(r, render.MaxCompiled)
	if err != nil {
		return extract.Converted{}, err
	}
	if big {
		return keepRest(b, r, fmt.Sprintf("larger than %d bytes: not decompiled", render.MaxCompiled))
	}
	t, ok, err := Decompiled(e, b)
	switch {
	case err != nil:
		return extract.Converted{Bytes: b, Keep: true, Why: "not decompiled: " + err.Error()}, nil
	case !ok:
		why := ""
		if _, text := preview.DecodeText(head(b)); !text {
			why = "not BINDAT, BINLAYOUT or RAW data"
		}
		return extract.Converted{Bytes: b, Keep: true, Why: why}, nil
	}
	return extract.Converted{Bytes: t}, nil
}

// Render draws a texture or walk grid entry's bytes as the export does:
// full size, mip 0; grids one pixel per cell without the legend. opts
// override (mip, face, scale, overlay); the decoding takes from o's budget.
func Render(e archive.Entry, b []byte, po preview.Options) (image.Image, error) {
	opts := po.View
	rd, ok := preview.Find(e, head(b))
	if !ok || rd.Image == nil {
		return nil, fmt.Errorf("no image view for %s files", strings.ToUpper(path.Ext(e.Path)))
	}
	o := map[string]string{"legend": "0"}
	for k, v := range opts {
		o[k] = v
	}
	img, _, err := rd.Image(bytes.NewReader(b), e, preview.Options{View: o, Budget: po.Budget})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rd.Name, err)
	}
	return img, nil
}

// EncodePNG encodes an image as PNG.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encoding PNG: %w", err)
	}
	return buf.Bytes(), nil
}

func renderPNG(r io.Reader, e archive.Entry, budget *limits.Budget) (extract.Converted, error) {
	ctx := extract.Context(r)
	// The head says what decoding takes; the entry's bytes, the image and
	// the PNG are then taken from the command's budget for as long as they
	// live, so entries converted at once add up and wait their turn.
	hb := make([]byte, preview.HeadSize)
	n, err := io.ReadFull(r, hb)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return extract.Converted{}, fmt.Errorf("reading at offset %d: %w", n, err)
	}
	hb = hb[:n]
	need, err := preview.Need(e, hb, preview.Options{View: map[string]string{"legend": "0"}, Budget: budget})
	if err != nil {
		return keepRest(hb, r, "not converted to PNG: "+err.Error())
	}
	size := max(e.Size, int64(len(hb)))
	if size > MaxImageBytes {
		return keepRest(hb, r, fmt.Sprintf("larger than %d bytes: not converted to PNG", MaxImageBytes))
	}
	total := sumBytes(size, need, need/2) // bytes, image, PNG
	if total < 0 || total > budget.Bytes() {
		err := &limits.OverError{What: "converting it to PNG", Need: total, Limit: budget.Bytes()}
		return keepRest(hb, r, fmt.Sprintf("not converted to PNG: %v (%s)", err, limits.Hint))
	}
	release, err := budget.Wait(ctx, "converting it to PNG", total)
	if err != nil {
		return extract.Converted{}, err
	}
	b, big, err := content.ReadSized(io.MultiReader(bytes.NewReader(hb), r), e.Size, MaxImageBytes)
	if err != nil {
		release()
		return extract.Converted{}, err
	}
	if big {
		release()
		return keepRest(b, r, fmt.Sprintf("larger than %d bytes: not converted to PNG", MaxImageBytes))
	}
	// Decoding and encoding check no context: detached, a cancel is
	// honoured at once; the budget is given back when they are done.
	return jobs.Detach(ctx, func() (extract.Converted, error) {
		defer release()
		img, err := Render(e, b, preview.Options{Budget: budget})
		if err != nil {
			return extract.Converted{Bytes: b, Keep: true, Why: "not converted to PNG: " + err.Error()}, nil
		}
		out, err := EncodePNG(img)
		if err != nil {
			return extract.Converted{}, err
		}
		return extract.Converted{Bytes: out}, nil
	})
}
