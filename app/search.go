package app

import (
	"context"
	"strings"
	"sync"
	"time"

	"packsmith/backend/view/search"
	"packsmith/backend/workspace/jobs"
)

// SearchHits is the "search-hits" event: hits of a running Find in files
// job, in batches (the finished job's result holds them all).
type SearchHits struct {
	Job  string       `json:"job"`
	Hits []search.Hit `json:"hits"`
}

// hitBatcher sends hits to the window at most every interval.
type hitBatcher struct {
	mu      sync.Mutex
	window  *windowLink
	job     func() string
	pending []search.Hit
	last    time.Time
}

const hitInterval = 150 * time.Millisecond

func (b *hitBatcher) add(h []search.Hit) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = append(b.pending, h...)
	if time.Since(b.last) >= hitInterval {
		b.flushLocked()
	}
}

func (b *hitBatcher) flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.flushLocked()
}

func (b *hitBatcher) flushLocked() {
	if len(b.pending) == 0 || b.window.emit == nil {
		return
	}
	b.window.emit.Emit("search-hits", SearchHits{Job: b.job(), Hits: b.pending})
	b.pending = nil
	b.last = time.Now()
}

// FindInFiles starts a job searching the decoded text of every entry (or
// of opt.Paths): hits stream as "search-hits" events; the job's result is
// the whole search.Result.
func (s *BrowseService) FindInFiles(id string, opt search.Options) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	if opt.Query == "" {
		return "", errNothingToFind
	}
	return s.jobs.Start("search", "Finding “"+opt.Query+"” in "+ss.Name(), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		b := &hitBatcher{window: s.window, job: p.ID}
		r, err := search.Search(ctx, ss.Archive, opt, p, b.add)
		b.flush()
		if err != nil {
			return nil, err
		}
		return r, nil
	}), nil
}

const errNothingToFind = errorString("find in files: type what to find")

type errorString string

func (e errorString) Error() string { return string(e) }

// EntriesExist returns, for each path, the entry's own spelling when the
// archive has it (found as `cat` finds names: any case, / or \), else "".
// The text preview makes paths written in decompiled data links.
func (s *BrowseService) EntriesExist(id string, paths []string) ([]string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return nil, err
	}
	// A mod zipped with its folder holds NAME/MEDIA/…: paths match from
	// their MEDIA/ on too.
	idx := make(map[string]string, len(ss.Archive.Entries()))
	for _, e := range ss.Archive.Entries() {
		k := foldPath(e.Path)
		if _, ok := idx[k]; !ok {
			idx[k] = e.Path
		}
		if i := strings.Index(k, "/MEDIA/"); i >= 0 {
			if _, ok := idx[k[i+1:]]; !ok {
				idx[k[i+1:]] = e.Path
			}
		}
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = idx[foldPath(p)]
	}
	return out, nil
}

func foldPath(p string) string {
	return strings.ToUpper(strings.TrimPrefix(strings.ReplaceAll(p, `\`, "/"), "/"))
}
