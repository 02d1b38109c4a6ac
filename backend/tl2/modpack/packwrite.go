package modpack

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"path/filepath"
	"sync"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/tl2/deploy"
	"packsmith/formats/tl2/mod"
)

// buildRAW generates the RAW indices from the compiled sources in memory.
func (r *packRun) buildRAW() error {
	rres, rfind, unres, err := rawStage(r.results, r.srcs, r.base, r.col.files, r.proj)
	if err != nil {
		return err
	}
	fromSources := map[string]int{}
	for _, o := range rres.Outputs {
		fromSources[o.Path] = o.File.Len()
	}
	if len(r.opt.RAWRecords) > 0 {
		if rres.Outputs, err = withRecords(rres.Outputs, r.opt.RAWRecords); err != nil {
			return fmt.Errorf("RAW indices: %w", err)
		}
	}
	for _, o := range rres.Outputs {
		r.res.Indices = append(r.res.Indices, RAWIndex{Path: o.Path, Records: o.File.Len(), FromSources: fromSources[o.Path]})
	}
	r.rres = rres
	r.res.Findings = append(r.res.Findings, notSaidBefore(r.res.Findings, rfind)...)
	r.res.Unresolved = append(r.res.Unresolved, unres...)
	r.pr.report(StageRAW, 7, 7, "")
	return nil
}

// bakeGrids bakes the planned walk grids and checks the others (grids.go),
// once the feed has read the .MPPs it holds.
func (r *packRun) bakeGrids() error {
	select {
	case <-r.fed:
	case <-r.ctx.Done():
	}
	if err := r.ctx.Err(); err != nil {
		return err
	}
	r.gplan.dropScenery(r.compiledScenery())
	gouts, greps, gfind, err := r.gplan.run(r.ctx, r.modDir, r.opt, r.col.files, r.grids, func(d, t int64, f string) { r.pr.report(StageGrids, d, t, f) })
	if err != nil {
		return err
	}
	r.gouts = gouts
	r.res.Grids = greps
	r.res.Findings = append(r.res.Findings, gfind...)
	return nil
}

// compiledScenery says, by name, which sources the compile stage found to
// be layouts under LAYOUTS/ that place no room piece (compiled.scenery).
func (r *packRun) compiledScenery() func(name string) bool {
	scenery := map[string]bool{}
	for i, c := range r.results {
		if c.scenery {
			scenery[r.srcs[i].name] = true
		}
	}
	return func(name string) bool { return scenery[name] }
}

// write waits for the feed, adds the baked grids and the RAW indices,
// closes the writer (the manifest) and starts the flush to disk that
// commit waits for.
func (r *packRun) write() error {
	res, w, out := r.res, r.w, r.out
	r.total.Add(int64(len(r.rres.Outputs) + len(r.gouts)))
	r.pr.report(StageWrite, r.added.Load(), r.total.Load(), "")
	r.feeding = false
	if err := <-r.feedErr; err != nil {
		r.icancel()
		if r.ctx.Err() != nil {
			return r.ctx.Err()
		}
		return fmt.Errorf("writing %s: %w", out, err)
	}
	ft := mod.FileTime(r.col.newest.UnixNano())
	for _, g := range r.gouts {
		fh := mod.FileHeader{Name: g.name, Type: mod.TypeMPP, ExplicitType: true, FileTime: ft, Order: r.rank(g.name)}
		if g.src != nil {
			fh.FileTime = mod.FileTime(g.src.mtime.UnixNano())
		}
		if err := w.Add(fh, bytes.NewReader(g.data)); err != nil {
			return fmt.Errorf("writing %s: %s: %w", out, g.name, err)
		}
		r.pr.report(StageWrite, r.added.Add(1), r.total.Load(), g.name)
	}
	for _, o := range r.rres.Outputs {
		if err := w.Add(mod.FileHeader{Name: o.Path, Type: mod.TypeRAW, ExplicitType: true, FileTime: ft, Order: r.rank(o.Path) - 1}, bytes.NewReader(o.Data)); err != nil {
			return fmt.Errorf("writing %s: %s: %w", out, o.Path, err)
		}
		res.RAWs = append(res.RAWs, o.Path)
		r.pr.report(StageWrite, r.added.Add(1), r.total.Load(), o.Path)
	}
	r.writerOpen = false
	if err := w.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	if err := r.ctx.Err(); err != nil {
		return err
	}
	res.Compiled, res.Assets, res.Reused = r.nCompiled, len(r.assets), int(r.inc.reused.Load())
	res.Entries = r.nCompiled + r.nKept + len(r.assets) + len(r.rres.Outputs) + len(r.gouts)
	if r.inc.note != "" {
		sev := SevInfo
		if r.opt.reuseFailed != "" {
			sev = SevWarning // a file on disk changed under its cache: worth knowing
		}
		res.Findings = append(res.Findings, Finding{Severity: sev, Stage: StageWrite, Message: r.inc.note})
	}
	r.pr.report(StageWrite, r.total.Load(), r.total.Load(), "")

	// The flush to disk Commit needs runs while verify reads the file (it
	// waits for it before closing or removing the file, so a cancel still
	// leaves nothing behind).
	r.writeback()
	r.synced = make(chan error, 1)
	go func() { r.synced <- r.tmp.File.Sync() }()
	r.syncing = true
	r.atExit(func() {
		if r.syncing {
			<-r.synced
		}
	})
	return nil
}

// writebackEvery is how often a pack asks the kernel to start writing the
// temporary .MOD out while it is being written (safefile.StartWriteback).
const writebackEvery = 25 * time.Millisecond

// startWriteback starts the early write-out of f: every writebackEvery
// until the returned func is called (once is enough; it waits for the
// last call to end), so the flush before the commit has little left to
// write. The flush is still what makes the file safe.
func startWriteback(f *safefile.File) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(writebackEvery)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				f.StartWriteback()
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(quit) })
		<-done
	}
}

// verify reads the written file back, before it replaces anything, and
// checks it against what the writer recorded (or, with FullVerify,
// inflates every entry); it takes the file's hashes.
func (r *packRun) verify() error {
	res, tmp := r.res, r.tmp
	st, err := tmp.File.Stat()
	if err != nil {
		return err
	}
	res.Size = st.Size()
	written := r.w.Written()
	r.cache = make(chan stagedCache, 1)
	go func() { r.cache <- r.inc.stage(r.out, st, written) }()
	r.atExit(func() {
		if !r.cacheTaken {
			(<-r.cache).abort()
		}
	})
	vprog := func(done, total int64, what string) { r.pr.report(StageVerify, done, total, what) }
	var finds []mod.Finding
	var rd *mod.Reader
	if r.opt.FullVerify {
		if rd, err = mod.NewReader(tmp.File, st.Size(), nil); err != nil {
			return fmt.Errorf("verify: the written .MOD does not read back: %w", err)
		}
		// The file's SHA-256 on its own read, beside the inflating.
		sum := hashFile(r.ctx, tmp.File, st.Size())
		finds, err = rd.Verify(r.ctx, vprog)
		res.Hashes.SHA256 = <-sum
	} else {
		// VerifyWrittenFile reads the file once, front to back, beside
		// the manifest's parse, and hands each buffer to the SHA-256 on
		// a goroutine of its own: no second read, and the hash runs
		// beside the check instead of after it.
		var h hash.Hash
		if r.opt.SHA256 {
			h = sha256.New()
		}
		var teed int64
		if rd, finds, teed, err = mod.VerifyWrittenFile(r.ctx, tmp.File, st.Size(), written, h, nil, vprog); rd == nil && err != nil && r.ctx.Err() == nil {
			return fmt.Errorf("verify: the written .MOD does not read back: %w", err)
		}
		if h != nil && teed == st.Size() {
			res.Hashes.SHA256 = hex.EncodeToString(h.Sum(nil))
		} else if h != nil && err == nil && r.ctx.Err() == nil {
			res.Hashes.SHA256 = <-hashFile(r.ctx, tmp.File, st.Size()) // it stopped early: read it again
		}
	}
	if res.Hashes.SHA256 == "" && err == nil && r.ctx.Err() == nil && (r.opt.FullVerify || r.opt.SHA256) {
		err = errors.New("verify: the written .MOD could not be read back for its SHA-256")
	}
	if err != nil {
		return err
	}
	if err := r.inc.copyFailure(finds); err != nil {
		return err
	}
	for _, f := range finds {
		if f.Check == "mpp-stub" || f.Check == "layout-without-mpp" || f.Severity == mod.SevInfo {
			continue // the grids stage said it, naming the source
		}
		sev := SevWarning
		if f.Severity == mod.SevError {
			sev = SevError
		}
		res.Findings = append(res.Findings, Finding{Severity: sev, Stage: StageVerify, File: f.Entry, Message: "verify: " + f.Message})
	}
	if len(rd.Entries) != res.Entries {
		res.Findings = append(res.Findings, Finding{Severity: SevError, Stage: StageVerify, Message: fmt.Sprintf("verify: the .MOD lists %d files, %d were written", len(rd.Entries), res.Entries)})
	}
	res.Hashes.RollingHash = fmt.Sprintf("0x%08X", rd.RollingHashStored)
	res.Hashes.MHash = fmt.Sprintf("0x%08X", rd.MHash)
	res.Hashes.ReqHash = fmt.Sprintf("0x%016X", rd.Header.ReqHash)
	if Count(res.Findings, SevError) > 0 {
		return r.blocked()
	}
	return nil
}

// commit renames the verified file over the output once it is on disk,
// saves the incremental cache, and writes a fresh MOD_ID back to MOD.DAT
// (Options.WriteModID).
func (r *packRun) commit() error {
	res, out := r.res, r.out
	r.syncing = false
	if err := <-r.synced; err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	old := holdReplaced(out, r.inc.takePrev())
	if err := r.tmp.Commit(); err != nil {
		old.Close()
		return fmt.Errorf("writing %s: %w", out, err)
	}
	go old.Close() // frees the replaced .MOD's blocks, off the pack's path
	r.committed = true
	r.cacheTaken = true
	if err := r.inc.save(out, <-r.cache, r.opt.session); err != nil {
		res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageWrite, Message: "the incremental cache was not written (the next pack is a full one): " + err.Error()})
	}
	if res.ModIDNew && r.opt.WriteModID {
		bak, err := WriteModID(r.modDir, res.ModID)
		if err != nil {
			res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageRead, File: filepath.Base(r.md.Path),
				Message: fmt.Sprintf("the .MOD was written with MOD_ID %d, but MOD.DAT could not be updated: %v", res.ModID, err)})
		} else {
			res.ModIDWritten, res.ModDatBackup = true, bak
		}
	}
	return nil
}

// deploying says whether the deploy stage runs: asked for, and not held
// (Options.HoldGuessedDeploy).
func (r *packRun) deploying() bool {
	return r.opt.Deploy && !holdDeploy(&r.opt, r.res)
}

// holdDeploy decides whether Pack holds the deploy (Options.HoldGuessedDeploy,
// deploy.Hold) and says so in a finding.
func holdDeploy(opt *Options, res *Result) bool {
	if !opt.HoldGuessedDeploy {
		return false
	}
	h := deploy.Hold(opt.ModsDir, res.ModID, filepath.Base(res.Output), opt.Enable, len(res.Unresolved))
	if h == nil {
		return false
	}
	res.DeployHeld = h
	res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageDeploy,
		Message: "not deployed yet: " + h.Reason + "; confirm to replace it, or pack with the game folder so nothing is guessed"})
	return true
}

// deployMod copies the .MOD into the mods folder (backend/tl2/deploy).
func (r *packRun) deployMod() error {
	res := r.res
	d, err := deploy.Mod(r.ctx, r.out, res.ModID, r.opt.ModsDir, r.opt.Enable)
	res.Deploy = d
	if d != nil {
		for _, m := range d.Warnings {
			res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageDeploy, Message: m})
		}
	}
	if err != nil {
		return err
	}
	r.pr.report(StageDeploy, 1, 1, d.Path)
	return nil
}
