package modpack

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/workpool"
)

// packRun is the state one pack carries from stage to stage.
type packRun struct {
	ctx            context.Context
	modDir         string  // "" for a mod held in memory (mem)
	mem            *Memory // the mod, when held in memory (PackMemory)
	opt            Options // as PACKSMITH.JSON leaves them (applyProject)
	res            *Result
	pr             *progress
	t0, stageStart time.Time
	exits          []func() // what the pack undoes or waits for when it ends, last first
	gcRestore      func()   // ends roomyGC: a repack's collector setting (gcroom.go)

	// read
	md     *ModDat
	proj   *Project
	gv     mod.GameVersion
	replay bool   // a string numbering from the caller (ReplayGUTS): no incremental reuse
	out    string // the .MOD, absolute
	incCh  chan *incState
	inc    *incState // nil until collectMedia waits for incCh
	base   baseSource

	// collect
	col          *collection
	srcs, assets []*srcFile
	gplan        *gridPlan

	// the output and its writer
	tmp        *safefile.File
	committed  bool
	w          *mod.Writer
	writerOpen bool
	workers    int
	ictx       context.Context // the compile workers' and the feed's: ends with the pack or a failed feed
	icancel    context.CancelFunc

	// compile and the writer feed
	results       []*compiled   // one per source, in srcs order
	compilersDone func()        // waits until the compilers have returned (startCompilers)
	ahead         chan struct{} // bounds the compiled files waiting for the feed
	wake          chan struct{} // a worker finished a file: the feed looks again (finished)
	bounded       bool
	// entries fed, and to feed (write progress), on a cache line of their
	// own: the feed bumps added once a file while the compile workers
	// read the fields around it as often (sharing the line cost the feed
	// a tenth of its time).
	_                [64]byte
	added, total     atomic.Int64
	_                [64]byte
	feeding          bool // the feed runs and nobody waited for feedErr yet
	feedErr          chan error
	fed              chan struct{}     // closed when the feed is done, or failed: grids is complete
	grids            map[string][]byte // the walk grids the feed read, for the grids stage
	nCompiled, nKept int

	// RAW, grids, write
	rres  *raw.Result
	gouts []gridOutput

	// verify
	writeback  func()     // stops the temporary file's early write-out (startWriteback)
	synced     chan error // the temporary file's flush to disk
	syncing    bool
	cache      chan stagedCache // the new cache, staged beside verify (incState.stage)
	cacheTaken bool             // commit took it (else the pack's end removes it)
}

func pack(ctx context.Context, modDir string, opt Options) (*Result, error) {
	r := newPackRun(ctx, modDir, opt)
	err := r.run()
	return r.res, err
}

func newPackRun(ctx context.Context, modDir string, opt Options) *packRun {
	r := &packRun{ctx: ctx, modDir: modDir, opt: opt, pr: &progress{fn: opt.Progress}, t0: time.Now(),
		res: &Result{ModDir: modDir, Findings: []Finding{}, Unresolved: []Unresolved{}, RAWs: []string{}, Stages: []StageTime{}, Grids: []GridReport{}}}
	r.stageStart = r.t0
	return r
}

// run runs the stages, then what they left to undo or wait for, then
// closes the books (stage times, findings in order).
func (r *packRun) run() error {
	defer r.finish()
	defer func() {
		for i := len(r.exits) - 1; i >= 0; i-- {
			r.exits[i]()
		}
	}()
	if err := r.stages(); err != nil {
		r.stopFeed()
		return err
	}
	return nil
}

// stages is the pack (the pipeline of doc.go): each stage in order, each
// step a method that reads what the ones before it left in the run and
// leaves its own part; the first error ends the pack. Compiling, the
// writer feed and the walk grids overlap: compile starts the feed
// (assets, then the compiled files, into the writer) and the stages after
// it run while the feed works, until write joins it.
func (r *packRun) stages() error {
	if err := r.stage(StageRead,
		r.readModDat,   // MOD.DAT, PACKSMITH.JSON, the game version, MOD_ID
		r.placeOutput,  // the .MOD's path; its incremental cache starts opening
		r.openBaseData, // base-game data for UNITDATA's BASEFILE chain
	); err != nil {
		return err
	}
	if err := r.stage(StageCollect,
		r.collectMedia, // MEDIA/ → sources and assets; which grids to bake
		r.openWriter,   // the temporary .MOD beside the output, and its writer
	); err != nil {
		return err
	}
	if err := r.stage(StageCompile, r.compile); err != nil { // text → BINDAT/BINLAYOUT on all cores, streamed to the writer
		return err
	}
	if err := r.stage(StageRAW, r.buildRAW); err != nil { // the seven RAW indices, from the compiled sources
		return err
	}
	if err := r.stage(StageGrids, r.bakeGrids); err != nil { // level walk grids baked or checked
		return err
	}
	if err := r.stage(StageWrite, r.write); err != nil { // the grids and RAW indices, then the manifest
		return err
	}
	if err := r.stage(StageVerify,
		r.verify, // the written file read back and checked
		r.commit, // renamed over the output; the cache; MOD_ID into MOD.DAT
	); err != nil {
		return err
	}
	if !r.deploying() {
		return nil
	}
	return r.stage(StageDeploy, r.deployMod) // into the mods folder (backend/tl2/deploy)
}

// stage begins stage s (timed and shown from here to the next begin) and
// runs its steps in order; the first error ends it.
func (r *packRun) stage(s Stage, steps ...func() error) error {
	r.begin(s)
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// atExit queues fn for the end of the pack, whatever the outcome.
func (r *packRun) atExit(fn func()) { r.exits = append(r.exits, fn) }

// begin starts stage s: the one before it is timed, and progress shows s.
func (r *packRun) begin(s Stage) {
	if len(r.res.Stages) > 0 {
		r.res.Stages[len(r.res.Stages)-1].Millis = time.Since(r.stageStart).Milliseconds()
	}
	r.stageStart = time.Now()
	r.res.Stages = append(r.res.Stages, StageTime{Stage: s})
	r.pr.stage(s)
	r.pr.report(s, 0, 0, "")
}

func (r *packRun) finish() {
	if len(r.res.Stages) > 0 {
		r.res.Stages[len(r.res.Stages)-1].Millis = time.Since(r.stageStart).Milliseconds()
	}
	r.res.Millis = time.Since(r.t0).Milliseconds()
	sortFindings(r.res.Findings)
}

// blocked is the error of a pack stopped by error findings: a *PackError
// holding every finding so far.
func (r *packRun) blocked() error {
	return &PackError{Findings: append([]Finding(nil), r.res.Findings...)}
}

// readModDat reads MOD.DAT and PACKSMITH.JSON, picks the game version and
// the MOD_ID.
func (r *packRun) readModDat() error {
	var md *ModDat
	var err error
	if r.mem != nil {
		md = r.mem.ModDat
	} else if md, err = ReadModDat(r.modDir); err != nil {
		return err
	}
	res := r.res
	r.md, res.Mod = md, md
	res.Findings = append(res.Findings, md.Findings...)
	givenVer := r.opt.GameVersion != "" || r.opt.GameDir != ""
	r.replay = r.opt.StringIDs != nil
	if r.mem == nil {
		if r.proj, err = applyProject(r.modDir, &r.opt); err != nil { // project.go
			return err
		}
	}
	gv, from, err := ResolveGameVersion(r.opt.GameVersion, r.opt.GameDir)
	if err != nil {
		return fmt.Errorf("game version: %w", err)
	}
	if r.proj != nil && !givenVer && r.proj.GameVersion != "" {
		from = ProjectFile
	}
	r.gv = gv
	res.GameVersion, res.GameVersionFrom = gv.String(), from
	res.ModID = md.ModID
	if !md.HasModID {
		res.ModID, res.ModIDNew = NewModID(), true
		if !r.opt.WriteModID {
			res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageRead, File: filepath.Base(md.Path),
				Message: fmt.Sprintf("no MOD_ID: packed with the fresh id %d, but it is not written back, so the next pack gets another and the game sees a different mod (allow writing it to MOD.DAT)", res.ModID)})
		}
	}
	return nil
}

// placeOutput settles the .MOD's path (never inside MEDIA/) and starts
// reading its incremental cache (incremental.go), which collectMedia waits for.
func (r *packRun) placeOutput() error {
	out := r.opt.Output
	if out == "" {
		out = DefaultOutput(r.modDir, r.md)
	}
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	r.out, r.res.Output = out, out
	if err := r.guardOutput(); err != nil {
		return err
	}
	if r.opt.Incremental {
		// Until the cache says whether this is a repack (collectMedia).
		r.gcRestore = roomyGC()
		r.atExit(r.gcRestore)
	}
	r.incCh = make(chan *incState, 1)
	go func(o Options) { r.incCh <- openIncremental(&o, out, r.proj, r.replay) }(r.opt)
	r.atExit(func() { r.openedInc().close() })
	if r.mem != nil {
		return nil
	}
	if media, _, err := findMedia(r.modDir); err == nil {
		if rel, err := filepath.Rel(media, out); err == nil && !strings.HasPrefix(rel, "..") {
			return fmt.Errorf("output %s is inside MEDIA/: the next pack would pack it too; write it elsewhere", out)
		}
	}
	return nil
}

// openedInc is the incremental state, once openIncremental is done.
func (r *packRun) openedInc() *incState {
	if r.inc == nil {
		r.inc = <-r.incCh
	}
	return r.inc
}

// openBaseData opens the base-game data (basefs.go), with what an unpacked
// .MOD's UNITDATA.RAW held behind it (projectbase.go).
func (r *packRun) openBaseData() error {
	base, baseNote, baseDone, err := openBase(&r.opt)
	if err != nil {
		return err
	}
	r.atExit(baseDone)
	r.base, r.res.BaseData = withProjectBase(base, baseNote, r.proj)
	return r.ctx.Err()
}

// collectMedia collects MEDIA/ (collect.go), splits it into sources to
// compile and assets packed as they are, and plans the walk grids.
func (r *packRun) collectMedia() error {
	var col *collection
	var err error
	if r.mem != nil {
		col, err = r.mem.collection()
	} else {
		col, err = collectIn(r.opt.session, r.modDir, func() bool { return r.ctx.Err() != nil })
	}
	if err != nil {
		if r.ctx.Err() != nil {
			return r.ctx.Err()
		}
		return err
	}
	r.col = col
	r.res.Findings = append(r.res.Findings, col.findings...)
	if Count(col.findings, SevError) > 0 {
		return r.blocked()
	}
	if r.openedInc().prev == nil && r.gcRestore != nil {
		r.gcRestore() // a full pack: it streams, the default suits it
	}
	for i, f := range col.files {
		f.rank = 2 * i // what packRun.rank finds (names are unique and sorted)
		r.res.SourceBytes += f.size
		if f.kind == kindAsset {
			r.assets = append(r.assets, f)
		} else {
			r.srcs = append(r.srcs, f)
		}
	}
	r.pr.report(StageCollect, int64(len(col.files)), int64(len(col.files)), "")
	if r.gplan, err = planGrids(col.files, r.opt.MPP, r.openedInc().knownScenery, true); err != nil {
		return err
	}
	r.assets = r.gplan.assets(r.assets)
	return nil
}

// openWriter creates the temporary .MOD beside the output and the writer
// over it; both are dropped when the pack does not commit.
func (r *packRun) openWriter() error {
	if dir := filepath.Dir(r.out); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	tmp, err := safefile.Create(r.out)
	if err != nil {
		return err
	}
	r.tmp = tmp
	r.atExit(func() {
		if !r.committed {
			tmp.Abort()
		}
	})
	r.writeback = startWriteback(tmp)
	r.atExit(r.writeback)
	md := r.md
	hdr := &mod.Header{
		Version: 4, ModVersion: md.Version, GameVersion: r.gv,
		Title: md.Name, Author: md.Author, Description: md.Description, Website: md.Website, DownloadURL: md.DownloadURL,
		ModID: r.res.ModID, Required: md.Required, Remove: md.Remove,
	}
	r.workers = workpool.Workers(r.opt.Workers)
	if r.w, err = mod.NewWriter(tmp.File, hdr, &mod.WriterOptions{Level: r.opt.Level, LevelOf: zlibLevels(r.opt.Level), Workers: r.workers, Entries: len(r.col.files) + len(r.gplan.jobs) + 8 /* the RAW indices */}); err != nil {
		return err
	}
	r.writerOpen = true
	r.atExit(func() {
		if r.writerOpen {
			r.w.Abort()
		}
	})
	r.ictx, r.icancel = context.WithCancel(r.ctx)
	r.atExit(r.icancel)
	return nil
}
