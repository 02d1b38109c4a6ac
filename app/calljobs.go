package app

// Bound calls that can take more than about 100 ms (a bake, reading a mods
// folder, comparing two entries, a deploy) start a job and return its id,
// as extract and save do: the job bar shows them with Cancel, the "job"
// events carry their progress, and the final one their result. bridge.js
// waits for that end, so its functions still resolve to the result.

import (
	"context"

	"packsmith/backend/archive"
	"packsmith/backend/export/convert"
	"packsmith/backend/export/extract"
	"packsmith/backend/tl2/check"
	"packsmith/backend/tl2/combine"
	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/modunpack"
	"packsmith/backend/tl2/saves"
	"packsmith/backend/view/diff"
	"packsmith/backend/view/search"
	"packsmith/backend/workspace/backups"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

// startCall starts such a job on jb. Its first report names what it works
// on, and a cancel that comes before the work starts is honoured at once;
// after that, fn's backend calls stop on ctx.
func startCall(jb *jobs.Manager, kind, title, what string, fn jobs.Func) string {
	return jb.Start(kind, title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		p.Progress(0, 0, what)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return fn(ctx, p)
	})
}

// JobResults gives, for each kind of job the window starts, a value of
// the type its finished job carries as Status.Result. The bound calls
// answer a job id, so the models Wails generates from their signatures do
// not hold these types: internal/jobtypes writes them from this list to
// frontend/src/lib/jobresults.d.ts (scripts/bindings.sh; -check compares).
// The tests check the list against the kinds started here and against the
// results the jobs give.
func JobResults() map[string]any {
	kinds := map[string]any{
		"open":                 session.Info{},
		"image":                RenderedImage{},
		"grid-diff":            RenderedImage{},
		"save-preview":         convert.Saved{},
		"verify":               []archive.Finding{},
		"compare":              diff.Result{},
		"compare-entry":        diff.EntryDiff{},
		"search":               search.Result{},
		"extract":              extract.Result{},
		"save":                 SavedArchive{},
		"optimize":             OptimizeResult{},
		"bake":                 &BakeView{},
		"inspect":              &modpack.Inspection{},
		"pack":                 &modpack.Result{},
		"packwatch":            PackOnSaveStatus{},
		"deploy":               &deploy.Result{},
		"unpack":               &modunpack.Result{},
		"loadorder":            &loadorder.View{},
		"check":                &check.Report{},
		"profile":              &ProfileAnswer{},
		"merged-patch":         &MergedPatchView{},
		"restore":              &backups.Restored{},
		"characters":           &saves.List{},
		"char-move":            &saves.MoveResult{},
		"merged-patch-preview": &MergedPatchView{},
		"merged-patch-diff":    &MergedPatchDiff{},
		"merged-patch-winner":  &MergedPatchFile{},
		"combine":              &combine.Deployed{},
		"combine-characters":   []combine.Character{},
	}
	// Kinds a family supplies: the pack it creates from a folder, the
	// reads and edits of its text tables (tables.go).
	tableJobs(kinds)
	for _, f := range archive.Families() {
		if f.CreateResult != nil {
			kinds["create"] = f.CreateResult
		}
	}
	return kinds
}
