package app

import (
	"bufio"
	"context"
	"encoding/json"
	"image/png"
	"net/http"

	"packsmith/backend/archive"
	"packsmith/backend/diff"
	"packsmith/backend/jobs"
	"packsmith/backend/previews"
)

// Compare starts a job comparing two open archives (A before, B after);
// its result is a diff.Result.
func (s *Service) Compare(idA, idB string) (string, error) {
	a, err := s.Sessions.Get(idA)
	if err != nil {
		return "", err
	}
	b, err := s.Sessions.Get(idB)
	if err != nil {
		return "", err
	}
	return s.Jobs.Start("compare", "Comparing "+a.Name()+" with "+b.Name(), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		r, err := diff.Compare(ctx, a.Archive, b.Archive, p)
		if err != nil {
			return nil, err
		}
		return r, nil
	}), nil
}

// CompareEntry says what changed inside one entry: pathA of session A
// against pathB of session B ("" on the side without it).
func (s *Service) CompareEntry(idA, pathA, idB, pathB string) (diff.EntryDiff, error) {
	a, err := s.Sessions.Get(idA)
	if err != nil {
		return diff.EntryDiff{}, err
	}
	b, err := s.Sessions.Get(idB)
	if err != nil {
		return diff.EntryDiff{}, err
	}
	return diff.Entry(context.Background(), a.Archive, pathA, b.Archive, pathB)
}

// serveGridDiff answers /api/griddiff?s=A&p=ENTRY&s2=B&p2=ENTRY[&scale=N]:
// the difference of two walk grids of two sessions, as /api/image answers
// (PNG, X-Meta with the DiffReport and legend).
func (s *Service) serveGridDiff(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	open := func(sid, p string) (archive.Archive, archive.Entry, bool) {
		ss, err := s.Sessions.Get(sid)
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return nil, archive.Entry{}, false
		}
		e, ok := archive.Find(ss.Archive, p)
		if !ok {
			http.Error(w, (&archive.EntryError{Archive: ss.Archive.Path(), Entry: p, Offset: -1, Err: archive.ErrNotFound}).Error(), http.StatusNotFound)
			return nil, archive.Entry{}, false
		}
		return ss.Archive, e, true
	}
	a, ea, ok := open(q.Get("s"), q.Get("p"))
	if !ok {
		return
	}
	b, eb, ok := open(q.Get("s2"), q.Get("p2"))
	if !ok {
		return
	}
	ra, err := a.Open(ea.Path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer ra.Close()
	rb, err := b.Open(eb.Path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rb.Close()
	opts := map[string]string{"legend": "0"}
	if sc := q.Get("scale"); sc != "" {
		opts["scale"] = sc
	}
	img, meta, err := previews.DiffGrids(ra, a.Path()+": "+ea.Path, rb, b.Path()+": "+eb.Path, opts)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	if js, err := json.Marshal(meta); err == nil {
		w.Header().Set("X-Meta", asciiJSON(js))
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(bw, img); err == nil {
		bw.Flush()
	}
}
