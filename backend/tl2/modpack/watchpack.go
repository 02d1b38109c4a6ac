package modpack

import (
	"context"
	"path/filepath"
	"strings"
	"sync"

	"packsmith/backend/sys/watch"
)

// Watch packs modDir with opt, then again after every save under it
// (backend/watch: polled, debounced, editors' temporary files ignored),
// until ctx ends; each is called after every pack with its result, its
// error and the files whose change started it (none for the first). Give
// opt.Incremental for quick repacks. The output and its cache are not
// watched (they are written by the pack itself), and a MOD_ID the pack
// wrote into MOD.DAT is no change. A pack cut short by ctx is not
// reported: Pack leaves nothing behind, and Watch returns nil.
func Watch(ctx context.Context, modDir string, opt Options, wo watch.Options, each func(res *Result, err error, changed []string)) error {
	var mu sync.Mutex
	out := ""
	if opt.Output != "" {
		out, _ = filepath.Abs(opt.Output)
	} else if md, err := ReadModDat(modDir); err == nil {
		out = DefaultOutput(modDir, md)
	}
	root := filepath.Clean(modDir)
	if a, err := filepath.Abs(root); err == nil {
		root = a
	}
	extra := wo.Ignore
	wo.Ignore = func(p string) bool {
		if strings.HasSuffix(strings.ToLower(p), strings.ToLower(CacheSuffix)) {
			return true
		}
		// A .MOD beside MOD.DAT is an output (of this pack, or of one
		// before MOD_FILE_NAME changed), never a source.
		if filepath.Dir(p) == root && strings.EqualFold(filepath.Ext(p), ".mod") {
			return true
		}
		mu.Lock()
		o := out
		mu.Unlock()
		if o != "" && strings.EqualFold(p, o) {
			return true
		}
		return extra != nil && extra(p)
	}
	w, err := watch.New(root, wo)
	if err != nil {
		return err
	}
	defer w.Close()
	// What each pack learned is kept for the next (session.go).
	ws := &watchSession{ignore: wo.Ignore}
	opt.session = ws
	once := func(changed []string) {
		ws.mu.Lock()
		ws.changed = changed
		ws.mu.Unlock()
		res, err := Pack(ctx, modDir, opt)
		if ctx.Err() != nil {
			return
		}
		if res != nil {
			if res.Output != "" {
				mu.Lock()
				out = res.Output
				mu.Unlock()
			}
			if res.ModIDWritten && res.Mod != nil {
				w.Accept(filepath.Base(res.Mod.Path))
			}
		}
		each(res, err, changed)
	}
	once(nil)
	for {
		changed, err := w.Next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if ws.untouched(changed) {
			continue // touched, not changed: the .MOD is already what a pack would write
		}
		once(changed)
	}
}
