package modpack

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"sort"
	"sync/atomic"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/workpool"
)

// compileAhead is how many compiled files may wait for the writer.
const compileAhead = 64

// compile compiles every source on the workers while the writer feed
// streams the assets, then the compiled files, into the .MOD; it returns
// once every source is compiled (the feed goes on) and stops the pack on a
// source that does not compile.
func (r *packRun) compile() error {
	// One allocation for all: 33,000 of them, each with a channel, were
	// a tenth of a repack's compile stage, on the one goroutine.
	store := make([]compiled, len(r.srcs))
	r.results = make([]*compiled, len(r.srcs))
	for i := range store {
		r.results[i] = &store[i]
	}
	r.wake = make(chan struct{}, 1)
	r.startCompilers()
	r.startFeed()
	r.compilersDone()
	if err := r.ctx.Err(); err != nil {
		return err
	}
	for _, c := range r.results {
		r.res.Findings = append(r.res.Findings, c.findings...)
		switch {
		case c.failed:
		case c.reused != nil:
			r.nKept++
		default:
			r.nCompiled++
		}
	}
	if Count(r.res.Findings, SevError) > 0 {
		return r.blocked()
	}
	return nil
}

// startCompilers starts the compile workers: all cores, or one in GUTS's
// order (sources by path, .ANIMATION files last) for Options.GUTSOrder.
func (r *packRun) startCompilers() {
	srcs := r.srcs
	order := make([]int, len(srcs))
	for i := range order {
		order[i] = i
	}
	cw := r.workers
	if r.opt.GUTSOrder {
		cw = 1
		sort.SliceStable(order, func(a, b int) bool {
			fa, fb := srcs[order[a]], srcs[order[b]]
			aa, ab := path.Ext(fa.name) == ".ANIMATION", path.Ext(fb.name) == ".ANIMATION"
			if aa != ab {
				return ab
			}
			return fa.name < fb.name
		})
	}
	// ahead bounds the compiled files waiting for the writer feed (memory):
	// a slot is taken before a file is picked, so the lowest unfed file
	// always holds one. GUTS order is not the feed's: no bound there.
	r.ahead = make(chan struct{}, compileAhead)
	r.bounded = !r.opt.GUTSOrder
	var next, compiledN atomic.Int64
	r.compilersDone = workpool.Go(cw, func() { r.compileWorker(order, &next, &compiledN) })
}

// release gives back the slot a compiled file held (see startCompilers).
func (r *packRun) release() {
	if r.bounded {
		<-r.ahead
	}
}

// compileWorker compiles the sources order lists, taking the next one
// each time, until none is left or the pack stops.
func (r *packRun) compileWorker(order []int, next, compiledN *atomic.Int64) {
	srcs, results, inc := r.srcs, r.results, r.inc
	sc := &scratch{}
	for {
		if r.bounded {
			select {
			case r.ahead <- struct{}{}:
			case <-r.ictx.Done():
				// Close what is left so nothing waits on it.
				for j := int(next.Add(1) - 1); j < len(order); j = int(next.Add(1) - 1) {
					results[order[j]].failed = true
					r.finished(results[order[j]])
				}
				return
			}
		}
		j := int(next.Add(1) - 1)
		if j >= len(order) {
			r.release()
			return
		}
		i := order[j]
		c := results[i]
		c.rank = srcs[i].rank
		if r.ictx.Err() != nil {
			c.failed = true
			r.finished(c)
			continue
		}
		if inc.reuseSource(srcs[i], c, sc) {
			// A reused file waits for the feed with no bytes of its own
			// (the block is copied from the previous .MOD): its slot goes
			// back now. Held until the feed took it, it kept a repack's
			// workers 64 files ahead at most, trading one file for the
			// next with the feed, a wake-up each: 136-151 ms for 37,000
			// reused files against 110-113 ms without the bound (the
			// issue 47 shape). The lowest unfed file is always picked
			// already (files are picked in order), so the feed never
			// waits for a slot. (The feed knows such a file by c.reused
			// and gives nothing back for it.)
			r.release()
			r.finished(c)
			r.pr.report(StageCompile, compiledN.Add(1), int64(len(srcs)), srcs[i].rel)
			continue
		}
		var ids bindat.StringIDs
		if r.opt.StringIDs != nil && srcs[i].kind == kindBINDAT {
			ids = r.opt.StringIDs(srcs[i].name)
		}
		compileFile(srcs[i], compileOpts{ids: ids, strict: r.opt.StrictNumbers, hash: inc.on, scratch: sc}, c)
		inc.compiledSource(srcs[i], c)
		r.finished(c)
		r.pr.report(StageCompile, compiledN.Add(1), int64(len(srcs)), srcs[i].rel)
	}
}

// finished marks c done (the worker has no more to do with it) and wakes
// the feed if it waits: a worker that finds the wake-up already pending
// leaves it, since the feed looks at its file again whenever it wakes.
func (r *packRun) finished(c *compiled) {
	c.ready.Store(true)
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// rank is the manifest order of an entry: entries sort by name within
// their folder.
func (r *packRun) rank(name string) int {
	files := r.col.files
	return 2 * sort.Search(len(files), func(i int) bool { return files[i].name >= name })
}

// startFeed starts the writer feed: the assets first (their compression
// overlaps the compiling), then the compiled files in name order as they
// finish, so the block order is the same on every run. write waits for it
// (feedErr); a pack that ends before stops it (stopFeed).
func (r *packRun) startFeed() {
	r.total.Store(int64(len(r.col.files)))
	r.feedErr = make(chan error, 1)
	// The walk grids the feed read: the grids stage checks these bytes
	// instead of reading each .MPP a second time.
	r.grids = map[string][]byte{}
	r.fed = make(chan struct{})
	r.feeding = true
	go func() {
		var err error
		defer func() {
			if err != nil {
				r.icancel() // the compile workers stop waiting for the feed
			}
			r.feedErr <- err
		}()
		err = func() error {
			defer close(r.fed)
			if err := r.feedAssets(); err != nil {
				return err
			}
			return r.feedCompiled()
		}()
	}()
}

// stopFeed stops the feed of a pack that ends before write, and waits for
// it and the compile workers.
func (r *packRun) stopFeed() {
	if !r.feeding {
		return
	}
	r.feeding = false
	r.icancel()
	if r.writerOpen {
		// the feed may be waiting in Add for the compressors to make room
		r.w.Cancel(context.Canceled)
	}
	r.compilersDone()
	<-r.feedErr
}

// feedAssets writes the assets, each copied from the previous .MOD when
// the incremental cache has it; level grids are kept for the grids stage.
func (r *packRun) feedAssets() error {
	w, inc := r.w, r.inc
	for _, f := range r.assets {
		if err := r.ictx.Err(); err != nil {
			return err
		}
		fh := mod.FileHeader{Name: f.name, Type: f.typ, ExplicitType: true, FileTime: mod.FileTime(f.mtime.UnixNano()), Order: f.rank}
		var gb []byte
		if isLevelGrid(f.name) && f.size <= 64<<20 {
			b, err := f.read(nil)
			if err != nil {
				return err
			}
			r.grids[f.name], gb = b, b
		}
		e, next, err := inc.asset(f, gb)
		if err != nil {
			return fmt.Errorf("%s: %w", f.rel, err)
		} else if e != nil {
			if err := inc.copyReused(w, e, fh, next.Payload); err != nil {
				return fmt.Errorf("%s: %w", f.rel, err)
			}
		} else if gb != nil {
			if err := w.Add(fh, bytes.NewReader(gb)); err != nil {
				return fmt.Errorf("%s: %w", f.rel, err)
			}
		} else {
			rc, err := f.open()
			if err != nil {
				return err
			}
			err = w.Add(fh, rc)
			rc.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", f.rel, err)
			}
		}
		inc.keep(f.name, &next)
		r.pr.report(StageWrite, r.added.Add(1), r.total.Load(), f.rel)
	}
	return nil
}

// feedCompiledStarts, when set (tests), runs as the feed turns to the
// compiled files.
var feedCompiledStarts func(r *packRun)

// feedCompiled writes the compiled files in name order as they finish.
func (r *packRun) feedCompiled() error {
	if feedCompiledStarts != nil {
		feedCompiledStarts(r)
	}
	for i, f := range r.srcs {
		c := r.results[i]
		for !c.ready.Load() {
			select {
			case <-r.wake:
			case <-r.ictx.Done():
				return r.ictx.Err()
			}
		}
		if c.reused == nil { // a reused file's worker gave its slot back
			r.release()
		}
		if c.failed || (c.data == nil && c.reused == nil) {
			continue
		}
		fh := mod.FileHeader{Name: f.name, Type: f.typ, ExplicitType: true, FileTime: mod.FileTime(f.mtime.UnixNano()), Order: c.rank}
		if c.reused != nil {
			if err := r.inc.copyReused(r.w, c.reused, fh, c.next.Payload); err != nil {
				return fmt.Errorf("%s: %w", f.rel, err)
			}
		} else if err := r.w.AddBytes(fh, c.data); err != nil {
			return fmt.Errorf("%s: %w", f.rel, err)
		}
		if c.hasNext {
			r.inc.keep(f.name, &c.next)
		}
		c.data = nil
		r.pr.report(StageWrite, r.added.Add(1), r.total.Load(), f.rel)
	}
	return nil
}
