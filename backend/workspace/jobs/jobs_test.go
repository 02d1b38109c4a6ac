package jobs

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

type recorder struct {
	mu  sync.Mutex
	got []Status
}

func (r *recorder) JobUpdate(s Status) {
	r.mu.Lock()
	r.got = append(r.got, s)
	r.mu.Unlock()
}

func TestDoneFailedCancelled(t *testing.T) {
	rec := &recorder{}
	m := NewManager(rec)
	ok := m.Start("t", "ok", func(ctx context.Context, p *Reporter) (any, error) {
		p.Progress(1, 2, "a")
		return 42, nil
	})
	bad := m.Start("t", "bad", func(ctx context.Context, p *Reporter) (any, error) {
		return nil, errors.New("boom")
	})
	started := make(chan struct{})
	long := m.Start("t", "long", func(ctx context.Context, p *Reporter) (any, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	})
	panicky := m.Start("t", "panic", func(ctx context.Context, p *Reporter) (any, error) {
		var m map[string]int
		m["x"] = 1
		return nil, nil
	})
	<-started
	if !m.Cancel(long) {
		t.Fatal("cancel: unknown id")
	}
	if m.Cancel("job-999") {
		t.Fatal("cancel of unknown id returned true")
	}
	for id, want := range map[string]State{ok: Done, bad: Failed, long: Cancelled, panicky: Failed} {
		s, _ := m.Wait(id)
		if s.State != want {
			t.Errorf("%s: state %s, want %s", id, s.State, want)
		}
	}
	s, _ := m.Get(ok)
	if s.Result != 42 {
		t.Errorf("result %v", s.Result)
	}
	s, _ = m.Get(bad)
	if s.Error != "boom" {
		t.Errorf("error %q", s.Error)
	}
	s, _ = m.Get(panicky)
	if s.Error == "" {
		t.Errorf("panic not reported")
	}
}

func TestThrottle(t *testing.T) {
	rec := &recorder{}
	m := NewManager(rec)
	id := m.Start("t", "many", func(ctx context.Context, p *Reporter) (any, error) {
		deadline := time.Now().Add(350 * time.Millisecond)
		for i := int64(0); time.Now().Before(deadline); i++ {
			p.Progress(i, 0, "")
		}
		return nil, nil
	})
	m.Wait(id)
	rec.mu.Lock()
	n := len(rec.got)
	rec.mu.Unlock()
	// start + at most one per 100 ms over 350 ms + the final status
	if n < 2 || n > 6 {
		t.Fatalf("listener got %d updates in 350 ms, want 2..6", n)
	}
}

func TestSeqGrows(t *testing.T) {
	rec := &recorder{}
	m := NewManager(rec)
	MinInterval = 0
	defer func() { MinInterval = 100 * time.Millisecond }()
	id := m.Start("t", "seq", func(ctx context.Context, p *Reporter) (any, error) {
		for i := int64(0); i < 5; i++ {
			p.Progress(i, 5, "")
		}
		return nil, nil
	})
	m.Wait(id)
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for i, s := range rec.got {
		if s.Seq != int64(i+1) {
			t.Fatalf("update %d has seq %d", i, s.Seq)
		}
	}
	if last := rec.got[len(rec.got)-1]; last.State != Done || len(rec.got) != 7 {
		t.Fatalf("%d updates, last %+v", len(rec.got), last)
	}
}
