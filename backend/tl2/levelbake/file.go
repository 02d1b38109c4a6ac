package levelbake

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/usermsg"
	"packsmith/backend/tl2/modfiles"
	"packsmith/formats/tl2/mpp"
)

// ModRoot finds the mod folder of a file under it (modfiles.ModRoot).
func ModRoot(file string) (string, error) { return modfiles.ModRoot(file) }

// Against compares a baked grid with an existing one.
type Against struct {
	File string `json:"file"`
	// SameHeader: the 24 header bytes are equal.
	SameHeader bool      `json:"sameHeader"`
	Diff       *mpp.Diff `json:"diff"`
	Grid       *mpp.Grid `json:"-"`
}

// FileResult is BakeFile's outcome.
type FileResult struct {
	*Report
	ModDir  string   `json:"modDir"`
	Against *Against `json:"against,omitempty"`
}

// BakeFile bakes a .LAYOUT on disk (its mod found from its path, the
// game's data from gameDir when not "") and compares the grid with
// existing (the sibling .MPP when "" and it exists). Its errors carry no
// Go package prefix (usermsg).
func BakeFile(ctx context.Context, layoutPath, gameDir, existing string, opt Options) (*FileResult, error) {
	fr, err := bakeFile(ctx, layoutPath, gameDir, existing, opt)
	return fr, usermsg.Error(err)
}

func bakeFile(ctx context.Context, layoutPath, gameDir, existing string, opt Options) (*FileResult, error) {
	root, err := ModRoot(layoutPath)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(layoutPath)
	if err != nil {
		return nil, err
	}
	b, err := New(root, gameDir)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	rep, err := b.BakeLayout(ctx, filepath.Base(layoutPath), data, opt)
	if err != nil {
		return nil, err
	}
	fr := &FileResult{Report: rep, ModDir: root}
	if existing == "" {
		existing = SiblingGrid(layoutPath)
		if _, err := os.Stat(existing); err != nil {
			return fr, nil
		}
	}
	old, err := os.ReadFile(existing)
	if err != nil {
		return nil, err
	}
	og, err := mpp.Decode(old)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", existing, err)
	}
	enc, err := mpp.Encode(rep.Grid)
	if err != nil {
		return nil, err
	}
	d, err := mpp.Compare(og, rep.Grid)
	if err != nil {
		return nil, err
	}
	fr.Against = &Against{File: existing, SameHeader: bytes.Equal(enc[:mpp.HeaderSize], old[:mpp.HeaderSize]), Diff: d, Grid: og}
	return fr, nil
}

// SiblingGrid is the .MPP beside a .LAYOUT, in the layout's letter case
// when no file of another case is there.
func SiblingGrid(layoutPath string) string {
	ext := filepath.Ext(layoutPath)
	base := strings.TrimSuffix(layoutPath, ext)
	want := ".MPP"
	if ext == strings.ToLower(ext) {
		want = ".mpp"
	}
	if ents, err := os.ReadDir(filepath.Dir(layoutPath)); err == nil {
		name := filepath.Base(base)
		for _, e := range ents {
			if strings.EqualFold(e.Name(), name+".MPP") {
				return filepath.Join(filepath.Dir(layoutPath), e.Name())
			}
		}
	}
	return base + want
}
