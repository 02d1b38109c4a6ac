// Package jobs runs long work (extract, pack, verify) in the background with
// progress and cancel. A job function gets a context and an
// archive.Progress; the Manager reports through a Listener, which the app
// adapts to window events and throttles.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// State of a job.
type State string

const (
	Running   State = "running"
	Done      State = "done"
	Failed    State = "failed"
	Cancelled State = "cancelled"
)

// Status is a job's latest known state; it is what the window shows.
type Status struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`  // "extract", "verify", "pack", …
	Title string `json:"title"` // what the window's progress bar says
	State State  `json:"state"`
	// Stage is the step a multi-stage job is in ("compile", "write"; ""
	// for a job of one step), What the current item (an entry path, a
	// file), Done and Total the counts within the stage.
	Stage string `json:"stage,omitempty"`
	Done  int64  `json:"done"`
	Total int64  `json:"total"`
	What  string `json:"what"`
	Error string `json:"error,omitempty"`
	// Result is what the job returned, also when it failed (a pack's
	// findings explain the failure); a cancelled job has none.
	Result any `json:"result,omitempty"`
	// Seq grows with every update of one job: the window may receive
	// events out of order and keeps the highest.
	Seq int64 `json:"seq"`
}

// Listener receives every progress update and the final status. Calls for
// one job never overlap.
type Listener interface {
	JobUpdate(s Status)
}

// Func is the work; its result is kept in Status.Result, also on failure.
type Func func(ctx context.Context, p *Reporter) (any, error)

// Manager starts and cancels jobs.
type Manager struct {
	l      Listener
	mu     sync.Mutex
	jobs   map[string]*job
	nextID atomic.Int64
}

type job struct {
	cancel context.CancelFunc
	done   chan struct{}
	rep    *Reporter
}

// NewManager returns a Manager reporting to l (may be nil).
func NewManager(l Listener) *Manager {
	return &Manager{l: l, jobs: map[string]*job{}}
}

// Reporter is the archive.Progress handed to a job; it remembers the latest
// figures and forwards them to the listener, at most every MinInterval
// except for the first and last calls.
type Reporter struct {
	mu      sync.Mutex
	status  Status
	l       Listener
	last    time.Time
	pending bool
}

// MinInterval is the least time between two updates a listener receives
// for one job (the window gets at most 10 a second).
var MinInterval = 100 * time.Millisecond

// ID is the job's id, known to the job itself from its start.
func (r *Reporter) ID() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status.ID
}

// Progress implements archive.Progress.
func (r *Reporter) Progress(done, total int64, what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status.Done, r.status.Total, r.status.What = done, total, what
	r.send()
}

// Stage reports progress of a multi-stage job: the stage, the current
// item and the counts as fields (a stage change is always sent).
func (r *Reporter) Stage(stage, item string, done, total int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	changed := r.status.Stage != stage
	r.status.Stage, r.status.What, r.status.Done, r.status.Total = stage, item, done, total
	if changed {
		r.last = time.Time{}
	}
	r.send()
}

// send forwards the status unless the last update is too recent (then it
// is pending until the next call or the end). r.mu is held.
func (r *Reporter) send() {
	now := time.Now()
	if r.l != nil && now.Sub(r.last) >= MinInterval {
		r.last = now
		r.pending = false
		r.status.Seq++
		r.l.JobUpdate(r.status)
		return
	}
	r.pending = true
}

// Status returns the latest status.
func (r *Reporter) Status() Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status
}

func (r *Reporter) finish(state State, result any, err error) Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status.State = state
	r.status.Result = result
	if err != nil {
		r.status.Error = err.Error()
	}
	r.status.Seq++
	if r.l != nil {
		r.l.JobUpdate(r.status)
	}
	return r.status
}

// Start runs fn in a goroutine and returns its id at once.
func (m *Manager) Start(kind, title string, fn Func) string {
	id := fmt.Sprintf("job-%d", m.nextID.Add(1))
	ctx, cancel := context.WithCancel(context.Background())
	rep := &Reporter{l: m.l, status: Status{ID: id, Kind: kind, Title: title, State: Running}}
	j := &job{cancel: cancel, done: make(chan struct{}), rep: rep}
	m.mu.Lock()
	m.jobs[id] = j
	m.mu.Unlock()
	if m.l != nil {
		rep.last = time.Now()
		rep.status.Seq = 1
		m.l.JobUpdate(rep.Status())
	}
	go func() {
		defer close(j.done)
		defer cancel()
		var res any
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("internal error: %v", r)
				}
			}()
			res, err = fn(ctx, rep)
		}()
		switch {
		case err == nil:
			rep.finish(Done, res, nil)
		case errors.Is(err, context.Canceled) || ctx.Err() != nil:
			rep.finish(Cancelled, nil, nil)
		default:
			rep.finish(Failed, res, err)
		}
	}()
	return id
}

// Cancel asks a job to stop; it returns false for an unknown id.
func (m *Manager) Cancel(id string) bool {
	m.mu.Lock()
	j, ok := m.jobs[id]
	m.mu.Unlock()
	if ok {
		j.cancel()
	}
	return ok
}

// Wait blocks until the job ends and returns its final status.
func (m *Manager) Wait(id string) (Status, bool) {
	m.mu.Lock()
	j, ok := m.jobs[id]
	m.mu.Unlock()
	if !ok {
		return Status{}, false
	}
	<-j.done
	return j.rep.Status(), true
}

// Get returns a job's latest status.
func (m *Manager) Get(id string) (Status, bool) {
	m.mu.Lock()
	j, ok := m.jobs[id]
	m.mu.Unlock()
	if !ok {
		return Status{}, false
	}
	return j.rep.Status(), true
}
