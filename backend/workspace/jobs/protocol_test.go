package jobs

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A job knows its id, reports stage and item as fields, and keeps its
// result when it fails.
func TestProtocol(t *testing.T) {
	rec := &recorder{}
	m := NewManager(rec)
	type summary struct{ Findings []string }
	var seen string
	id := m.Start("pack", "stages", func(ctx context.Context, p *Reporter) (any, error) {
		seen = p.ID()
		for _, st := range []string{"read", "compile", "write"} {
			for i := int64(0); i < 50; i++ {
				p.Stage(st, "MEDIA/F.DAT", i, 50)
			}
		}
		return &summary{Findings: []string{"MEDIA/F.DAT:3: bad number"}}, errors.New("1 error")
	})
	s, _ := m.Wait(id)
	if seen != id {
		t.Errorf("Reporter.ID() = %q inside job %q", seen, id)
	}
	if s.State != Failed || s.Error != "1 error" {
		t.Fatalf("status %+v", s)
	}
	if r, ok := s.Result.(*summary); !ok || len(r.Findings) != 1 {
		t.Errorf("failed job's result %#v, want the summary", s.Result)
	}
	rec.mu.Lock()
	got := append([]Status(nil), rec.got...)
	rec.mu.Unlock()
	stages := map[string]bool{}
	for _, u := range got {
		if u.Stage != "" {
			stages[u.Stage] = true
			if u.What != "MEDIA/F.DAT" || u.Total != 50 {
				t.Errorf("update %+v: item and counts are fields", u)
			}
		}
	}
	// Throttled within a stage, but each stage change reaches the listener.
	if len(stages) != 3 {
		t.Errorf("stages seen %v, want read, compile, write", stages)
	}
	if len(got) > 8 {
		t.Errorf("%d updates: throttling lost", len(got))
	}

	// A cancelled job keeps no result.
	c := m.Start("t", "cancel", func(ctx context.Context, p *Reporter) (any, error) {
		time.Sleep(10 * time.Millisecond)
		return "partial", context.Canceled
	})
	if s, _ := m.Wait(c); s.State != Cancelled || s.Result != nil {
		t.Errorf("cancelled: %+v", s)
	}
}
