package app

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"image"
	"image/png"
	"net/http"
	"strconv"
	"sync"

	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/jobs"
)

// A view's data never travels in a response header: WebKitGTK's legacy
// asset path (a build without a webkit2_* tag) drops every header and
// every non-200 status, and no test of the browser build would notice.
// So a picture is asked for with a bound call, which renders it once and
// answers with its metadata (sizes, mips, grid stats, the diff) and a
// one-shot URL; the page then fetches the PNG's bytes from that URL. An
// error is the bound call's error, with its full text.

// RenderedImage is a picture rendered for the window: its metadata and
// where to fetch the PNG (once).
type RenderedImage struct {
	URL  string            `json:"url"`
	Meta preview.ImageMeta `json:"meta" ts_type:"{[key: string]: any}"`
}

// maxRendered caps the rendered PNGs kept for fetching: a view that never
// fetches its picture (closed before) costs at most this many.
const maxRendered = 8

// renderedStore holds encoded PNGs until the page fetches them.
type renderedStore struct {
	mu    sync.Mutex
	order []string
	png   map[string][]byte
}

func (r *renderedStore) put(b []byte) string {
	var k [12]byte
	rand.Read(k[:])
	key := hex.EncodeToString(k[:])
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.png == nil {
		r.png = map[string][]byte{}
	}
	r.png[key] = b
	r.order = append(r.order, key)
	for len(r.order) > maxRendered {
		delete(r.png, r.order[0])
		r.order = r.order[1:]
	}
	return key
}

// take hands out a PNG once.
func (r *renderedStore) take(key string) ([]byte, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	b, ok := r.png[key]
	if !ok {
		return nil, false
	}
	delete(r.png, key)
	for i, k := range r.order {
		if k == key {
			r.order = append(r.order[:i], r.order[i+1:]...)
			break
		}
	}
	return b, true
}

// keep encodes a picture and holds it until the window fetches it (once)
// from the URL it answers.
func (r *renderedStore) keep(img image.Image, meta preview.ImageMeta) (RenderedImage, error) {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return RenderedImage{}, err
	}
	if meta == nil {
		meta = preview.NoMeta{}
	}
	return RenderedImage{URL: "/api/rendered?k=" + r.put(buf.Bytes()), Meta: meta}, nil
}

// keepDrawn draws a picture with draw, which takes no context, and keeps
// it for the window (keep); a cancel answers at once and the drawing
// finishes unseen (jobs.Detach).
func (r *renderedStore) keepDrawn(ctx context.Context, draw func() (image.Image, preview.ImageMeta, error)) (RenderedImage, error) {
	return jobs.Detach(ctx, func() (RenderedImage, error) {
		img, meta, err := draw()
		if err != nil {
			return RenderedImage{}, err
		}
		return r.keep(img, meta)
	})
}

// ImageView renders an entry's image view (opts as the preview takes them:
// mip, slice, scale, legend, diff=OTHER or diffFile=PATH for a walk grid
// compared with another entry or a grid on disk).
// It starts a job (a 4096² BC7 texture decodes for a good part of a
// second); the result is the RenderedImage. The decoders take no context:
// a cancel answers at once and the picture is dropped (jobs.Detach).
func (s *BrowseService) ImageView(id, path string, opts map[string]string) (string, error) {
	a, e, err := s.archives.entry(id, path)
	if err != nil {
		return "", err
	}
	if opts == nil {
		opts = map[string]string{}
	}
	draw := preview.RenderImage
	if render.IsDiff(opts) {
		draw = render.RenderGridDiff
	}
	return startCall(s.jobs, "image", "Drawing "+e.Path, e.Path, func(ctx context.Context, _ *jobs.Reporter) (any, error) {
		return s.rendered.keepDrawn(ctx, func() (image.Image, preview.ImageMeta, error) {
			return draw(a, e, preview.Options{View: opts, Budget: s.budget})
		})
	}), nil
}

// GridDiffView compares the walk grid pathA of session idA with pathB of
// session idB (scale: pixels per cell, 0 for the default). It starts a
// job whose result is the RenderedImage, as ImageView does.
func (s *BrowseService) GridDiffView(idA, pathA, idB, pathB string, scale int) (string, error) {
	a, ea, err := s.archives.entry(idA, pathA)
	if err != nil {
		return "", err
	}
	b, eb, err := s.archives.entry(idB, pathB)
	if err != nil {
		return "", err
	}
	opts := map[string]string{"legend": "0"}
	if scale > 0 {
		opts["scale"] = strconv.Itoa(scale)
	}
	return startCall(s.jobs, "grid-diff", "Comparing "+ea.Path+" with "+eb.Path, ea.Path, func(ctx context.Context, _ *jobs.Reporter) (any, error) {
		return s.rendered.keepDrawn(ctx, func() (image.Image, preview.ImageMeta, error) {
			ra, err := a.Open(ea.Path)
			if err != nil {
				return nil, nil, err
			}
			defer ra.Close()
			rb, err := b.Open(eb.Path)
			if err != nil {
				return nil, nil, err
			}
			defer rb.Close()
			return render.DiffGrids(ra, a.Path()+": "+ea.Path, rb, b.Path()+": "+eb.Path, preview.Options{View: opts, Budget: s.budget})
		})
	}), nil
}

// TextView is an entry's text view (decoded to UTF-8, its encoding, and
// whether it was cut at preview.MaxText).
func (s *BrowseService) TextView(id, path string) (preview.Text, error) {
	a, e, err := s.archives.entry(id, path)
	if err != nil {
		return preview.Text{}, err
	}
	return preview.RenderText(a, e)
}

// serveRendered answers GET /api/rendered?k=KEY with a PNG an ImageView
// or GridDiffView call rendered, once.
func (s *assetServer) serveRendered(w http.ResponseWriter, r *http.Request) {
	b, ok := s.rendered.take(r.URL.Query().Get("k"))
	if !ok {
		http.Error(w, "this picture was already fetched or dropped; render it again", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}
