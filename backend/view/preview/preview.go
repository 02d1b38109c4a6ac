package preview

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // decoders for image.Decode
	_ "image/jpeg"
	_ "image/png"
	"io"
	"path"
	"strings"
	"sync"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/view/kind"
)

// View names the ways an entry can be shown.
type View string

const (
	ViewText  View = "text"
	ViewImage View = "image"
	ViewHex   View = "hex"
	ViewAudio View = "audio" // played by the window from /api/audio (audio.go)
)

// Renderer adds a view for some entries: an image (textures, walk grids) or
// text (decompiled binaries). Exactly one of Image and Text is set.
type Renderer struct {
	Name  string // shown in the window: "DDS texture", "walk grid", "decompiled BINDAT"
	Match func(e archive.Entry, head []byte) bool
	// Image decodes the entry with the view's options (mip, face, scale)
	// and caps from the budget in o. The meta is the renderer's own
	// struct (ImageMeta, meta.go).
	Image func(r io.Reader, e archive.Entry, o Options) (image.Image, ImageMeta, error)
	// Text turns the entry into readable text.
	Text func(r io.Reader, e archive.Entry) (string, error)
	// Need, when set, is what Image holds at its peak (the decoded
	// pixels and the decoder's own buffers, not the entry's bytes), from
	// the head alone: the memory budget (backend/sys/limits) is taken for it
	// before decoding. An error refuses the entry (a header that cannot
	// be read is left to Image to report: return 0, nil).
	Need func(e archive.Entry, head []byte, o Options) (int64, error)
}

// Options are one picture's: what the view asks for (mip, face, slice, z,
// scale, overlay, legend) and the memory budget decoding takes from (nil:
// a default one of its own, see backend/sys/limits).
type Options struct {
	View   map[string]string
	Budget *limits.Budget
}

// Need is what decoding an entry with head as its start takes from the
// memory budget: its renderer's Need, or 0.
func Need(e archive.Entry, head []byte, o Options) (int64, error) {
	r, ok := Find(e, head)
	if !ok || r.Image == nil || r.Need == nil {
		return 0, nil
	}
	return r.Need(e, head, o)
}

var (
	regMu     sync.RWMutex
	renderers []Renderer
)

// Register adds a renderer; later registrations are tried first.
func Register(r Renderer) {
	regMu.Lock()
	defer regMu.Unlock()
	renderers = append([]Renderer{r}, renderers...)
}

// Find returns the first renderer matching the entry.
func Find(e archive.Entry, head []byte) (Renderer, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	for _, r := range renderers {
		if r.Match(e, head) {
			return r, true
		}
	}
	return Renderer{}, false
}

func init() {
	// PNG, JPEG and GIF through the standard library.
	Register(Renderer{
		Name: "image",
		Match: func(e archive.Entry, head []byte) bool {
			return bytes.HasPrefix(head, []byte("\x89PNG")) || bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}) ||
				bytes.HasPrefix(head, []byte("GIF8"))
		},
		Need: func(_ archive.Entry, head []byte, o Options) (int64, error) { return stdImageNeed(head, o.Budget) },
		Image: func(r io.Reader, e archive.Entry, o Options) (image.Image, ImageMeta, error) {
			// The header first: a 69-byte PNG may claim 10^12 pixels, which
			// image.Decode would allocate before reading a single one.
			var head bytes.Buffer
			if _, err := stdImageNeedFrom(io.TeeReader(r, &head), o.Budget); err != nil {
				return nil, nil, err
			}
			img, format, err := image.Decode(io.MultiReader(&head, r))
			if err != nil {
				return nil, nil, err
			}
			b := img.Bounds()
			return img, &StdImageMeta{Format: strings.ToUpper(format), Width: b.Dx(), Height: b.Dy()}, nil
		},
	})
}

// Description says how an entry will be shown.
type Description struct {
	Path     string `json:"path"`
	Size     int64  `json:"size"`
	Kind     string `json:"kind"`
	Views    []View `json:"views"` // available, best first
	Renderer string `json:"renderer,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	Extra    *Extra `json:"extra,omitempty" ts_type:"{[key: string]: any}"`
}

// Extra is what the preview shows beside an entry: the family's typed
// fields (archive.Entry.Extra) and, in the window, a note of a pending
// change ("pending replace: compiled from text to BINDAT"). Its JSON is
// one object, the family's fields with "pending" among them.
type Extra struct {
	Entry   archive.EntryExtra
	Pending string
}

func (x Extra) MarshalJSON() ([]byte, error) {
	obj := []byte("{}")
	if x.Entry != nil {
		b, err := json.Marshal(x.Entry)
		if err != nil {
			return nil, err
		}
		obj = b
	}
	if x.Pending == "" {
		return obj, nil
	}
	note, err := json.Marshal(x.Pending)
	if err != nil {
		return nil, err
	}
	obj = bytes.TrimSpace(obj)
	if len(obj) < 2 || obj[0] != '{' {
		return nil, fmt.Errorf("entry extra %T is not a JSON object", x.Entry)
	}
	out := append([]byte(nil), obj[:len(obj)-1]...)
	if len(obj) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"pending":`...)
	out = append(out, note...)
	return append(out, '}'), nil
}

// HeadSize is how much of an entry Describe reads to decide.
const HeadSize = 4096

// Describe reads the start of an entry and lists its views.
func Describe(a archive.Archive, e archive.Entry) (Description, error) {
	rc, err := a.Open(e.Path)
	if err != nil {
		return Description{}, err
	}
	head, err := io.ReadAll(io.LimitReader(rc, HeadSize))
	rc.Close()
	if err != nil {
		return Description{}, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: int64(len(head)), Err: err}
	}
	d := Description{Path: e.Path, Size: e.Size, Kind: e.Kind}
	if e.Extra != nil {
		d.Extra = &Extra{Entry: e.Extra}
	}
	if AudioType(e.Path, head) != "" {
		d.Views = append(d.Views, ViewAudio)
	}
	if r, ok := Find(e, head); ok {
		d.Renderer = r.Name
		if r.Image != nil {
			d.Views = append(d.Views, ViewImage)
		} else {
			d.Views = append(d.Views, ViewText)
		}
	} else if t, ok := DecodeText(head); ok && (len(head) > 0 || e.Kind == kind.Text) {
		d.Views = append(d.Views, ViewText)
		d.Encoding = t.Encoding
	}
	d.Views = append(d.Views, ViewHex)
	return d, nil
}

// MaxText caps the text view; the hex view shows the rest.
const MaxText = 4 << 20

// RenderText returns the text view of an entry: a renderer's text when one
// matches, else the decoded bytes.
func RenderText(a archive.Archive, e archive.Entry) (Text, error) {
	rc, err := a.Open(e.Path)
	if err != nil {
		return Text{}, err
	}
	defer rc.Close()
	br := newHeadReader(rc)
	if r, ok := Find(e, br.head()); ok && r.Text != nil {
		s, err := r.Text(br, e)
		if err != nil {
			return Text{}, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("%s: %w", r.Name, err)}
		}
		return Text{Text: s, Encoding: r.Name}, nil
	}
	b, err := io.ReadAll(io.LimitReader(br, MaxText+1))
	if err != nil {
		return Text{}, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: int64(len(b)), Err: err}
	}
	trunc := len(b) > MaxText
	if trunc {
		b = b[:MaxText]
	}
	t, ok := DecodeText(b)
	if !ok {
		return Text{}, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("not text (binary bytes); use the hex view")}
	}
	t.Truncated = trunc
	return t, nil
}

// RenderImage decodes an entry to an image through the matching renderer.
func RenderImage(a archive.Archive, e archive.Entry, o Options) (image.Image, ImageMeta, error) {
	rc, err := a.Open(e.Path)
	if err != nil {
		return nil, nil, err
	}
	defer rc.Close()
	br := newHeadReader(rc)
	r, ok := Find(e, br.head())
	if !ok || r.Image == nil {
		return nil, nil, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1,
			Err: fmt.Errorf("no image view for %s files", strings.ToUpper(path.Ext(e.Path)))}
	}
	need, err := Need(e, br.head(), o)
	if err != nil {
		return nil, nil, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("%s: %w", r.Name, err)}
	}
	release, err := o.Budget.Take("decoding it", need)
	if err != nil {
		return nil, nil, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("%s: %w (%s)", r.Name, err, limits.Hint)}
	}
	defer release()
	img, meta, err := r.Image(br, e, o)
	if err != nil {
		return nil, nil, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("%s: %w", r.Name, err)}
	}
	return img, meta, nil
}

// headReader peeks at the start of a stream without losing it.
type headReader struct {
	buf []byte
	r   io.Reader
}

func newHeadReader(r io.Reader) *headReader {
	h := &headReader{r: r}
	b := make([]byte, HeadSize)
	n, _ := io.ReadFull(r, b)
	h.buf = b[:n]
	return h
}

func (h *headReader) head() []byte { return h.buf }

func (h *headReader) Read(p []byte) (int, error) {
	if len(h.buf) > 0 {
		n := copy(p, h.buf)
		h.buf = h.buf[n:]
		return n, nil
	}
	return h.r.Read(p)
}
