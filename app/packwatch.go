package app

// Pack on save (issue 23), bound for the window: the Pack view's toggle
// starts a job that packs the mod folder, then again after every save
// under it (modpack.Watch), until the toggle is unticked (the job is
// cancelled). Each pack's status goes out as the job's "waiting" stage
// (What: the summary line, Done: packs so far); the last result is kept
// here for the view to fetch.

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"packsmith/backend/sys/watch"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/workspace/jobs"
)

// PackOnSaveStatus is the last pack of a Pack-on-save job.
type PackOnSaveStatus struct {
	JobID   string          `json:"jobId"`
	ModDir  string          `json:"modDir"`
	Packs   int             `json:"packs"`   // packs so far (the first included)
	Changed []string        `json:"changed"` // the files whose save started the last one
	At      string          `json:"at"`      // when it ended (RFC 3339)
	Result  *modpack.Result `json:"result"`  // nil before the first pack ends
	Error   string          `json:"error,omitempty"`
}

// packWatches are the running and finished Pack-on-save jobs' last packs.
type packWatches struct {
	mu   sync.Mutex
	last map[string]*PackOnSaveStatus
}

func (w *packWatches) set(st PackOnSaveStatus) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.last == nil {
		w.last = map[string]*PackOnSaveStatus{}
	}
	w.last[st.JobID] = &st
}

// runningLocked returns the id of a running job watching dir ("" for
// none); w.mu is held.
func (w *packWatches) runningLocked(jb *jobs.Manager, dir string) string {
	for id, st := range w.last {
		if st.ModDir == dir {
			if js, ok := jb.Get(id); ok && js.State == jobs.Running {
				return id
			}
		}
	}
	return ""
}

func (w *packWatches) get(id string) (*PackOnSaveStatus, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	st, ok := w.last[id]
	if !ok {
		return nil, false
	}
	c := *st
	return &c, true
}

// PackOnSave starts packing req's mod folder on every save and returns the
// job id; cancelling the job (CancelJob) stops it. While it waits for a
// save the job's stage is "waiting" and its What the last pack in one
// line; PackOnSaveResult gives that pack's whole result. A folder has one
// Pack on save at a time: asking again while one runs (the view was left
// and opened again) returns the running job's id.
func (s *PackService) PackOnSave(req PackRequest) (string, error) {
	dir, opt, err := s.packOptions(req)
	if err != nil {
		return "", err
	}
	s.watches.mu.Lock() // one start at a time: two quick clicks make one job
	defer s.watches.mu.Unlock()
	if id := s.watches.runningLocked(s.jobs, dir); id != "" {
		return id, nil
	}
	opt.HoldGuessedDeploy = false // the user asked for a deploy on every save
	title := "Pack on save: " + filepath.Base(dir)
	id := s.jobs.Start("packwatch", title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		opt.Progress = func(pr modpack.Progress) { p.Stage(string(pr.Stage), pr.File, pr.Done, pr.Total) }
		n := 0
		err := modpack.Watch(ctx, dir, opt, watch.Options{}, func(res *modpack.Result, err error, changed []string) {
			n++
			if changed == nil {
				changed = []string{}
			}
			st := PackOnSaveStatus{JobID: p.ID(), ModDir: dir, Packs: n, Changed: changed, At: time.Now().UTC().Format(time.RFC3339), Result: res}
			if err != nil {
				st.Error = err.Error()
			}
			s.watches.set(st)
			p.Stage("waiting", packLine(res, err), int64(n), 0)
		})
		last, _ := s.watches.get(p.ID())
		if err == nil {
			err = ctx.Err() // unticked: the job ends cancelled, with its last pack
		}
		return last, err
	})
	// Recorded before the job can report (its set waits for w.mu).
	if s.watches.last == nil {
		s.watches.last = map[string]*PackOnSaveStatus{}
	}
	if _, ok := s.watches.last[id]; !ok {
		s.watches.last[id] = &PackOnSaveStatus{JobID: id, ModDir: dir, Changed: []string{}}
	}
	return id, nil
}

// PackOnSaveResult returns a Pack-on-save job's last pack.
func (s *PackService) PackOnSaveResult(jobID string) (*PackOnSaveStatus, error) {
	st, ok := s.watches.get(jobID)
	if !ok {
		return nil, fmt.Errorf("no pack-on-save job %q", jobID)
	}
	return st, nil
}

// packLine is one pack in words, for the job bar.
func packLine(r *modpack.Result, err error) string {
	if err != nil {
		return "not packed: " + err.Error()
	}
	line := fmt.Sprintf("packed %s: %d entries, %d reused, %d compiled, %d ms", filepath.Base(r.Output), r.Entries, r.Reused, r.Compiled, r.Millis)
	if r.Deploy != nil {
		line += ", deployed"
	}
	return line
}
