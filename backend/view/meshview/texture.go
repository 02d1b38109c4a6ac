package meshview

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"path"
	"strings"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/modfiles"
	"packsmith/formats/dds"
	"packsmith/formats/tga"
)

// LoadTexture reads a texture file the resolver finds (.dds, .tga or
// .png) as an image, its size capped by the budget: the software render
// and the window's /api/modeltex alike.
func (r *Resolver) LoadTexture(key string, budget *limits.Budget) (image.Image, error) {
	return LoadTexture(r.b, key, budget)
}

// LoadTexture reads the texture at key of a mod's files (the mod's, else
// the game's) as an image: the window's /api/modeltex asks for one file
// without indexing the mod's materials (NewResolver).
func LoadTexture(f *modfiles.Files, key string, budget *limits.Budget) (image.Image, error) {
	data, found, err := f.ReadFile(key)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("texture %s: not in the mod or the game's data", key)
	}
	var img image.Image
	switch strings.ToLower(path.Ext(key)) {
	case ".dds":
		img, _, err = dds.Decode(bytes.NewReader(data), dds.Options{MaxBytes: budget.Bytes()})
	case ".tga":
		img, _, err = tga.Decode(bytes.NewReader(data), tga.Options{MaxBytes: budget.Bytes()})
	case ".png":
		img, err = png.Decode(bytes.NewReader(data))
	default:
		return nil, fmt.Errorf("%s: not a texture format the view reads (.dds, .tga, .png)", key)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return img, nil
}

// texel samples img at (u, v), nearest texel, wrapping (Ogre's default
// address mode); v = 0 is the image's top row, as in Ogre.
func texel(img image.Image, u, v float64) color.NRGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	x := int(fmod1(u) * float64(w))
	y := int(fmod1(v) * float64(h))
	x, y = min(max(x, 0), w-1), min(max(y, 0), h-1)
	if n, ok := img.(*image.NRGBA); ok {
		o := n.PixOffset(b.Min.X+x, b.Min.Y+y)
		return color.NRGBA{n.Pix[o], n.Pix[o+1], n.Pix[o+2], n.Pix[o+3]}
	}
	return color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
}

func fmod1(f float64) float64 {
	if f != f || f > 1e9 || f < -1e9 {
		return 0
	}
	f -= float64(int64(f))
	if f < 0 {
		f++
	}
	return f
}
