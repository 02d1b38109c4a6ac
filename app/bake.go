package app

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"path"
	"path/filepath"

	"packsmith/backend/archive"
	"packsmith/backend/sys/usermsg"
	"packsmith/backend/tl2/levelbake"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/settings"
	"packsmith/formats/tl2/mpp"
)

// BakeView is "Bake walk grid" on a .LAYOUT entry: the grid baked from the
// archive's pieces and meshes (then the game's, from the settings), drawn,
// and its difference with the .MPP beside the layout when there is one.
// The pictures are not in it: Image is a one-shot /api/rendered URL, as
// ImageView's (rendered.go), so no PNG crosses the bridge as JSON.
type BakeView struct {
	Layout string            `json:"layout"`
	Grid   string            `json:"grid"` // the .MPP entry it belongs in
	Report *levelbake.Report `json:"report"`
	Image  string            `json:"image"`                               // /api/rendered?k=… (PNG, fetched once)
	Meta   preview.ImageMeta `json:"meta" ts_type:"{[key: string]: any}"` // a *render.GridMeta, as the walk-grid preview's
	// Against compares with the existing .MPP; nil when there is none.
	Against *BakeAgainst `json:"against,omitempty"`
}

// BakeAgainst is the difference between the existing grid (before) and
// the baked one (after).
type BakeAgainst struct {
	Entry      string            `json:"entry"`
	SameHeader bool              `json:"sameHeader"`
	Image      string            `json:"image"`                               // /api/rendered?k=…, as BakeView.Image
	Meta       preview.ImageMeta `json:"meta" ts_type:"{[key: string]: any}"` // a *render.GridDiffMeta, as the grid-diff preview's
}

// Bake stages, in the order a bake job reports them.
const (
	bakeStageBake    = "bake"    // Done/Total: grid rows
	bakeStageDraw    = "draw"    // the baked grid drawn
	bakeStageCompare = "compare" // the difference with the existing .MPP
)

// BakeGrid starts a job baking the walk grid of a .LAYOUT entry of an
// open archive; its result is a *BakeView.
func (s *ToolsService) BakeGrid(id, entryPath string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	a := ss.Archive
	e, ok := archive.Find(a, entryPath)
	if !ok {
		return "", &archive.EntryError{Archive: a.Path(), Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	root, ok := levelbake.LayoutTarget(e.Path)
	if !ok {
		return "", fmt.Errorf("%s: only a .LAYOUT under a MEDIA folder can be baked", e.Path)
	}
	return startCall(s.jobs, "bake", "Baking the walk grid of "+path.Base(e.Path), e.Path, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		v, err := s.bakeGrid(ctx, p, a, e, root)
		return v, usermsg.Error(err)
	}), nil
}

func (s *ToolsService) bakeGrid(ctx context.Context, p *jobs.Reporter, a archive.Archive, e archive.Entry, root string) (*BakeView, error) {
	b, err := levelbake.NewFromArchive(a, root, gameData(s.settings))
	if err != nil {
		return nil, err
	}
	defer b.Close()
	src, err := readEntry(a, e)
	if err != nil {
		return nil, err
	}
	rep, err := b.BakeLayout(ctx, filepath.Base(e.Path), src, s.bakeOptions(p, e.Path))
	if err != nil {
		return nil, err
	}
	baked, err := mpp.Encode(rep.Grid)
	if err != nil {
		return nil, err
	}
	v := &BakeView{Layout: e.Path, Grid: levelbake.GridPath(e.Path), Report: rep}
	if err := s.drawBaked(ctx, p, v, baked); err != nil {
		return nil, err
	}
	ge, ok := archive.Find(a, v.Grid)
	if !ok {
		return v, nil
	}
	v.Grid = ge.Path
	old, err := readEntry(a, ge)
	if err != nil {
		return nil, err
	}
	ag := &BakeAgainst{Entry: ge.Path, SameHeader: len(old) >= mpp.HeaderSize && bytes.Equal(old[:mpp.HeaderSize], baked[:mpp.HeaderSize])}
	if err := s.drawAgainst(ctx, p, ag, old, ge.Path, baked, "baked from "+e.Path); err != nil {
		return nil, err
	}
	v.Against = ag
	return v, nil
}

// bakeOptions reports the bake's rows as the job's progress.
func (s *ToolsService) bakeOptions(p *jobs.Reporter, what string) levelbake.Options {
	p.Stage(bakeStageBake, what, 0, 0)
	return levelbake.Options{Budget: s.budget, Progress: func(done, total int) { p.Stage(bakeStageBake, what, int64(done), int64(total)) }}
}

// drawBaked draws the baked grid and keeps the picture for the window.
func (s *ToolsService) drawBaked(ctx context.Context, p *jobs.Reporter, v *BakeView, baked []byte) error {
	p.Stage(bakeStageDraw, v.Grid, 0, 1)
	r, err := s.rendered.keepDrawn(ctx, func() (image.Image, preview.ImageMeta, error) {
		return render.RenderGridBytes(baked, preview.Options{View: map[string]string{"overlay": "1"}, Budget: s.budget})
	})
	if err != nil {
		return err
	}
	v.Image, v.Meta = r.URL, r.Meta
	return nil
}

// drawAgainst draws the difference between the existing grid and the
// baked one and keeps the picture for the window.
func (s *ToolsService) drawAgainst(ctx context.Context, p *jobs.Reporter, ag *BakeAgainst, old []byte, oldName string, baked []byte, bakedName string) error {
	p.Stage(bakeStageCompare, oldName, 0, 1)
	r, err := s.rendered.keepDrawn(ctx, func() (image.Image, preview.ImageMeta, error) {
		return render.DiffGrids(bytes.NewReader(old), oldName, bytes.NewReader(baked), bakedName, preview.Options{Budget: s.budget})
	})
	if err != nil {
		return err
	}
	ag.Image, ag.Meta = r.URL, r.Meta
	return nil
}

// gameData is where pieces the mod lacks come from: the game folder of the
// settings when it holds DATA.PAK (or PAKS/DATA.PAK), else the pack's base
// data folder.
func gameData(settings *settings.Store) string {
	st := settings.Get()
	switch {
	case st.GameDir != "" && levelbake.HasPak(st.GameDir):
		return st.GameDir
	case st.GameDir != "" && levelbake.HasPak(filepath.Join(st.GameDir, "PAKS")):
		return filepath.Join(st.GameDir, "PAKS")
	}
	return st.PackBaseDir
}

// BakeLayoutFile is BakeGrid for a .LAYOUT on disk (the Pack view's
// levels): its mod is the folder above its MEDIA/, and the grid is
// compared with the .MPP beside it when there is one. Nothing is written.
// It starts a job; its result is a *BakeView.
func (s *ToolsService) BakeLayoutFile(layoutPath string) (string, error) {
	return startCall(s.jobs, "bake", "Baking the walk grid of "+filepath.Base(layoutPath), layoutPath, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		v, err := s.bakeLayoutFile(ctx, p, layoutPath)
		return v, usermsg.Error(err)
	}), nil
}

func (s *ToolsService) bakeLayoutFile(ctx context.Context, p *jobs.Reporter, layoutPath string) (*BakeView, error) {
	fr, err := levelbake.BakeFile(ctx, layoutPath, gameData(s.settings), "", s.bakeOptions(p, filepath.Base(layoutPath)))
	if err != nil {
		return nil, err
	}
	baked, err := mpp.Encode(fr.Grid)
	if err != nil {
		return nil, err
	}
	v := &BakeView{Layout: layoutPath, Grid: levelbake.SiblingGrid(layoutPath), Report: fr.Report}
	if err := s.drawBaked(ctx, p, v, baked); err != nil {
		return nil, err
	}
	if fr.Against == nil {
		return v, nil
	}
	old, err := mpp.Encode(fr.Against.Grid)
	if err != nil {
		return nil, err
	}
	v.Against = &BakeAgainst{Entry: fr.Against.File, SameHeader: fr.Against.SameHeader}
	if err := s.drawAgainst(ctx, p, v.Against, old, fr.Against.File, baked, "baked from "+filepath.Base(layoutPath)); err != nil {
		return nil, err
	}
	return v, nil
}

const maxBakeEntry = 256 << 20

func readEntry(a archive.Archive, e archive.Entry) ([]byte, error) {
	rc, err := a.Open(e.Path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, maxBakeEntry+1))
	if err != nil {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
	}
	if len(b) > maxBakeEntry {
		return nil, fmt.Errorf("%s: more than %d bytes", e.Path, maxBakeEntry)
	}
	return b, nil
}
