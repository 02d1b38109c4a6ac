package modpack

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// TestReusedFilesDoNotWaitForTheFeed: a repack's workers get through every
// reused file while the feed has not taken one yet. A reused file holds no
// bytes, so it gives its compileAhead slot back at once; held until the
// feed took it, the workers stopped compileAhead files ahead and traded
// one file for the next with the feed (issue 47: 25-40 ms of a repack of
// 37,000 files).
func TestReusedFilesDoNotWaitForTheFeed(t *testing.T) {
	n := 3*compileAhead + 7
	dir := thingsMod(t, n)
	opt := Options{Output: filepath.Join(t.TempDir(), "X.MOD"), Incremental: true, GameVersion: "1.25.5.6"}
	if _, err := Pack(context.Background(), dir, opt); err != nil {
		t.Fatal(err)
	}

	var waited string
	feedCompiledStarts = func(r *packRun) {
		done := make(chan struct{})
		go func() { r.compilersDone(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			// Let the feed go on (so the pack ends) and say what was seen.
			waited = fmt.Sprintf("the workers still wait for the feed (%d slots taken)", len(r.ahead))
		}
	}
	defer func() { feedCompiledStarts = nil }()
	// A slot given back twice leaves the feed waiting for one forever.
	type packed struct {
		res *Result
		err error
	}
	ch := make(chan packed, 1)
	go func() {
		res, err := Pack(context.Background(), dir, opt)
		ch <- packed{res, err}
	}()
	var res *Result
	select {
	case p := <-ch:
		if p.err != nil {
			t.Fatal(p.err)
		}
		res = p.res
	case <-time.After(60 * time.Second):
		t.Fatal("the repack did not end within a minute (the feed waits for a slot?)")
	}
	if waited != "" {
		t.Fatal(waited)
	}
	if res.Reused != n || res.Compiled != 0 {
		t.Fatalf("repack: %d reused, %d compiled; want %d reused", res.Reused, res.Compiled, n)
	}
}

// thingsMod is a mod folder of n small .DAT files (MEDIA/MISC/F0000.DAT
// …), older than any pack (backdate).
func thingsMod(t *testing.T, n int) string {
	t.Helper()
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("MEDIA/MISC/F%04d.DAT", i)] = fmt.Sprintf("[THING]\r\n<STRING>NAME:T%d\r\n[/THING]\r\n", i)
	}
	dir := makeMod(t, simpleModDat, files)
	backdate(dir)
	return dir
}
