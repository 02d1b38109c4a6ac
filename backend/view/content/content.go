package content

import (
	"fmt"
	"io"
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/view/kind"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
)

var pictureExt = map[string]bool{".dds": true, ".tga": true, ".btx": true, ".mpp": true}
var stdImageExt = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true}

// MayRender says whether an entry is a texture or a walk grid by name or
// kind (PNG, JPEG and GIF are images already).
func MayRender(e archive.Entry) bool {
	x := strings.ToLower(path.Ext(e.Path))
	if stdImageExt[x] {
		return false
	}
	return pictureExt[x] || e.Kind == kind.Texture || e.Kind == render.KindWalkGrid
}

// IsPicture says whether an entry shows as a picture: a texture, a walk
// grid, or a PNG, JPEG or GIF.
func IsPicture(e archive.Entry) bool {
	return MayRender(e) || stdImageExt[strings.ToLower(path.Ext(e.Path))] || e.Kind == kind.Image
}

// ReadCapped reads r whole up to max bytes; big says r held more.
func ReadCapped(r io.Reader, max int64) ([]byte, bool, error) {
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, false, fmt.Errorf("reading at offset %d: %w", len(b), err)
	}
	return b, int64(len(b)) > max, nil
}

// ReadSized is ReadCapped into one buffer of the entry's stated size
// (ReadAll's doubling would leave twice the bytes to collect).
func ReadSized(r io.Reader, size, max int64) ([]byte, bool, error) {
	if size <= 0 || size > max {
		return ReadCapped(r, max)
	}
	b := make([]byte, 0, size+1)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, false, nil
		}
		if err != nil {
			return nil, false, fmt.Errorf("reading at offset %d: %w", len(b), err)
		}
		if len(b) == cap(b) {
			// Longer than it said: the rest as ReadCapped reads it.
			rest, big, err := ReadCapped(r, max-int64(len(b)))
			return append(b, rest...), big, err
		}
	}
}

func head(b []byte) []byte { return b[:min(len(b), preview.HeadSize)] }
