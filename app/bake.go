package app

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/usermsg"
	"packsmith/backend/tl2/levelbake"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/formats/tl2/mpp"
)

// BakeView is "Bake walk grid" on a .LAYOUT entry: the grid baked from the
// archive's pieces and meshes (then the game's, from the settings), drawn,
// and its difference with the .MPP beside the layout when there is one.
type BakeView struct {
	Layout string            `json:"layout"`
	Grid   string            `json:"grid"` // the .MPP entry it belongs in
	Report *levelbake.Report `json:"report"`
	Image  string            `json:"image"`                               // data: URL (PNG)
	Meta   preview.ImageMeta `json:"meta" ts_type:"{[key: string]: any}"` // a *render.GridMeta, as the walk-grid preview's
	// Against compares with the existing .MPP; nil when there is none.
	Against *BakeAgainst `json:"against,omitempty"`
}

// BakeAgainst is the difference between the existing grid (before) and
// the baked one (after).
type BakeAgainst struct {
	Entry      string            `json:"entry"`
	SameHeader bool              `json:"sameHeader"`
	Image      string            `json:"image"`
	Meta       preview.ImageMeta `json:"meta" ts_type:"{[key: string]: any}"` // a *render.GridDiffMeta, as the grid-diff preview's
}

// BakeGrid bakes the walk grid of a .LAYOUT entry of an open archive.
func (s *ArchiveService) BakeGrid(id, entryPath string) (*BakeView, error) {
	v, err := s.bakeGrid(id, entryPath)
	return v, usermsg.Error(err)
}

func (s *ArchiveService) bakeGrid(id, entryPath string) (*BakeView, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return nil, err
	}
	a := ss.Archive
	e, ok := archive.Find(a, entryPath)
	if !ok {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	root, ok := levelbake.ArchiveRoot(e.Path)
	if !ok || !strings.EqualFold(filepath.Ext(e.Path), ".layout") {
		return nil, fmt.Errorf("%s: only a .LAYOUT under a MEDIA folder can be baked", e.Path)
	}
	b, err := levelbake.NewFromArchive(a, root, s.gameData())
	if err != nil {
		return nil, err
	}
	defer b.Close()
	src, err := readEntry(a, e)
	if err != nil {
		return nil, err
	}
	rep, err := b.BakeLayout(context.Background(), filepath.Base(e.Path), src, levelbake.Options{})
	if err != nil {
		return nil, err
	}
	baked, err := mpp.Encode(rep.Grid)
	if err != nil {
		return nil, err
	}
	v := &BakeView{Layout: e.Path, Grid: strings.TrimSuffix(e.Path, filepath.Ext(e.Path)) + gridExt(e.Path), Report: rep}
	img, meta, err := render.RenderGridBytes(baked, map[string]string{"overlay": "1"})
	if err != nil {
		return nil, err
	}
	if v.Image, err = dataURL(img); err != nil {
		return nil, err
	}
	v.Meta = meta
	ge, ok := archive.Find(a, v.Grid)
	if !ok {
		return v, nil
	}
	v.Grid = ge.Path
	old, err := readEntry(a, ge)
	if err != nil {
		return nil, err
	}
	dimg, dmeta, err := render.DiffGrids(bytes.NewReader(old), ge.Path, bytes.NewReader(baked), "baked from "+e.Path, nil)
	if err != nil {
		return nil, err
	}
	ag := &BakeAgainst{Entry: ge.Path, Meta: dmeta, SameHeader: len(old) >= mpp.HeaderSize && bytes.Equal(old[:mpp.HeaderSize], baked[:mpp.HeaderSize])}
	if ag.Image, err = dataURL(dimg); err != nil {
		return nil, err
	}
	v.Against = ag
	return v, nil
}

// gameData is where pieces the mod lacks come from: the game folder of the
// settings when it holds DATA.PAK (or PAKS/DATA.PAK), else the pack's base
// data folder.
func (s *Service) gameData() string {
	st := s.Settings.Get()
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
func (s *PackService) BakeLayoutFile(layoutPath string) (*BakeView, error) {
	v, err := s.bakeLayoutFile(layoutPath)
	return v, usermsg.Error(err)
}

func (s *PackService) bakeLayoutFile(layoutPath string) (*BakeView, error) {
	fr, err := levelbake.BakeFile(context.Background(), layoutPath, s.gameData(), "", levelbake.Options{})
	if err != nil {
		return nil, err
	}
	baked, err := mpp.Encode(fr.Grid)
	if err != nil {
		return nil, err
	}
	v := &BakeView{Layout: layoutPath, Grid: levelbake.SiblingGrid(layoutPath), Report: fr.Report}
	img, meta, err := render.RenderGridBytes(baked, map[string]string{"overlay": "1"})
	if err != nil {
		return nil, err
	}
	if v.Image, err = dataURL(img); err != nil {
		return nil, err
	}
	v.Meta = meta
	if fr.Against == nil {
		return v, nil
	}
	old, err := mpp.Encode(fr.Against.Grid)
	if err != nil {
		return nil, err
	}
	dimg, dmeta, err := render.DiffGrids(bytes.NewReader(old), fr.Against.File, bytes.NewReader(baked), "baked from "+filepath.Base(layoutPath), nil)
	if err != nil {
		return nil, err
	}
	v.Against = &BakeAgainst{Entry: fr.Against.File, SameHeader: fr.Against.SameHeader, Meta: dmeta}
	if v.Against.Image, err = dataURL(dimg); err != nil {
		return nil, err
	}
	return v, nil
}

func gridExt(p string) string {
	if filepath.Ext(p) == strings.ToLower(filepath.Ext(p)) {
		return ".mpp"
	}
	return ".MPP"
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

func dataURL(img image.Image) (string, error) {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}
