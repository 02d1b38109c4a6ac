package modpack

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/tl2/mpp"
	"packsmith/formats/tl2/mppbake"
)

// Walk-grid modes (Options.MPP).
const (
	MPPBake = "bake" // bake every level whose .MPP is missing, stale or the stub (the default)
	MPPKeep = "keep" // pack the .MPP files as they are, bake nothing
	MPPNone = "none" // pack no level .MPP at all (the game's own grids are used)
)

// GridReport is what the grids stage did for one level layout.
type GridReport struct {
	Layout string `json:"layout"` // the .LAYOUT as on disk
	Grid   string `json:"grid"`   // the .MPP entry
	// Action: "baked", "kept" (the .MPP beside it is current), "failed"
	// (it could not be baked: see Error and Missing), "none" (--mpp none).
	Action string `json:"action"`
	// Why it was baked: "no .MPP", "older than its layout", "stub".
	Reason   string   `json:"reason,omitempty"`
	Width    int      `json:"width,omitempty"`
	Height   int      `json:"height,omitempty"`
	Walkable int      `json:"walkable"`
	Wall     int      `json:"wall"`
	Void     int      `json:"void"`
	Pockets  int      `json:"pockets"`
	Pieces   int      `json:"pieces,omitempty"`
	Millis   int64    `json:"ms"`
	Missing  []string `json:"missing,omitempty"` // meshes and piece GUIDs that are absent
	Error    string   `json:"error,omitempty"`
}

type gridJob struct {
	layout *srcFile
	grid   *srcFile // the .MPP beside it, nil when none
	reason string
	// unsure: a layout without an .MPP, not read to find out whether it
	// places a room piece; its compile says (dropScenery).
	unsure bool
}

// gridPlan decides, before anything is written, which level grids the pack
// bakes; the .MPP files it replaces are held back from the asset feed.
type gridPlan struct {
	mode string
	jobs []gridJob
	hold map[string]*srcFile // .MPP entries held back
	kept []*srcFile          // level layouts whose .MPP is current
}

// planGrids pairs each level layout with its walk grid; files are sorted
// by name (collect's order). scenery (nil: none) names layouts known to
// place no room piece without reading them (the incremental cache's
// record of an unchanged file): a repack does not parse every scenery
// layout under LAYOUTS/ again, one after another, before compiling. With
// later, a layout without an .MPP is not read here either: it is planned
// unsure, and the compile stage, which parses it anyway and on all
// cores, says whether it is a level (dropScenery). One with an .MPP is
// read here: whether its grid is held back from the asset feed, which
// starts before the compile, depends on it.
func planGrids(files []*srcFile, mode string, scenery func(*srcFile) bool, later bool) (*gridPlan, error) {
	switch mode {
	case "":
		mode = MPPBake
	case MPPBake, MPPKeep, MPPNone:
	default:
		return nil, fmt.Errorf("walk grids: mode %q is none of bake, keep, none", mode)
	}
	p := &gridPlan{mode: mode, hold: map[string]*srcFile{}}
	for _, f := range files {
		if mode == MPPNone && isLevelGrid(f.name) {
			p.hold[f.name] = f
		}
		if f.kind != kindLayout || !strings.HasPrefix(f.name, "MEDIA/LAYOUTS/") {
			continue
		}
		g := fileNamed(files, strings.TrimSuffix(f.name, ".LAYOUT")+".MPP")
		reason := ""
		switch {
		case g == nil:
			reason = "no .MPP"
		case g.size == mpp.StubSize && isStubFile(g):
			reason = "stub"
		case g.mtime.Before(f.mtime.Add(-staleSlack)):
			reason = "older than its layout"
		}
		if mode != MPPBake || reason == "" {
			p.kept = append(p.kept, f)
			continue
		}
		if scenery != nil && scenery(f) {
			continue // scenery: no grid to bake, its .MPP (if any) an asset like any other
		}
		if g == nil && later {
			p.jobs = append(p.jobs, gridJob{layout: f, reason: reason, unsure: true})
			continue
		}
		if !isLevelFile(f) {
			continue // likewise
		}
		p.jobs = append(p.jobs, gridJob{layout: f, grid: g, reason: reason})
		if g != nil {
			p.hold[g.name] = g
		}
	}
	return p, nil
}

// bakeWhy is a bake error without the layout's name in front (the
// finding names the file).
func bakeWhy(err error, rel string) string {
	name := path.Base(rel)
	msg := strings.TrimPrefix(err.Error(), name+" cannot be baked: ")
	return strings.TrimPrefix(msg, name+": ")
}

// isLevelFile: the layout places a room piece (levelbake.IsLevel). Only
// levels have walk grids; a layout under MEDIA/LAYOUTS/ that places none
// (scenery such as ENVIRONMENT_URBAN.LAYOUT, props) is neither baked nor
// checked for one. A layout that does not read counts as a level, so the
// bake or the check says what is wrong with it.
func isLevelFile(f *srcFile) bool {
	b, err := f.read(nil)
	if err != nil {
		return true
	}
	level, err := levelbake.IsLevel(path.Base(f.rel), b)
	return err != nil || level
}

// staleSlack: a grid counts as older than its layout only by more than
// this, so copies and checkouts that write the two in either order, and
// file systems with 2-second times, do not make current grids stale.
const staleSlack = 2 * time.Second

func isStubFile(f *srcFile) bool {
	b, err := f.read(nil)
	if err != nil {
		return false
	}
	g, err := mpp.Decode(b)
	return err == nil && g.IsStub()
}

// assets drops the held-back grids from the asset list.
func (p *gridPlan) assets(in []*srcFile) []*srcFile {
	if len(p.hold) == 0 {
		return in
	}
	out := in[:0:0]
	for _, f := range in {
		if p.hold[f.name] == nil {
			out = append(out, f)
		}
	}
	return out
}

// gridOutput is a .MPP the grids stage adds to the .MOD.
type gridOutput struct {
	name string
	src  *srcFile // the file it came from, nil when baked
	data []byte
}

// run bakes the planned grids and checks the others. read holds the grids
// the asset feed already read.
func (p *gridPlan) run(ctx context.Context, modDir string, opt Options, files []*srcFile, read map[string][]byte, report func(done, total int64, file string)) ([]gridOutput, []GridReport, []Finding, error) {
	var outs []gridOutput
	reports := []GridReport{}
	var finds []Finding
	check := append([]*srcFile(nil), p.kept...)
	if p.mode == MPPNone {
		for _, f := range p.kept {
			reports = append(reports, GridReport{Layout: f.rel, Grid: strings.TrimSuffix(f.name, ".LAYOUT") + ".MPP", Action: "none"})
		}
		if len(p.kept) > 0 {
			finds = append(finds, Finding{Severity: SevInfo, Stage: StageGrids,
				Message: fmt.Sprintf("--mpp none: no walk grid packed for %d level layout(s); the game uses its own grid where it has one", len(p.kept))})
		}
		return nil, reports, finds, nil
	}
	if len(p.jobs) > 0 {
		game := gameDataDir(opt)
		bk, err := levelbake.New(modDir, game)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("walk grids: %w", err)
		}
		defer bk.Close()
		for i, j := range p.jobs {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
			report(int64(i), int64(len(p.jobs)), j.layout.rel)
			gname := strings.TrimSuffix(j.layout.name, ".LAYOUT") + ".MPP"
			gr := GridReport{Layout: j.layout.rel, Grid: gname, Reason: j.reason}
			src, err := j.layout.read(nil)
			var rep *levelbake.Report
			if err == nil {
				rep, err = bk.BakeLayout(ctx, path.Base(j.layout.rel), src, levelbake.Options{Workers: opt.Workers, Budget: opt.Budget})
			}
			if err != nil && ctx.Err() != nil {
				return nil, nil, nil, ctx.Err()
			}
			var data []byte
			if err == nil {
				data, err = mpp.Encode(rep.Grid)
			}
			if err == nil {
				gr.Action = "baked"
				gr.Width, gr.Height = rep.Width, rep.Height
				gr.Walkable, gr.Wall, gr.Void = rep.Stats.Walkable.Count, rep.Stats.Wall.Count, rep.Stats.Void.Count
				gr.Pockets, gr.Pieces, gr.Millis = rep.Pockets, rep.Baked, rep.Millis
				outs = append(outs, gridOutput{name: gname, data: data})
				reports = append(reports, gr)
				if rep.Pockets > 0 {
					finds = append(finds, Finding{Severity: SevWarning, Stage: StageGrids, File: j.layout.rel,
						Message: fmt.Sprintf("baked walk grid: %d walkable pocket(s) cut off from the main area; a player landing there is stuck", rep.Pockets)})
				}
				continue
			}
			gr.Action, gr.Error = "failed", err.Error()
			var me *levelbake.MissingError
			if errors.As(err, &me) {
				gr.Missing = append(append([]string{}, me.Meshes...), me.Pieces...)
			}
			reports = append(reports, gr)
			if !errors.Is(err, mppbake.ErrNoGeometry) {
				what := "no walk grid is packed for it"
				if j.grid != nil {
					what = "its .MPP is packed as it is"
				}
				finds = append(finds, Finding{Severity: SevWarning, Stage: StageGrids, File: j.layout.rel,
					Message: fmt.Sprintf("WALK GRID NOT BAKED: %s; %s", bakeWhy(err, j.layout.rel), what)})
			}
			check = append(check, j.layout)
			if j.grid != nil {
				b, ok := read[j.grid.name]
				if !ok {
					if b, err = j.grid.read(nil); err != nil {
						return nil, nil, nil, err
					}
				}
				outs = append(outs, gridOutput{name: j.grid.name, src: j.grid, data: b})
			}
		}
		report(int64(len(p.jobs)), int64(len(p.jobs)), "")
	}
	for _, f := range p.kept {
		reports = append(reports, GridReport{Layout: f.rel, Grid: strings.TrimSuffix(f.name, ".LAYOUT") + ".MPP", Action: "kept"})
	}
	// The layouts not baked: the grid beside them, as before.
	var subset []*srcFile
	want := map[string]bool{}
	for _, f := range check {
		want[f.name] = true
		want[strings.TrimSuffix(f.name, ".LAYOUT")+".MPP"] = true
	}
	for _, f := range files {
		if want[f.name] {
			subset = append(subset, f)
		}
	}
	finds = append(finds, checkGrids(subset, read)...)
	sort.Slice(reports, func(a, b int) bool { return reports[a].Layout < reports[b].Layout })
	return outs, reports, finds, nil
}

// gameDataDir is where the piece table and meshes the mod does not hold
// come from: the game folder when it holds DATA.PAK (or PAKS/DATA.PAK),
// else the base data folder.
func gameDataDir(opt Options) string {
	for _, d := range []string{opt.GameDir, filepath.Join(opt.GameDir, "PAKS")} {
		if opt.GameDir != "" && hasPak(d) {
			return d
		}
	}
	return opt.BaseDir
}

func hasPak(dir string) bool {
	return levelbake.HasPak(dir)
}

// inspectGrids is the grids stage without writing: for each level the pack
// would bake it checks that every piece and mesh is there (an info finding
// when the bake can run, a warning naming what is missing when it
// cannot); the others are checked as they are.
func inspectGrids(modDir, gameDir string, files []*srcFile) []Finding {
	p, _ := planGrids(files, MPPBake, nil, false)
	var finds []Finding
	check := append([]*srcFile(nil), p.kept...)
	var bk *levelbake.Baker
	if len(p.jobs) > 0 {
		b, err := levelbake.New(modDir, gameDir)
		if err != nil {
			return append(finds, Finding{Severity: SevWarning, Stage: StageGrids, Message: "walk grids cannot be baked: " + err.Error()})
		}
		defer b.Close()
		bk = b
	}
	for _, j := range p.jobs {
		src, err := j.layout.read(nil)
		if err == nil {
			err = bk.Check(path.Base(j.layout.rel), src)
		}
		if err == nil {
			finds = append(finds, Finding{Severity: SevInfo, Stage: StageGrids, File: j.layout.rel,
				Message: fmt.Sprintf("walk grid: %s, so the pack bakes one", j.reason)})
			continue
		}
		finds = append(finds, Finding{Severity: SevWarning, Stage: StageGrids, File: j.layout.rel,
			Message: "WALK GRID CANNOT BE BAKED: " + bakeWhy(err, j.layout.rel)})
		check = append(check, j.layout)
	}
	want := map[string]bool{}
	for _, f := range check {
		want[f.name] = true
		want[strings.TrimSuffix(f.name, ".LAYOUT")+".MPP"] = true
	}
	var subset []*srcFile
	for _, f := range files {
		if want[f.name] {
			subset = append(subset, f)
		}
	}
	return append(finds, checkGrids(subset, nil)...)
}

// dropScenery drops the unsure jobs whose layout the compile found to
// place no room piece (scenery(name)): what isLevelFile would have said.
func (p *gridPlan) dropScenery(scenery func(name string) bool) {
	jobs := p.jobs[:0]
	for _, j := range p.jobs {
		if !j.unsure || !scenery(j.layout.name) {
			jobs = append(jobs, j)
		}
	}
	p.jobs = jobs
}
