package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/limits"
	"packsmith/backend/view/render"
	"packsmith/formats/dds"
	"packsmith/formats/tga"
)

// infoFile answers `info` for a loose walk grid or texture, which are not
// archives. handled is false for any other file, which info then opens as
// an archive.
func infoFile(c *ctx, p string, js bool) (handled bool, err error) {
	var v any
	switch strings.ToLower(filepath.Ext(p)) {
	case ".mpp":
		v, err = gridInfo(p, c.budget)
	case ".dds":
		v, err = textureInfo(p, func(f *os.File) (any, error) { return dds.DecodeInfo(f) })
	case ".tga":
		v, err = textureInfo(p, func(f *os.File) (any, error) { return tga.DecodeInfo(f) })
	default:
		return false, nil
	}
	if err != nil {
		return true, err
	}
	if js {
		return true, writeJSON(c.stdout, v)
	}
	return true, printFields(c.stdout, v)
}

// GridInfo is `info FILE.mpp --json`: the file, then the grid's report
// (size, extent, class counts, stub flag, pockets; see render.GridReport).
type GridInfo struct {
	File string `json:"file"`
	render.GridReport
}

func gridInfo(p string, budget *limits.Budget) (any, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, b, err := render.ReadGrid(f, budget)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	rep, _, err := render.AnalyseGrid(g, int64(len(b)), budget)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return GridInfo{File: p, GridReport: rep}, nil
}

func textureInfo(p string, decode func(*os.File) (any, error)) (any, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	in, err := decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return struct {
		File string `json:"file"`
		Info any    `json:"info"`
	}{p, in}, nil
}
