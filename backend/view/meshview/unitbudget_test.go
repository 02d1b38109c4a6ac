package meshview

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// longList is an .ANIMATION listing n animations, all in one skeleton:
// the hostile list (12,000 entries, 853 KB) that decoded its 104 KB
// skeleton once per entry.
func longList(n int, file string) []byte {
	var b strings.Builder
	b.WriteString("[ANIMATIONS]\r\n")
	for i := range n {
		fmt.Fprintf(&b, "[ANIMATION]\r\n<STRING>FILE:%s\r\n<STRING>NAME:A%d\r\n<FLOAT>DURATION:1\r\n[/ANIMATION]\r\n", file, i)
	}
	b.WriteString("[/ANIMATIONS]\r\n")
	return dattext.EncodeText(b.String(), dattext.UTF16LEBOM)
}

// Every animation naming one skeleton shares its one decoding: the
// 12,000-entry list took 18 s and 2.5 GB, each entry decoding it anew.
func TestLongListDecodesOnce(t *testing.T) {
	const n = 12000
	res, m, key := flyerCopy(t, nil, map[string][]byte{"NETHERIM_FLYER.ANIMATION": longList(n, "idle.skeleton")})
	u, err := res.UnitContext(context.Background(), nil, key, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Animations) != n || len(u.Problems) != 0 {
		t.Fatalf("%d animations, problems %v", len(u.Animations), u.Problems)
	}
	first := u.Animations[0].anim
	for i, a := range u.Animations {
		if a.anim == nil || a.anim != first || a.Key != flyer+"/IDLE.SKELETON" {
			t.Fatalf("animation %d: %+v: not the one decoding of IDLE.SKELETON", i, a)
		}
	}
}

// A list longer than MaxAnimations loads its first MaxAnimations entries
// and says so.
func TestListCapped(t *testing.T) {
	res, m, key := flyerCopy(t, nil, map[string][]byte{"NETHERIM_FLYER.ANIMATION": longList(MaxAnimations+5, "idle.skeleton")})
	u, err := res.UnitContext(context.Background(), nil, key, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Animations) != MaxAnimations || len(u.Problems) != 1 || !strings.Contains(u.Problems[0], fmt.Sprintf("lists %d animations; only the first %d", MaxAnimations+5, MaxAnimations)) {
		t.Fatalf("%d animations, problems %v", len(u.Animations), u.Problems)
	}
}

// The list's skeletons are counted against the memory budget: one that
// does not fit in what is left is a problem of its animations, not a
// decoding.
func TestListSkeletonsBudgeted(t *testing.T) {
	res, _, _ := flyerCopy(t, nil, nil)
	s := &skeletons{r: res, from: flyer + "/NETHERIM_FLYER.ANIMATION", left: 300 << 10, byLink: map[string]loadedSkeleton{}}
	if l := s.load("hit1.skeleton"); l.sk == nil { // 8.9 KB: fits
		t.Fatalf("HIT1: %s", l.problem)
	}
	l := s.load("idle.skeleton") // 104 KB ×4: does not fit in the rest
	if l.sk != nil || !strings.Contains(l.problem, "IDLE.SKELETON: not loaded: the unit's skeletons need more than") {
		t.Fatalf("IDLE: %+v", l)
	}
}

// A cancel is seen between the list's entries.
func TestUnitCancel(t *testing.T) {
	res, m, key := flyerCopy(t, nil, map[string][]byte{"NETHERIM_FLYER.ANIMATION": longList(100, "idle.skeleton")})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := res.UnitContext(ctx, nil, key, m); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
}
