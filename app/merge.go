package app

// The merged patch (issue 32), bound for the window's Load order →
// Merged patch: thin forwards to backend/tl2/mergepatch, whose Publish is
// the use case (merge, pack, deploy, report). Every call that merges is a
// job the job bar shows with Cancel: the preview ("merged-patch-preview",
// also after a winner is picked), one file's three-way texts
// ("merged-patch-diff") and the build ("merged-patch"), which packs and
// deploys from that one merge; a cancelled build leaves no patch and
// nothing half-written (modpack writes to a temporary file renamed at the
// end, deploy is atomic). The base is the
// folder the user gives, else the game folder of Settings. Winner picks
// live in USERDIR/packsmith-merged-patch.json (mergepatch.WinnersFile),
// shared with `packsmith merge`; nothing is kept in the service.

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/merge"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/tl2game"
	"packsmith/backend/workspace/jobs"
)

// MergedPatchView is what the Merged patch panel lists.
type MergedPatchView struct {
	Sources   []mergepatch.Source  `json:"sources"`
	Files     []mergepatch.File    `json:"files"`
	Conflicts []merge.Conflict     `json:"conflicts"`
	Skipped   []mergepatch.Skipped `json:"skipped"` // shared sources that could not be read: not merged
	LeftOut   int                  `json:"leftOut"` // shared sources whose merge the load order already gives: not in Files nor the patch
	Winners   map[string]string    `json:"winners"`
	Base      string               `json:"base"`     // the base data used
	Deployed  string               `json:"deployed"` // the patch in the mods folder, "" = none
	Stale     string               `json:"stale"`    // why the deployed patch is out of date ("" = current or none)
	Enabled   bool                 `json:"enabled"`  // listed in modlauncher.sch
}

// MergedPatchDiff is one merged file's three-way view (canonical text).
type MergedPatchDiff struct {
	Path   string            `json:"path"`
	InBase bool              `json:"inBase"`
	Base   string            `json:"base"`
	Mods   []MergedPatchText `json:"mods"`
	Merged string            `json:"merged"`
}

// MergedPatchText is one mod's version of a file.
type MergedPatchText struct {
	Mod  string `json:"mod"`
	Text string `json:"text"`
}

func (s *LoadOrderService) mergeOptions(userDir, modsDir, baseDir string) (mergepatch.Options, string, error) {
	if strings.TrimSpace(userDir) == "" {
		return mergepatch.Options{}, "", fmt.Errorf("merged patch: give the Torchlight II user folder (the one holding modlauncher.sch)")
	}
	o := mergepatch.Options{UserDir: userDir, ModsDir: modsDir}
	switch {
	case strings.TrimSpace(baseDir) != "":
		// The game (its folder, PAKS or DATA.PAK itself) or a MEDIA folder.
		if _, err := tl2game.At(baseDir); err == nil {
			o.GameDir = baseDir
		} else {
			o.BaseDir = baseDir
		}
	case s.settings.Get().GameDir != "":
		o.GameDir = s.settings.Get().GameDir
	default:
		// As pack does (FindGame): the install found on this system, so a
		// player with the game installed needs to type nothing.
		found := tl2game.Find()
		if len(found) == 0 {
			return o, "", noBaseWindow{}
		}
		o.GameDir = found[0].Dir
	}
	w, err := mergepatch.LoadWinners(userDir)
	if err != nil {
		return o, "", err
	}
	o.Winners = w
	return o, o.BaseDir + o.GameDir, nil
}

// noBaseWindow is mergepatch.ErrNoBase worded for the window: what to
// type where, the command line's flags last.
type noBaseWindow struct{}

func (noBaseWindow) Error() string {
	return "The merged patch needs the game's own files for a three-way merge, and no Torchlight II install was found: type the game's folder (the one holding PAKS/DATA.PAK) or its MEDIA folder in the base box, or set the game folder in Settings (on the command line: --game DIR or --base DIR)."
}

func (noBaseWindow) Is(err error) bool { return err == mergepatch.ErrNoBase }

// progressTo reports a merge's stages to the job bar.
func progressTo(p *jobs.Reporter) func(modpack.Progress) {
	return func(pr modpack.Progress) { p.Stage(string(pr.Stage), pr.File, pr.Done, pr.Total) }
}

// viewOf is what the panel shows of a report.
func viewOf(rep *mergepatch.Report, o mergepatch.Options, base string) *MergedPatchView {
	return &MergedPatchView{Sources: rep.Sources, Files: rep.Files, Conflicts: rep.Conflicts, Skipped: rep.Skipped, LeftOut: rep.LeftOut, Winners: o.Winners, Base: base,
		Deployed: rep.Patch.Deployed, Stale: rep.Patch.Stale, Enabled: rep.Patch.Enabled}
}

// MergedPatch starts a job (kind "merged-patch-preview") that merges what
// the active mods share (no patch written) and says whether the deployed
// patch is current; its result is the *MergedPatchView. The job bar shows
// the merge file by file, with Cancel.
func (s *LoadOrderService) MergedPatch(userDir, modsDir, baseDir string) (string, error) {
	o, base, err := s.mergeOptions(userDir, modsDir, baseDir)
	if err != nil {
		return "", err
	}
	return s.startPreview(o, base, userDir), nil
}

func (s *LoadOrderService) startPreview(o mergepatch.Options, base, userDir string) string {
	return startCall(s.jobs, "merged-patch-preview", "Merging what the active mods of "+filepath.Base(userDir)+" share", userDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		o.Progress = progressTo(p)
		rep, err := mergepatch.Publish(ctx, o, mergepatch.Target{})
		if err != nil {
			return nil, err
		}
		return viewOf(rep, o, base), nil
	})
}

// MergedPatchDiff starts a job (kind "merged-patch-diff") giving one merged
// file's base, each mod's and the merged text (*MergedPatchDiff): that
// file alone is merged again (mergepatch.MergeFile), not every shared one.
func (s *LoadOrderService) MergedPatchDiff(userDir, modsDir, baseDir, path string) (string, error) {
	o, _, err := s.mergeOptions(userDir, modsDir, baseDir)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "merged-patch-diff", "Merging "+path, userDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		fm, err := mergepatch.MergeFile(ctx, o, path)
		if err != nil {
			return nil, fmt.Errorf("merged patch: %w", err)
		}
		f := fm.File
		d := &MergedPatchDiff{Path: f.Path, InBase: f.InBase, Base: f.Base, Merged: f.Merged}
		for i, m := range f.Mods {
			d.Mods = append(d.Mods, MergedPatchText{Mod: m, Text: f.Theirs[i]})
		}
		return d, nil
	}), nil
}

// MergedPatchFile is one file merged again after a winner was picked:
// what replaces that file's row and conflicts in the panel's view.
type MergedPatchFile struct {
	Path string `json:"path"`
	// File is its row in the patch's files; nil when the merge is now what
	// the load order alone gives (the patch leaves it out).
	File      *mergepatch.File     `json:"file"`
	Conflicts []merge.Conflict     `json:"conflicts"`
	Skipped   []mergepatch.Skipped `json:"skipped"`
	Winners   map[string]string    `json:"winners"`
}

// MergedPatchSetWinner keeps mod as the winner of the conflict key for the
// next build ("" = back to the load order's choice) and starts a job (kind
// "merged-patch-winner") that merges again only the key's file: its result
// (*MergedPatchFile) replaces that file's row and conflicts in the view.
// Every other file's merge is untouched by a pick (issue 43: each pick ran
// the whole merge again, 12-20 s on two large mods).
func (s *LoadOrderService) MergedPatchSetWinner(userDir, modsDir, baseDir, key, mod string) (string, error) {
	if strings.TrimSpace(userDir) == "" {
		return "", fmt.Errorf("merged patch: no user folder")
	}
	path, _, ok := strings.Cut(key, "|")
	if !ok || path == "" {
		return "", fmt.Errorf("merged patch: %q is not a conflict key (PATH|BLOCK|PROPERTY)", key)
	}
	w, err := mergepatch.LoadWinners(userDir)
	if err != nil {
		return "", err
	}
	if mod == "" {
		delete(w, key)
	} else {
		w[key] = mod
	}
	if err := mergepatch.SaveWinners(userDir, w); err != nil {
		return "", err
	}
	o, _, err := s.mergeOptions(userDir, modsDir, baseDir)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "merged-patch-winner", "Merging "+path+" with the winner picked", userDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		fm, err := mergepatch.MergeFile(ctx, o, path)
		if err != nil {
			return nil, fmt.Errorf("merged patch: %w", err)
		}
		r := &MergedPatchFile{Path: fm.File.Path, Conflicts: fm.Conflicts, Skipped: fm.Skipped, Winners: o.Winners}
		if fm.File.Status != mergepatch.StatusLoadOrder {
			f := fm.File
			f.Base, f.Theirs, f.Merged, f.Source = "", nil, "", nil
			r.File = &f
		}
		return r, nil
	}), nil
}

// MergedPatchBuild starts a job that builds the patch and deploys it into
// the mods folder, first in modlauncher.sch (after a backup, as deploy
// does): mergepatch.Publish, one merge; the finished job's result is the
// *MergedPatchView of that merge.
func (s *LoadOrderService) MergedPatchBuild(userDir, modsDir, baseDir string) (string, error) {
	o, base, err := s.mergeOptions(userDir, modsDir, baseDir)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "merged-patch", "Building the merged patch of "+filepath.Base(userDir), userDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		o.Progress = progressTo(p)
		rep, err := mergepatch.Publish(ctx, o, mergepatch.Target{Deploy: true, Enable: true})
		if err != nil {
			return nil, err
		}
		return viewOf(rep, o, base), nil
	}), nil
}
