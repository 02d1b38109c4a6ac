package app

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/workspace/settings"
)

// MaxRawChunk caps one /api/raw answer; the hex view pages through.
const MaxRawChunk = 1 << 20

// APIHandler serves large bytes to the window outside the JSON bridge:
//
//	GET /api/raw?s=SESSION&p=ENTRY&off=N&len=N   the entry's bytes [off, off+len)
//	GET /api/rendered?k=KEY                      a PNG that ImageView, GridDiffView or a bake job rendered (rendered.go)
//	GET /api/audio?s=SESSION&p=ENTRY             the whole entry as audio/wav, ogg or mpeg (audio.go)
//
// Everything a view needs is in the body: no header carries data (the
// legacy WebKitGTK path drops them all; rendered.go). The text view and
// the pictures' metadata come from bound calls (TextView, ImageView,
// GridDiffView). Errors answer 4xx/5xx with the message as plain text,
// for the webviews that pass a status on.
func (s *assetServer) apiHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/raw", s.serveRaw)
	mux.HandleFunc("/api/rendered", s.serveRendered) // rendered.go
	mux.HandleFunc("/api/audio", s.serveAudio)       // audio.go
	s.registerModelAPI(mux)                          // model.go: /api/mesh, /api/level, /api/modeltex
	return mux
}

func (s *assetServer) entryFor(w http.ResponseWriter, r *http.Request) (archive.Archive, archive.Entry, bool) {
	q := r.URL.Query()
	ss, err := s.archives.get(q.Get("s"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return nil, archive.Entry{}, false
	}
	v := s.archives.view(ss) // a pending change shows what the save will store (archives.go)
	e, ok := archive.Find(v, q.Get("p"))
	if !ok {
		http.Error(w, (&archive.EntryError{Archive: ss.Archive.Path(), Entry: q.Get("p"), Offset: -1, Err: archive.ErrNotFound}).Error(), http.StatusNotFound)
		return nil, archive.Entry{}, false
	}
	return v, e, true
}

func (s *assetServer) serveRaw(w http.ResponseWriter, r *http.Request) {
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
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}

// isAPI says whether a request is for the API handler.
func isAPI(path string) bool { return strings.HasPrefix(path, "/api/") }

// assetServer answers the window's /api/ requests (entry bytes, pictures,
// audio, meshes and levels): it reads the open archives as the window
// shows them and hands over the pictures the services drew.
type assetServer struct {
	archives *openArchives
	settings *settings.Store // game data for the level view (gameData)
	budget   *limits.Budget
	rendered *renderedStore
}
