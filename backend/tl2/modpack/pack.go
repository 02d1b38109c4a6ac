package modpack

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/usermsg"
	"packsmith/backend/tl2/deploy"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/mpp"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/workpool"
)

// Options tune Pack. The zero value packs next to the mod folder with the
// default game version, hash string ids, all cores and no deploy.
type Options struct {
	// Output is the .MOD to write; "" means DefaultOutput: <OutputName>
	// beside the mod folder, not inside it (a .MOD among the sources is in
	// the way of version control, backups and Find in files).
	Output string
	// CacheDir is the folder the incremental cache goes to (CacheFile);
	// "" keeps it beside the output, as OUT.MOD.packcache. The app and the
	// command set DefaultCacheDir, in the user's cache.
	CacheDir string
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
	// of every entry (0: 6, GUTS's, with textures and skeletons at lower
	// levels: assetLevels).
	Workers int
	Level   int

	// Budget is the memory the walk grid bakes take from (the command's
	// or the window's; nil: each bake a default one of its own).
	Budget *limits.Budget

	// OutputIsOurs, when set, tells a file at Output that the caller wrote
	// before (the merged patch): replaced as a rebuild, with no backup.
	// A .MOD this pack's cache describes is always one (outguard.go).
	OutputIsOurs func(path string) bool

	// Incremental reuses, when the previous .MOD is at Output with its
	// cache (OUT.MOD.packcache), the compressed bytes of every source that
	// did not change (incremental.go). The output is byte-identical to a
	// full pack.
	Incremental bool
	reuseFailed string        // the previous .MOD failed to copy from: why (Pack packs again in full)
	session     *watchSession // Watch's memory between packs (session.go); nil: none

	// StrictNumbers refuses numeric values that are not numbers as a whole
	// instead of reading them the C way, as GUTS does, with a warning each
	// (bindat.CNumber).
	StrictNumbers bool

	// FullVerify inflates every entry of the written .MOD and checks its
	// size and CRC-32 (mod.Reader.Verify) instead of the default check
	// against what the writer recorded (mod.Reader.VerifyWritten); see
	// the package doc, stage verify.
	FullVerify bool

	// SHA256 asks for the SHA-256 of the whole .MOD (Hashes.SHA256), taken
	// from the verify stage's read (the window's Pack asks, the command
	// line's --sha256; Pack on save shows it nowhere). The game never reads
	// it, and it costs 110 ms of CPU for 128 MB: the verify stage's slowest
	// part, and about a third of a repack that reuses the last pack's
	// blocks.
	SHA256 bool

	// RAWRecords are records to list in the RAW indices after the ones
	// the sources give, kind by kind (raw.Kinds order), each index's in
	// the order given: records of files other mods give the game (the
	// merged patch's indices list the mods' own records too). A kind with
	// records gets its index even when the sources give none.
	RAWRecords []*raw.File

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
	SHA256      string `json:"sha256"` // of the whole file; "" from a repack that was not asked for it (Options.SHA256)
}

// StageTime is how long a stage took.
type StageTime struct {
	Stage  Stage `json:"stage"`
	Millis int64 `json:"ms"`
}

// Result is what Pack did. It is returned, with the findings so far, also
// when packing fails.
type Result struct {
	ModDir   string   `json:"modDir"`
	Output   string   `json:"output"`
	Size     int64    `json:"size"`
	Entries  int      `json:"entries"`  // files in the .MOD
	Compiled int      `json:"compiled"` // BINDAT + BINLAYOUT compiled this time
	Reused   int      `json:"reused"`   // entries whose bytes came from the previous .MOD (Incremental)
	Assets   int      `json:"assets"`   // packed as they are
	RAWs     []string `json:"raws"`
	// Indices count each RAW index's records: all, and those the sources
	// gave (the rest came from Memory.RAWRecords).
	Indices     []RAWIndex `json:"-"`
	SourceBytes int64      `json:"sourceBytes"` // bytes read from MEDIA/
	Mod         *ModDat    `json:"mod"`

	ModID        int64  `json:"modId,string"`
	ModIDNew     bool   `json:"modIdNew"`     // MOD.DAT had none
	ModIDWritten bool   `json:"modIdWritten"` // and it was written back
	ModDatBackup string `json:"modDatBackup,omitempty"`
	// OutputBackupID is the backup of a file at Output that Packsmith did
	// not make, copied before the pack replaced it (outguard.go).
	OutputBackupID string `json:"outputBackupId,omitempty"`

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

// RAWIndex is one RAW index a pack wrote (Result.Indices).
type RAWIndex struct {
	Path        string // "MEDIA/UNITDATA.RAW"
	Records     int
	FromSources int
}

var errCancelled = context.Canceled

// DefaultOutput is where a pack writes when Options.Output is "": the
// .MOD named OutputName in the folder that holds the mod folder, beside
// it ("work/MyMod" packs to "work/MYMOD.MOD").
func DefaultOutput(modDir string, md *ModDat) string {
	dir := filepath.Clean(modDir)
	if a, err := filepath.Abs(dir); err == nil {
		dir = a
	}
	return filepath.Join(filepath.Dir(dir), OutputName(md, modDir))
}

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
func rawStage(results []*compiled, srcs []*srcFile, base baseSource, files []*srcFile, proj *Project) (*raw.Result, []Finding, []Unresolved, error) {
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
	if proj != nil {
		ropt.LeaveOutMenus = proj.MenusLeftOut
	}
	if base != nil {
		ropt.Base = base
		if gameComplete(base) {
			// The game's data lacks it: nowhere, unless it is a link
			// PACKSMITH.JSON's record leads on to (projectbase.go).
			ropt.Nowhere = func(p string) bool { _, rec := recordedBase(p); return !rec }
		}
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
		if u.Dropped {
			finds = append(finds, droppedFinding(files, u))
			continue
		}
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

// DroppedFinding starts the warning for a unit left out of UNITDATA.RAW.
const DroppedFinding = "UNITDATA.RAW: LEFT OUT"

// droppedFinding names the unit GUTS leaves out of UNITDATA.RAW and the
// BASEFILE line that resolves nowhere (in the unit, or in a base file of
// the mod it inherits from).
func droppedFinding(files []*srcFile, u raw.Unresolved) Finding {
	file, in := displayName(files, u.File), displayName(files, u.In)
	where := ""
	if in != file && in != "" {
		where = " (through " + in + ")"
	}
	return Finding{Severity: SevWarning, Stage: StageRAW, File: in, Line: u.Line,
		Message: fmt.Sprintf("%s: %s%s: BASEFILE %s resolves nowhere (not in the mod, nor under MEDIA/ where the game's files are, nor in the game's data when given), so the unit is not in UNITDATA.RAW, as GUTS leaves it; the game cannot spawn it by name. Fix the path.",
			DroppedFinding, file, where, u.BaseFile)}
}

// gameComplete says base holds the game's own data (DATA.PAK or a MEDIA
// folder), so a base file it lacks is nowhere; the values an unpack
// recorded (projectBase) are only what the .MOD's units took.
func gameComplete(b baseSource) bool {
	switch b := b.(type) {
	case nil, *projectBase:
		return false
	case *layeredBase:
		return gameComplete(b.first) || gameComplete(b.then)
	}
	return true
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
			b, err = mp.read(nil)
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
	in := &Inspection{ModDir: modDir, Mod: md, OutputName: name, Output: DefaultOutput(modDir, md), Findings: append([]Finding{}, md.Findings...)}
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
	err = workpool.Each(ctx, len(srcs), 0, func(_ context.Context, i int) error {
		compileFile(srcs[i], compileOpts{}, results[i])
		results[i].data = nil
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, r := range results {
		in.Findings = append(in.Findings, r.findings...)
	}
	if Count(in.Findings, SevError) == 0 {
		_, rfind, _, err := rawStage(results, srcs, base, col.files, proj)
		if err != nil {
			return nil, err
		}
		in.Findings = append(in.Findings, notSaidBefore(in.Findings, rfind)...) // as Pack does: one finding per file:line
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
