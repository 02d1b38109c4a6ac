package render

import (
	"bytes"
	"image"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
)

// RenderGridBytes draws a walk grid held in memory (a baked one) exactly
// as the walk-grid preview draws an entry, with the same meta.
func RenderGridBytes(b []byte, o preview.Options) (image.Image, *GridMeta, error) {
	img, m, err := renderGrid(bytes.NewReader(b), archive.Entry{Size: int64(len(b))}, o)
	if err != nil {
		return nil, nil, err
	}
	return img, m.(*GridMeta), nil
}
