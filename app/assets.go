package app

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf16"

	"packsmith/backend/archive"
	"packsmith/backend/preview"
	"packsmith/backend/previews"
)

// MaxRawChunk caps one /api/raw answer; the hex view pages through.
const MaxRawChunk = 1 << 20

// APIHandler serves large bytes to the window outside the JSON bridge:
//
//	GET /api/raw?s=SESSION&p=ENTRY&off=N&len=N   the entry's bytes [off, off+len)
//	GET /api/text?s=SESSION&p=ENTRY              text view (UTF-8), X-Encoding header
//	GET /api/image?s=SESSION&p=ENTRY[&mip=…]     image view as PNG, X-Meta header (JSON)
//	GET /api/image?…&diff=OTHER or &diffFile=PATH walk grid ENTRY compared with another
//	                                             entry of the session, or a grid on disk
//	GET /api/griddiff?s=A&p=ENTRY&s2=B&p2=ENTRY  walk grids of two sessions compared
//	GET /api/audio?s=SESSION&p=ENTRY             the whole entry as audio/wav, ogg or mpeg (audio.go)
//
// Errors answer 4xx/5xx with the message as plain text.
func (s *ArchiveService) apiHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/raw", s.serveRaw)
	mux.HandleFunc("/api/text", s.serveText)
	mux.HandleFunc("/api/image", s.serveImage)
	mux.HandleFunc("/api/griddiff", s.serveGridDiff) // compare.go
	mux.HandleFunc("/api/audio", s.serveAudio)       // audio.go
	s.registerModelAPI(mux)                          // model.go: /api/mesh, /api/level, /api/modeltex
	return mux
}

func (s *ArchiveService) entryFor(w http.ResponseWriter, r *http.Request) (archive.Archive, archive.Entry, bool) {
	q := r.URL.Query()
	ss, err := s.Sessions.Get(q.Get("s"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return nil, archive.Entry{}, false
	}
	v := s.view(ss) // a pending change shows what the save will store (textedit.go)
	e, ok := archive.Find(v, q.Get("p"))
	if !ok {
		http.Error(w, (&archive.EntryError{Archive: ss.Archive.Path(), Entry: q.Get("p"), Offset: -1, Err: archive.ErrNotFound}).Error(), http.StatusNotFound)
		return nil, archive.Entry{}, false
	}
	return v, e, true
}

func (s *ArchiveService) serveRaw(w http.ResponseWriter, r *http.Request) {
	a, e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	off, _ := strconv.ParseInt(q.Get("off"), 10, 64)
	n, _ := strconv.ParseInt(q.Get("len"), 10, 64)
	if off < 0 || n < 0 {
		http.Error(w, "bad range", http.StatusBadRequest)
		return
	}
	if n == 0 || n > MaxRawChunk {
		n = MaxRawChunk
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rc.Close()
	// Entries are streams (compressed): skip to the offset.
	if _, err := io.CopyN(io.Discard, rc, off); err != nil && !errors.Is(err, io.EOF) {
		http.Error(w, (&archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: off, Err: err}).Error(), http.StatusInternalServerError)
		return
	}
	b, err := io.ReadAll(io.LimitReader(rc, n))
	if err != nil {
		http.Error(w, (&archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: off + int64(len(b)), Err: err}).Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("X-Entry-Size", strconv.FormatInt(e.Size, 10))
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}

func (s *ArchiveService) serveText(w http.ResponseWriter, r *http.Request) {
	a, e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	t, err := preview.RenderText(a, e)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Encoding", t.Encoding)
	w.Header().Set("X-Truncated", strconv.FormatBool(t.Truncated))
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, t.Text)
}

func (s *ArchiveService) serveImage(w http.ResponseWriter, r *http.Request) {
	a, e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	opts := map[string]string{}
	for k, v := range r.URL.Query() {
		if k != "s" && k != "p" && len(v) > 0 {
			opts[k] = v[0]
		}
	}
	render := preview.RenderImage
	if previews.IsDiff(opts) {
		render = previews.RenderGridDiff
	}
	img, meta, err := render(a, e, opts)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	if meta != nil {
		if b, err := json.Marshal(meta); err == nil {
			w.Header().Set("X-Meta", asciiJSON(b))
		}
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(bw, img); err != nil {
		fmt.Fprintln(io.Discard, err) // the client sees a broken image; headers are gone
		return
	}
	bw.Flush()
}

// asciiJSON escapes non-ASCII as \uXXXX: browsers read header values as
// Latin-1, so raw UTF-8 in X-Meta would arrive garbled.
func asciiJSON(b []byte) string {
	var sb strings.Builder
	for _, r := range string(b) {
		switch {
		case r < 0x80:
			sb.WriteRune(r)
		case r > 0xFFFF:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&sb, "\\u%04x\\u%04x", r1, r2)
		default:
			fmt.Fprintf(&sb, "\\u%04x", r)
		}
	}
	return sb.String()
}

// isAPI says whether a request is for the API handler.
func isAPI(path string) bool { return strings.HasPrefix(path, "/api/") }
