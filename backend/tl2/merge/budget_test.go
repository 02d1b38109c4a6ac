package merge

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"packsmith/formats/tl2/dattext"
)

// blocks is a root of n same-named blocks with no identifying property
// (matched by place), each with VALUE v+i: the merge "time bomb".
func blocks(n, v int) *dattext.Node {
	root := &dattext.Node{Name: "ITEMS"}
	root.Children = make([]*dattext.Node, n)
	for i := range root.Children {
		c := &dattext.Node{Name: "ITEM"}
		c.Add("INTEGER", "VALUE", strconv.Itoa(v+i))
		root.Children[i] = c
	}
	return root
}

func bomb(n int) []Version {
	return []Version{{Mod: "A", Root: blocks(n, 0)}, {Mod: "B", Root: blocks(n, 1)}}
}

// 180,000 same-named blocks two mods add differently are placed in a
// number of steps linear in the blocks: the order was built by searching
// it for each added block (n² string compares: 46 s for the 728 KB mods).
// A wall-clock bound 20 times what it takes here, only to catch the n².
func TestManySameNamedBlocks(t *testing.T) {
	const n = 180000
	start := time.Now()
	r, err := MergeContext(context.Background(), "MEDIA/X.DAT", nil, bomb(n), &Options{MaxWork: 20 * n})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	// Every block is a conflict (both changed VALUE) resolved for A.
	if len(r.Root.Children) != n || len(r.Conflicts) != n || r.Root.Children[n-1].Value("VALUE") != strconv.Itoa(n-1) {
		t.Fatalf("%d children, %d conflicts", len(r.Root.Children), len(r.Conflicts))
	}
	t.Logf("%d blocks merged in %v", n, took)
	if took > 20*time.Second {
		t.Fatalf("%d blocks took %v: quadratic again?", n, took)
	}
}

// The work is capped: past Options.MaxWork the merge stops with
// ErrTooMuchWork, naming the file.
func TestWorkCap(t *testing.T) {
	_, err := MergeContext(context.Background(), "MEDIA/X.DAT", nil, bomb(5000), &Options{MaxWork: 1000})
	if !errors.Is(err, ErrTooMuchWork) || err.Error()[:12] != "MEDIA/X.DAT:" {
		t.Fatalf("err %v", err)
	}
}

// A cancel is seen inside the merge of one file, between blocks.
func TestCancelInsideMerge(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := MergeContext(ctx, "MEDIA/X.DAT", nil, bomb(50000), nil)
	if !errors.Is(err, context.Canceled) || r != nil {
		t.Fatalf("err %v, result %v", err, r != nil)
	}
}
