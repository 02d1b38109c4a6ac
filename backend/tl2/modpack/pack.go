package modpack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/sys/usermsg"
	"packsmith/backend/tl2/deploy"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/mpp"
	"packsmith/formats/tl2/raw"
)

// Options tune Pack. The zero value packs next to the mod folder with the
// default game version, hash string ids, all cores and no deploy.
type Options struct {
	// Output is the .MOD to write; "" means <mod folder>/<OutputName>.
	Output string
	// GameVersion "a.b.c.d" wins over GameDir; with neither,
	// DefaultGameVersion is stamped.
	GameVersion string
	// GameDir is the game's install folder: the version comes from
	// Torchlight2.exe's version resource, as GUTS does.
	GameDir string
	// BaseDir holds base-game data for UNITDATA's BASEFILE chain: a MEDIA
	// folder (the game's, or one extracted from DATA.PAK), or the game's
	// folder or DATA.PAK, read in place. Without it GameDir's DATA.PAK is
	// read, else with FindGame the first install found. Units inheriting
	// from base files nobody has get GUTS's defaults (guessed), each
	// reported in Unresolved.
	BaseDir string
	// MPP is the walk-grid mode: MPPBake ("" too), MPPKeep or MPPNone
	// (see grids.go). The game's pieces and meshes come from GameDir's
	// DATA.PAK when it has one, else from BaseDir.
	MPP string
	// FindGame looks for the game (tl2game.Find) when neither BaseDir nor
	// GameDir is given.
	FindGame bool
	// WriteModID writes the fresh MOD_ID into MOD.DAT (after a backup) when
	// it has none, once the .MOD is written.
	WriteModID bool

	// Deploy copies the .MOD into ModsDir ("" = deploy.DefaultModsDir)
	// and, with Enable, lists it first in modlauncher.sch (backend/tl2/deploy).
	Deploy  bool
	ModsDir string
	Enable  bool
	// HoldGuessedDeploy skips the deploy when inherited fields were
	// guessed and it would replace a deployed copy (deploy.Hold);
	// Result.DeployHeld says so, for the window to ask.
	HoldGuessedDeploy bool

	// StringIDs numbers each BINDAT's string table (nil: bindat.HashIDs,
	// which needs no shared state). A stateful numbering such as a
	// bindat.Session needs GUTSOrder. See ReplayGUTS.
	StringIDs func(file string) bindat.StringIDs
	// GUTSOrder compiles one file at a time in GUTS's order: sources by
	// path, .ANIMATION files last.
	GUTSOrder bool

	// Workers compile in parallel (0: GOMAXPROCS); Level is the zlib level
	// (0: 6, GUTS's).
	Workers int
	Level   int

	// Incremental reuses, when the previous .MOD is at Output with its
	// cache (OUT.MOD.packcache), the compressed bytes of every source that
	// did not change (incremental.go). The output is byte-identical to a
	// full pack.
	Incremental bool
	reuseFailed string // the previous .MOD failed to copy from: why (Pack packs again in full)

	// StrictNumbers refuses numeric values that are not numbers as a whole
	// instead of reading them the C way, as GUTS does, with a warning each
	// (bindat.CNumber).
	StrictNumbers bool

	// FullVerify inflates every entry of the written .MOD and checks its
	// size and CRC-32 (mod.Reader.Verify) instead of the default check
	// against what the writer recorded (mod.Reader.VerifyWritten); see
	// the package doc, stage verify.
	FullVerify bool

	// Progress is called with each stage's progress, one stage at a time
	// in Stages order. It may be called from several goroutines but never
	// concurrently.
	Progress func(Progress)
}

// ReplayGUTS numbers strings as a GUTS build does: one counter from first
// across every file, in GUTS's compile order (XOVER's build started at 230).
// Only useful to reproduce a GUTS .MOD byte for byte; the game resolves
// ids per file, so the default numbering loads the same.
func (o *Options) ReplayGUTS(first uint32) {
	s := bindat.NewSession(first)
	o.StringIDs = func(string) bindat.StringIDs { return s }
	o.GUTSOrder = true
}

// Progress is one progress report.
type Progress struct {
	Stage Stage  `json:"stage"`
	Done  int64  `json:"done"`
	Total int64  `json:"total"`
	File  string `json:"file"`
}

// Unresolved is a unit whose BASEFILE chain leaves the mod and could not
// be read, so UNITDATA.RAW carries 0/"" for the values it inherits.
type Unresolved struct {
	File     string   `json:"file"`     // the unit, as on disk
	BaseFile string   `json:"baseFile"` // the first missing link
	Missing  []string `json:"missing"`  // the fields left at their defaults
}

// Hashes are the checksums of the written .MOD.
type Hashes struct {
	RollingHash string `json:"rollingHash"` // the one the game checks
	MHash       string `json:"mhash"`
	ReqHash     string `json:"reqHash"`
	SHA256      string `json:"sha256"` // of the whole file
}

// StageTime is how long a stage took.
type StageTime struct {
	Stage  Stage `json:"stage"`
	Millis int64 `json:"ms"`
}

// Result is what Pack did. It is returned, with the findings so far, also
// when packing fails.
type Result struct {
	ModDir      string   `json:"modDir"`
	Output      string   `json:"output"`
	Size        int64    `json:"size"`
	Entries     int      `json:"entries"`  // files in the .MOD
	Compiled    int      `json:"compiled"` // BINDAT + BINLAYOUT compiled this time
	Reused      int      `json:"reused"`   // entries whose bytes came from the previous .MOD (Incremental)
	Assets      int      `json:"assets"`   // packed as they are
	RAWs        []string `json:"raws"`
	SourceBytes int64    `json:"sourceBytes"` // bytes read from MEDIA/
	Mod         *ModDat  `json:"mod"`

	ModID        int64  `json:"modId,string"`
	ModIDNew     bool   `json:"modIdNew"`     // MOD.DAT had none
	ModIDWritten bool   `json:"modIdWritten"` // and it was written back
	ModDatBackup string `json:"modDatBackup,omitempty"`

	GameVersion     string `json:"gameVersion"`
	GameVersionFrom string `json:"gameVersionFrom"`
	// BaseData says where inherited unit fields were read ("none", "the
	// game's DATA.PAK (…)", "the folder …").
	BaseData string `json:"baseData"`

	Hashes     Hashes         `json:"hashes"`
	Findings   []Finding      `json:"findings"`
	Unresolved []Unresolved   `json:"unresolved"`
	Grids      []GridReport   `json:"grids"`
	Deploy     *deploy.Result `json:"deploy,omitempty"`
	DeployHeld *deploy.Held   `json:"deployHeld,omitempty"`
	Stages     []StageTime    `json:"stages"`
	Millis     int64          `json:"ms"`
}

var errCancelled = context.Canceled

// compileAhead is how many compiled files may wait for the writer.
const compileAhead = 64

// OutputName is the .MOD file name for a mod: MOD_FILE_NAME, else NAME,
// else the folder's name, made safe for a file name, with ".MOD" added when
// it has no .mod extension.
func OutputName(md *ModDat, modDir string) string {
	clean := func(n string) string {
		n = strings.Map(func(r rune) rune {
			if r < 32 || strings.ContainsRune(`<>:"/\|?*`, r) {
				return '_'
			}
			return r
		}, n)
		return strings.Trim(n, " .")
	}
	n := ""
	for _, c := range []string{md.FileName, md.Name, filepath.Base(filepath.Clean(modDir))} {
		if n = clean(c); n != "" {
			break
		}
	}
	if n == "" {
		n = "MOD"
	}
	if !strings.EqualFold(filepath.Ext(n), ".mod") {
		n += ".MOD"
	}
	return n
}

// progress serialises reports and shows one stage at a time.
type progress struct {
	mu  sync.Mutex
	fn  func(Progress)
	cur Stage
}

func (p *progress) stage(s Stage) {
	p.mu.Lock()
	p.cur = s
	p.mu.Unlock()
}

func (p *progress) report(s Stage, done, total int64, file string) {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s == p.cur {
		p.fn(Progress{Stage: s, Done: done, Total: total, File: file})
	}
}

// Pack turns the mod folder modDir (MOD.DAT + MEDIA/) into a .MOD: it
// reads MOD.DAT, collects MEDIA/, compiles every text source (never
// trusting compiled files beside it), builds the RAW indices, checks the
// level walk grids, writes the .MOD to a temporary file, verifies it and
// renames it into place, then deploys it when asked. On failure or
// cancellation nothing is left behind; the Result still carries the
// findings (a *PackError lists the blocking ones).
func Pack(ctx context.Context, modDir string, opt Options) (*Result, error) {
	t0 := time.Now()
	res, err := pack(ctx, modDir, opt)
	var ce *mod.CopyError
	if err != nil && opt.Incremental && opt.reuseFailed == "" && ctx.Err() == nil && errors.As(err, &ce) {
		// The one source CopyRaw reads is the previous .MOD: a block of
		// it did not read back as its manifest says (damaged since it
		// was written, with its size and time kept). Nothing is lost by
		// packing in full, and the cache is made again.
		opt.reuseFailed = err.Error()
		res, err = pack(ctx, modDir, opt)
		res.Millis = time.Since(t0).Milliseconds()
	}
	plainResult(res, err)
	return res, usermsg.Error(err)
}

// plainResult words what Pack hands the user without Go package prefixes
// ("mppbake: …"; see backend/sys/usermsg): findings, grid reports, and the
// findings of a PackError.
func plainResult(res *Result, err error) {
	if res != nil {
		plainFindings(res.Findings)
		for i := range res.Grids {
			res.Grids[i].Error = usermsg.Plain(res.Grids[i].Error)
		}
	}
	var pe *PackError
	if errors.As(err, &pe) {
		plainFindings(pe.Findings)
	}
}

func plainFindings(fs []Finding) {
	for i := range fs {
		fs[i].Message = usermsg.Plain(fs[i].Message)
	}
}

func pack(ctx context.Context, modDir string, opt Options) (*Result, error) {
	t0 := time.Now()
	res := &Result{ModDir: modDir, Findings: []Finding{}, Unresolved: []Unresolved{}, RAWs: []string{}, Stages: []StageTime{}, Grids: []GridReport{}}
	pr := &progress{fn: opt.Progress}
	stageStart := time.Now()
	begin := func(s Stage) {
		if len(res.Stages) > 0 {
			res.Stages[len(res.Stages)-1].Millis = time.Since(stageStart).Milliseconds()
		}
		stageStart = time.Now()
		res.Stages = append(res.Stages, StageTime{Stage: s})
		pr.stage(s)
		pr.report(s, 0, 0, "")
	}
	finish := func() {
		if len(res.Stages) > 0 {
			res.Stages[len(res.Stages)-1].Millis = time.Since(stageStart).Milliseconds()
		}
		res.Millis = time.Since(t0).Milliseconds()
		sortFindings(res.Findings)
	}
	defer finish()
	fail := func() (*Result, error) {
		return res, &PackError{Findings: append([]Finding(nil), res.Findings...)}
	}

	// 1. MOD.DAT and the game version.
	begin(StageRead)
	md, err := ReadModDat(modDir)
	if err != nil {
		return res, err
	}
	res.Mod = md
	res.Findings = append(res.Findings, md.Findings...)
	givenVer := opt.GameVersion != "" || opt.GameDir != ""
	replay := opt.StringIDs != nil          // a numbering given by the caller (ReplayGUTS): no incremental reuse
	proj, err := applyProject(modDir, &opt) // PACKSMITH.JSON (project.go)
	if err != nil {
		return res, err
	}
	gv, from, err := ResolveGameVersion(opt.GameVersion, opt.GameDir)
	if err != nil {
		return res, fmt.Errorf("game version: %w", err)
	}
	if proj != nil && !givenVer && proj.GameVersion != "" {
		from = ProjectFile
	}
	res.GameVersion, res.GameVersionFrom = gv.String(), from
	res.ModID = md.ModID
	if !md.HasModID {
		res.ModID, res.ModIDNew = NewModID(), true
		if !opt.WriteModID {
			res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageRead, File: filepath.Base(md.Path),
				Message: fmt.Sprintf("no MOD_ID: packed with the fresh id %d, but it is not written back, so the next pack gets another and the game sees a different mod (allow writing it to MOD.DAT)", res.ModID)})
		}
	}
	out := opt.Output
	if out == "" {
		out = filepath.Join(modDir, OutputName(md, modDir))
	}
	if out, err = filepath.Abs(out); err != nil {
		return res, err
	}
	res.Output = out
	// The cache (incremental.go) is read while MEDIA/ is walked.
	incCh := make(chan *incState, 1)
	go func(o Options) { incCh <- openIncremental(&o, out, proj, replay) }(opt)
	var inc *incState
	incOpened := func() *incState {
		if inc == nil {
			inc = <-incCh
		}
		return inc
	}
	defer func() { incOpened().close() }()
	if media, _, err := findMedia(modDir); err == nil {
		if rel, err := filepath.Rel(media, out); err == nil && !strings.HasPrefix(rel, "..") {
			return res, fmt.Errorf("output %s is inside MEDIA/: the next pack would pack it too; write it elsewhere", out)
		}
	}
	base, baseNote, baseDone, err := openBase(&opt) // basefs.go
	if err != nil {
		return res, err
	}
	defer baseDone()
	// Values an unpacked .MOD's UNITDATA.RAW held (projectbase.go), behind
	// the game's data.
	base, baseNote = withProjectBase(base, baseNote, proj)
	res.BaseData = baseNote
	if err := ctx.Err(); err != nil {
		return res, err
	}

	// 2. MEDIA/.
	begin(StageCollect)
	col, err := collect(modDir, func() bool { return ctx.Err() != nil })
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, err
	}
	res.Findings = append(res.Findings, col.findings...)
	if Count(col.findings, SevError) > 0 {
		return fail()
	}
	incOpened()
	var srcs, assets []*srcFile
	for _, f := range col.files {
		res.SourceBytes += f.size
		if f.kind == kindAsset {
			assets = append(assets, f)
		} else {
			srcs = append(srcs, f)
		}
	}
	pr.report(StageCollect, int64(len(col.files)), int64(len(col.files)), "")
	gplan, err := planGrids(col.files, opt.MPP)
	if err != nil {
		return res, err
	}
	assets = gplan.assets(assets)

	// 3–6 overlap: assets stream into the writer while the compile stage
	// runs; RAW and grids run once compiling is done.
	if dir := filepath.Dir(out); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return res, err
		}
	}
	tmp, err := safefile.Create(out)
	if err != nil {
		return res, err
	}
	committed := false
	defer func() {
		if !committed {
			tmp.Abort()
		}
	}()
	hdr := &mod.Header{
		Version: 4, ModVersion: md.Version, GameVersion: gv,
		Title: md.Name, Author: md.Author, Description: md.Description, Website: md.Website, DownloadURL: md.DownloadURL,
		ModID: res.ModID, Required: md.Required, Remove: md.Remove,
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	w, err := mod.NewWriter(tmp.File, hdr, &mod.WriterOptions{Level: opt.Level, Workers: workers})
	if err != nil {
		return res, err
	}
	writerOpen := true
	defer func() {
		if writerOpen {
			w.Abort()
		}
	}()
	ictx, icancel := context.WithCancel(ctx)
	defer icancel()

	// Compile.
	begin(StageCompile)
	results := make([]*compiled, len(srcs))
	for i := range results {
		results[i] = &compiled{done: make(chan struct{})}
	}
	order := make([]int, len(srcs))
	for i := range order {
		order[i] = i
	}
	cw := workers
	if opt.GUTSOrder {
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
	var next, compiledN atomic.Int64
	var cwg sync.WaitGroup
	// ahead bounds the compiled files waiting for the writer feed (memory):
	// a slot is taken before a file is picked, so the lowest unfed file
	// always holds one. GUTS order is not the feed's: no bound there.
	ahead := make(chan struct{}, compileAhead)
	bounded := !opt.GUTSOrder
	release := func() {
		if bounded {
			<-ahead
		}
	}
	for k := 0; k < cw; k++ {
		cwg.Add(1)
		go func() {
			defer cwg.Done()
			sc := &scratch{}
			for {
				if bounded {
					select {
					case ahead <- struct{}{}:
					case <-ictx.Done():
						// Close what is left so nothing waits on it.
						for j := int(next.Add(1) - 1); j < len(order); j = int(next.Add(1) - 1) {
							results[order[j]].failed = true
							close(results[order[j]].done)
						}
						return
					}
				}
				j := int(next.Add(1) - 1)
				if j >= len(order) {
					release()
					return
				}
				i := order[j]
				r := results[i]
				if ictx.Err() != nil {
					r.failed = true
					close(r.done)
					continue
				}
				if inc.reuseSource(srcs[i], r, sc) {
					close(r.done)
					pr.report(StageCompile, compiledN.Add(1), int64(len(srcs)), srcs[i].rel)
					continue
				}
				var ids bindat.StringIDs
				if opt.StringIDs != nil && srcs[i].kind == kindBINDAT {
					ids = opt.StringIDs(srcs[i].name)
				}
				compileFile(srcs[i], compileOpts{ids: ids, strict: opt.StrictNumbers, hash: inc.on, scratch: sc}, r)
				inc.compiledSource(srcs[i], r)
				close(r.done)
				pr.report(StageCompile, compiledN.Add(1), int64(len(srcs)), srcs[i].rel)
			}
		}()
	}

	// The writer feed: the assets first (their compression overlaps the
	// compiling), then the compiled files in name order as they finish, so
	// the block order is the same on every run. Entries sort by name within
	// their folder in the manifest.
	rank := func(name string) int {
		return 2 * sort.Search(len(col.files), func(i int) bool { return col.files[i].name >= name })
	}
	var added, total atomic.Int64
	total.Store(int64(len(col.files)))
	feedErr := make(chan error, 1)
	// The walk grids the feed read: the grids stage checks these bytes
	// instead of reading each .MPP a second time.
	grids := map[string][]byte{}
	assetsFed := make(chan struct{})
	go func() {
		var err error
		defer func() {
			if err != nil {
				icancel() // the compile workers stop waiting for the feed
			}
			feedErr <- err
		}()
		err = func() error {
			defer close(assetsFed)
			for _, f := range assets {
				if err := ictx.Err(); err != nil {
					return err
				}
				fh := mod.FileHeader{Name: f.name, Type: f.typ, ExplicitType: true, FileTime: mod.FileTime(f.mtime.UnixNano()), Order: rank(f.name)}
				var gb []byte
				if isLevelGrid(f.name) && f.size <= 64<<20 {
					b, err := readSized(f.abs, f.size)
					if err != nil {
						return err
					}
					grids[f.name], gb = b, b
				}
				if e, err := inc.asset(f, gb); err != nil {
					return fmt.Errorf("%s: %w", f.rel, err)
				} else if e != nil {
					if err := inc.copyReused(w, e, fh); err != nil {
						return fmt.Errorf("%s: %w", f.rel, err)
					}
				} else if gb != nil {
					if err := w.Add(fh, bytes.NewReader(gb)); err != nil {
						return fmt.Errorf("%s: %w", f.rel, err)
					}
				} else {
					rc, err := openSized(f.abs, f.size)
					if err != nil {
						return err
					}
					err = w.Add(fh, rc)
					rc.Close()
					if err != nil {
						return fmt.Errorf("%s: %w", f.rel, err)
					}
				}
				pr.report(StageWrite, added.Add(1), total.Load(), f.rel)
			}
			for i, f := range srcs {
				select {
				case <-results[i].done:
				case <-ictx.Done():
					return ictx.Err()
				}
				r := results[i]
				release()
				if r.failed || (r.data == nil && r.reused == nil) {
					continue
				}
				fh := mod.FileHeader{Name: f.name, Type: f.typ, ExplicitType: true, FileTime: mod.FileTime(f.mtime.UnixNano()), Order: rank(f.name)}
				if r.reused != nil {
					if err := inc.copyReused(w, r.reused, fh); err != nil {
						return fmt.Errorf("%s: %w", f.rel, err)
					}
				} else if err := w.AddBytes(fh, r.data); err != nil {
					return fmt.Errorf("%s: %w", f.rel, err)
				}
				r.data = nil
				pr.report(StageWrite, added.Add(1), total.Load(), f.rel)
			}
			return nil
		}()
	}()
	abortFeed := func() {
		icancel()
		cwg.Wait()
		<-feedErr
	}
	cwg.Wait()
	if err := ctx.Err(); err != nil {
		abortFeed()
		return res, err
	}
	nCompiled, nKept := 0, 0
	for _, r := range results {
		res.Findings = append(res.Findings, r.findings...)
		switch {
		case r.failed:
		case r.reused != nil:
			nKept++
		default:
			nCompiled++
		}
	}
	if Count(res.Findings, SevError) > 0 {
		abortFeed()
		return fail()
	}

	// RAW indices.
	begin(StageRAW)
	rres, rfind, unres, err := rawStage(results, srcs, base, col.files)
	if err != nil {
		abortFeed()
		return res, err
	}
	res.Findings = append(res.Findings, notSaidBefore(res.Findings, rfind)...)
	res.Unresolved = append(res.Unresolved, unres...)
	pr.report(StageRAW, 7, 7, "")

	// Walk grids.
	begin(StageGrids)
	select {
	case <-assetsFed:
	case <-ctx.Done():
	}
	if err := ctx.Err(); err != nil {
		abortFeed()
		return res, err
	}
	gouts, greps, gfind, err := gplan.run(ctx, modDir, opt, col.files, grids, func(d, t int64, f string) { pr.report(StageGrids, d, t, f) })
	if err != nil {
		abortFeed()
		return res, err
	}
	res.Grids = greps
	res.Findings = append(res.Findings, gfind...)

	// Write.
	begin(StageWrite)
	total.Add(int64(len(rres.Outputs) + len(gouts)))
	pr.report(StageWrite, added.Load(), total.Load(), "")
	if err := <-feedErr; err != nil {
		icancel()
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("writing %s: %w", out, err)
	}
	ft := mod.FileTime(col.newest.UnixNano())
	for _, g := range gouts {
		fh := mod.FileHeader{Name: g.name, Type: mod.TypeMPP, ExplicitType: true, FileTime: ft, Order: rank(g.name)}
		if g.src != nil {
			fh.FileTime = mod.FileTime(g.src.mtime.UnixNano())
		}
		if err := w.Add(fh, bytes.NewReader(g.data)); err != nil {
			return res, fmt.Errorf("writing %s: %s: %w", out, g.name, err)
		}
		pr.report(StageWrite, added.Add(1), total.Load(), g.name)
	}
	for _, o := range rres.Outputs {
		if err := w.Add(mod.FileHeader{Name: o.Path, Type: mod.TypeRAW, ExplicitType: true, FileTime: ft, Order: rank(o.Path) - 1}, bytes.NewReader(o.Data)); err != nil {
			return res, fmt.Errorf("writing %s: %s: %w", out, o.Path, err)
		}
		res.RAWs = append(res.RAWs, o.Path)
		pr.report(StageWrite, added.Add(1), total.Load(), o.Path)
	}
	writerOpen = false
	if err := w.Close(); err != nil {
		return res, fmt.Errorf("writing %s: %w", out, err)
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	res.Compiled, res.Assets, res.Reused = nCompiled, len(assets), int(inc.reused.Load())
	res.Entries = nCompiled + nKept + len(assets) + len(rres.Outputs) + len(gouts)
	if inc.note != "" {
		sev := SevInfo
		if opt.reuseFailed != "" {
			sev = SevWarning // a file on disk changed under its cache: worth knowing
		}
		res.Findings = append(res.Findings, Finding{Severity: sev, Stage: StageWrite, Message: inc.note})
	}
	pr.report(StageWrite, total.Load(), total.Load(), "")

	// Verify what was written, before it replaces anything. The flush to
	// disk Commit needs runs meanwhile (it waits for it before closing or
	// removing the file, so a cancel still leaves nothing behind).
	synced := make(chan error, 1)
	go func() { synced <- tmp.File.Sync() }()
	syncing := true
	defer func() {
		if syncing {
			<-synced
		}
	}()
	begin(StageVerify)
	st, err := tmp.File.Stat()
	if err != nil {
		return res, err
	}
	res.Size = st.Size()
	written := w.Written()
	cacheEntries := make(chan []byte, 1)
	go func() { cacheEntries <- inc.entries(written) }()
	// The file's SHA-256 is the one serial part (about 1.4 GB/s here): it
	// starts at once, beside reading the manifest back and checking the
	// blocks, on its own read of the file (a second read from the page
	// cache costs less than waiting for the first).
	sum := hashFile(ctx, tmp.File, st.Size())
	hashed := false
	defer func() {
		if !hashed {
			<-sum // an early return still waits for it to stop
		}
	}()
	rd, err := mod.NewReader(tmp.File, st.Size(), nil)
	if err != nil {
		return res, fmt.Errorf("verify: the written .MOD does not read back: %w", err)
	}
	vprog := func(done, total int64, what string) { pr.report(StageVerify, done, total, what) }
	var finds []mod.Finding
	if opt.FullVerify {
		finds, err = rd.Verify(ctx, vprog)
	} else {
		finds, err = rd.VerifyWritten(ctx, tmp.File, st.Size(), written, vprog)
	}
	res.Hashes.SHA256, hashed = <-sum, true
	if res.Hashes.SHA256 == "" && err == nil && ctx.Err() == nil {
		err = errors.New("verify: the written .MOD could not be read back for its SHA-256")
	}
	if err != nil {
		return res, err
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
		return fail()
	}
	syncing = false
	if err := <-synced; err != nil {
		return res, fmt.Errorf("writing %s: %w", out, err)
	}
	inc.close() // Windows cannot rename over an open file
	if err := tmp.Commit(); err != nil {
		return res, fmt.Errorf("writing %s: %w", out, err)
	}
	committed = true
	if err := inc.save(out, <-cacheEntries); err != nil {
		res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageWrite, Message: "the incremental cache was not written (the next pack is a full one): " + err.Error()})
	}

	if res.ModIDNew && opt.WriteModID {
		bak, err := WriteModID(modDir, res.ModID)
		if err != nil {
			res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageRead, File: filepath.Base(md.Path),
				Message: fmt.Sprintf("the .MOD was written with MOD_ID %d, but MOD.DAT could not be updated: %v", res.ModID, err)})
		} else {
			res.ModIDWritten, res.ModDatBackup = true, bak
		}
	}

	if opt.Deploy && !holdDeploy(&opt, res) {
		begin(StageDeploy)
		d, err := deploy.Mod(ctx, out, res.ModID, opt.ModsDir, opt.Enable)
		res.Deploy = d
		if d != nil {
			for _, m := range d.Warnings {
				res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageDeploy, Message: m})
			}
		}
		if err != nil {
			return res, err
		}
		pr.report(StageDeploy, 1, 1, d.Path)
	}
	return res, nil
}

// hashFile sends the hex SHA-256 of f's first size bytes, or "" when
// reading fails or ctx is cancelled.
func hashFile(ctx context.Context, f io.ReaderAt, size int64) chan string {
	out := make(chan string, 1)
	go func() {
		h := sha256.New()
		buf := make([]byte, 1<<20)
		for off := int64(0); off < size; {
			if ctx.Err() != nil {
				out <- ""
				return
			}
			n := int(min(int64(len(buf)), size-off))
			if _, err := f.ReadAt(buf[:n], off); err != nil {
				out <- ""
				return
			}
			h.Write(buf[:n])
			off += int64(n)
		}
		out <- hex.EncodeToString(h.Sum(nil))
	}()
	return out
}

// rawStage generates the RAW indices from the compiled sources kept in
// memory, turning the generator's warnings and unresolved units into
// findings.
func rawStage(results []*compiled, srcs []*srcFile, base baseSource, files []*srcFile) (*raw.Result, []Finding, []Unresolved, error) {
	ms := &raw.MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{}}
	for i, r := range results {
		if r.dat != nil {
			ms.Dats[srcs[i].name] = r.dat
		}
		if r.lay != nil {
			ms.Layouts[srcs[i].name] = r.lay
		}
	}
	ropt := raw.Options{}
	if base != nil {
		ropt.Base = base
	}
	rres, err := raw.Generate(ms, ropt)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("RAW indices: %w", err)
	}
	var finds []Finding
	var unres []Unresolved
	for _, wn := range rres.Warnings {
		finds = append(finds, Finding{Severity: SevWarning, Stage: StageRAW, File: displayName(files, wn.File), Line: wn.Line, Message: wn.Msg})
	}
	for _, u := range rres.Unresolved {
		file := displayName(files, u.File)
		root := ""
		if base != nil {
			root = base.Root()
		}
		if p, ok := recordedBase(u.BaseFile); ok {
			// Past a base file PACKSMITH.JSON records (projectbase.go):
			// what it knows GUTS left to the default is no guess.
			u.BaseFile, u.Missing = p, slices.DeleteFunc(slices.Clone(u.Missing), func(k string) bool { return slices.Contains(unsetIn(base, p), k) })
			if len(u.Missing) == 0 {
				continue
			}
			unres = append(unres, Unresolved{File: file, BaseFile: u.BaseFile, Missing: u.Missing})
			f := unresolvedFinding(file, u.BaseFile, u.Missing, "")
			f.Message = strings.Replace(f.Message, ", which could not be read, so ",
				", of which "+ProjectFile+" records only what the unpacked .MOD's units took from it, so ", 1)
			finds = append(finds, f)
			continue
		}
		unres = append(unres, Unresolved{File: file, BaseFile: u.BaseFile, Missing: u.Missing})
		finds = append(finds, unresolvedFinding(file, u.BaseFile, u.Missing, root))
	}
	return rres, finds, unres, nil
}

// displayName maps an entry name back to the file as it is on disk
// (files sorted by name, as collect leaves them).
func displayName(files []*srcFile, name string) string {
	if f := fileNamed(files, mod.UpperName(name)); f != nil {
		return f.rel
	}
	return name
}

// fileNamed finds the file of entry name in files sorted by name: a binary
// search, where a map of 33,000 names took longer to build than every
// lookup a pack makes.
func fileNamed(files []*srcFile, name string) *srcFile {
	i, ok := slices.BinarySearchFunc(files, name, func(f *srcFile, n string) int { return strings.Compare(f.name, n) })
	if !ok {
		return nil
	}
	return files[i]
}

// isLevelGrid: a walk grid the grids stage looks at.
func isLevelGrid(name string) bool {
	return strings.HasPrefix(name, "MEDIA/LAYOUTS/") && strings.HasSuffix(name, ".MPP")
}

// checkGrids warns about level layouts without a usable walk grid. read
// holds grids already read by name (nil: read them here).
func checkGrids(files []*srcFile, read map[string][]byte) []Finding {
	var out []Finding
	byName := map[string]*srcFile{}
	for _, f := range files {
		byName[f.name] = f
	}
	for _, f := range files {
		if f.kind != kindLayout || !strings.HasPrefix(f.name, "MEDIA/LAYOUTS/") {
			continue
		}
		mp := byName[strings.TrimSuffix(f.name, ".LAYOUT")+".MPP"]
		if mp == nil {
			if !isLevelFile(f) {
				continue // scenery: no grid needed
			}
			out = append(out, Finding{Severity: SevWarning, Stage: StageGrids, File: f.rel,
				Message: "NO WALK GRID: this level layout has no .MPP beside it and none was baked, so players will not be able to move in this level"})
			continue
		}
		b, ok := read[mp.name]
		var err error
		if !ok {
			b, err = readSized(mp.abs, mp.size)
		}
		if err != nil {
			out = append(out, Finding{Severity: SevWarning, Stage: StageGrids, File: mp.rel, Message: err.Error()})
			continue
		}
		g, err := mpp.Decode(b)
		switch {
		case err != nil:
			out = append(out, Finding{Severity: SevWarning, Stage: StageGrids, File: mp.rel, Message: "walk grid does not read: " + err.Error()})
		case g.IsStub() && isLevelFile(f):
			out = append(out, Finding{Severity: SevWarning, Stage: StageGrids, File: mp.rel,
				Message: "STUB WALK GRID: this is the 2,524-byte all-void grid GUTS writes when it bakes before the level compiled; players cannot move in this level"})
		}
	}
	return out
}

// Inspect reads a mod folder without writing anything: its MOD.DAT card,
// what would be packed, and every lint finding (compiling in memory).
// baseDir ("" for none) is the base-game data UNITDATA.RAW may need, as
// Options.BaseDir.
func Inspect(ctx context.Context, modDir, baseDir string) (*Inspection, error) {
	in, err := inspect(ctx, modDir, baseDir)
	return in, usermsg.Error(err)
}

func inspect(ctx context.Context, modDir, baseDir string) (*Inspection, error) {
	base, _, baseDone, err := openBase(&Options{BaseDir: baseDir})
	if err != nil {
		return nil, err
	}
	defer baseDone()
	proj, err := ReadProject(modDir)
	if err != nil {
		return nil, err
	}
	base, _ = withProjectBase(base, "", proj)
	md, err := ReadModDat(modDir)
	if err != nil {
		return nil, err
	}
	name := OutputName(md, modDir)
	in := &Inspection{ModDir: modDir, Mod: md, OutputName: name, Output: filepath.Join(modDir, name), Findings: append([]Finding{}, md.Findings...)}
	col, err := collect(modDir, func() bool { return ctx.Err() != nil })
	if err != nil {
		return nil, err
	}
	in.Findings = append(in.Findings, col.findings...)
	var srcs []*srcFile
	for _, f := range col.files {
		in.Bytes += f.size
		if f.kind == kindAsset {
			in.Assets++
		} else {
			srcs = append(srcs, f)
		}
	}
	in.Sources = len(srcs)
	results := make([]*compiled, len(srcs))
	for i := range results {
		results[i] = &compiled{}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for k := 0; k < runtime.GOMAXPROCS(0); k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(srcs) || ctx.Err() != nil {
					return
				}
				compileFile(srcs[i], compileOpts{}, results[i])
				results[i].data = nil
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, r := range results {
		in.Findings = append(in.Findings, r.findings...)
	}
	if Count(in.Findings, SevError) == 0 {
		_, rfind, _, err := rawStage(results, srcs, base, col.files)
		if err != nil {
			return nil, err
		}
		in.Findings = append(in.Findings, rfind...)
	}
	in.Findings = append(in.Findings, inspectGrids(modDir, baseDir, col.files)...)
	sortFindings(in.Findings)
	plainFindings(in.Findings)
	if in.Findings == nil {
		in.Findings = []Finding{}
	}
	return in, nil
}

// Inspection is what Inspect found.
type Inspection struct {
	ModDir     string    `json:"modDir"`
	Mod        *ModDat   `json:"mod"`
	OutputName string    `json:"outputName"`
	Output     string    `json:"output"`  // the default output path
	Sources    int       `json:"sources"` // text files to compile
	Assets     int       `json:"assets"`  // files packed as they are
	Bytes      int64     `json:"bytes"`
	Findings   []Finding `json:"findings"`
}

// IsPackError reports whether err is a *PackError.
func IsPackError(err error) bool {
	var pe *PackError
	return errors.As(err, &pe)
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
