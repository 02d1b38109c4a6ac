package app

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"time"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
)

// MaxAudio caps what /api/audio serves: the entry is read into memory so the
// browser can seek (Range requests) inside a compressed stream.
const MaxAudio = 64 << 20

// serveAudio answers GET /api/audio?s=SESSION&p=ENTRY with the whole entry
// and the Content-Type the browser needs to play it (audio/wav, audio/ogg,
// audio/mpeg), with Range support.
func (s *assetServer) serveAudio(w http.ResponseWriter, r *http.Request) {
	a, e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	if e.Size > MaxAudio {
		http.Error(w, fmt.Sprintf("%s: %d bytes is too long to play here (the limit is %d); extract it instead", e.Path, e.Size, MaxAudio), http.StatusRequestEntityTooLarge)
		return
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxAudio+1))
	if err != nil {
		http.Error(w, (&archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: int64(len(b)), Err: err}).Error(), http.StatusInternalServerError)
		return
	}
	head := b
	if len(head) > preview.HeadSize {
		head = head[:preview.HeadSize]
	}
	typ := preview.AudioType(e.Path, head)
	if typ == "" {
		http.Error(w, e.Path+": not audio the window can play (WAV, Ogg or MP3)", http.StatusUnsupportedMediaType)
		return
	}
	w.Header().Set("Content-Type", typ)
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}
