package intake

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/dds"
	"packsmith/formats/reborn/btx"
	"packsmith/formats/tga"
)

// maxPicturePixels bounds the picture a texture is encoded from (a lying
// header may not make us allocate more): 16384×16384.
const maxPicturePixels = 16384 * 16384

// isDDSName: an entry named as a DDS texture.
func isDDSName(entry string) bool { return strings.EqualFold(path.Ext(entry), ".dds") }

// isBTX: a Reborn entry the driver found to be a btx texture.
func isBTX(a archive.Archive, entry string) bool {
	e, ok := archive.Find(a, entry)
	return ok && e.Kind == "btx"
}

// PictureOnTexture says whether file, a picture (PNG, JPEG, TGA by its
// name) dropped on entry, a texture (a .DDS, a Reborn btx), replaces it:
// the write encodes it as that texture (Convert). The window's drop asks
// here, so it names no texture format of its own.
func PictureOnTexture(a archive.Archive, entry, file string) bool {
	switch strings.ToLower(path.Ext(strings.ReplaceAll(file, `\`, "/"))) {
	case ".png", ".jpg", ".jpeg", ".tga":
	default:
		return false
	}
	return isDDSName(entry) || isBTX(a, entry)
}

// picture decodes a PNG, JPEG or TGA given for a texture; ok is false
// when b is none of them (a DDS given for a DDS is stored as it is). TGA
// has no magic: it is taken by the file's name.
func picture(display string, b []byte) (img image.Image, kind string, ok bool, err error) {
	var cfg image.Config
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		kind = "PNG"
		if cfg, err = png.DecodeConfig(bytes.NewReader(b)); err == nil {
			if err = checkPixels(display, cfg); err == nil {
				img, err = png.Decode(bytes.NewReader(b))
			}
		}
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		kind = "JPEG"
		if cfg, err = jpeg.DecodeConfig(bytes.NewReader(b)); err == nil {
			if err = checkPixels(display, cfg); err == nil {
				img, err = jpeg.Decode(bytes.NewReader(b))
			}
		}
	case strings.EqualFold(path.Ext(strings.ReplaceAll(display, `\`, "/")), ".tga"):
		kind = "TGA"
		img, _, err = tga.Decode(bytes.NewReader(b), tga.Options{MaxPixels: maxPicturePixels, MaxBytes: 8 * maxPicturePixels})
	default:
		return nil, "", false, nil
	}
	if err != nil {
		return nil, kind, true, fmt.Errorf("%s: not a readable %s picture: %w", display, kind, err)
	}
	return img, kind, true, nil
}

func checkPixels(display string, c image.Config) error {
	if int64(c.Width)*int64(c.Height) > maxPicturePixels {
		return fmt.Errorf("%s: %d×%d pixels is more than a texture may have (%d)", display, c.Width, c.Height, maxPicturePixels)
	}
	return nil
}

// readEntry reads what the archive holds at entry (the texture a picture
// replaces), capped at MaxSource.
func readEntry(a archive.Archive, entry string) ([]byte, error) {
	e, ok := archive.Find(a, entry)
	if !ok {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: archive.ErrNotFound}
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxSource+1))
	if err != nil {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: int64(len(b)), Err: err}
	}
	if len(b) > MaxSource {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("larger than %d bytes", MaxSource)}
	}
	return b, nil
}

// newDDSFormat is what a picture added as a new .DDS (no texture to take
// the format from) is encoded as: DXT5 (BC3) with its full mip chain,
// what TL2's own textures mostly are.
const newDDSFormat = "BC3"

// texture encodes a picture written over a texture entry as that
// texture's format, size and mip count (h-tex's dds.Reencode and
// btx.Reencode); done is false when b is no picture.
func texture(ctx context.Context, a archive.Archive, entry, display string, b []byte) (c Converted, done bool, err error) {
	img, kind, ok, err := picture(display, b)
	if !ok {
		return Converted{}, false, nil
	}
	if err != nil {
		return Converted{}, true, err
	}
	if isBTX(a, entry) {
		orig, err := readEntry(a, entry)
		if err != nil {
			return Converted{}, true, err
		}
		out, what, err := btx.ReencodeContext(ctx, orig, img, btx.ReencodeOptions{})
		if err != nil {
			return Converted{}, true, err
		}
		return Converted{Data: out, Label: kind + " " + what}, true, nil
	}
	if _, ok := archive.Find(a, entry); !ok { // a new .DDS
		out, err := dds.EncodeContext(ctx, img, dds.EncodeOptions{Format: newDDSFormat})
		if err != nil {
			return Converted{}, true, err
		}
		r := img.Bounds()
		return Converted{Data: out, Label: fmt.Sprintf("%s encoded as DXT5, %d mips (a new texture)", kind, dds.FullChain(r.Dx(), r.Dy()))}, true, nil
	}
	orig, err := readEntry(a, entry)
	if err != nil {
		return Converted{}, true, err
	}
	if !bytes.HasPrefix(orig, []byte("DDS ")) {
		return Converted{}, true, fmt.Errorf("the entry holds no DDS texture to take the format from (it starts % x)", orig[:min(4, len(orig))])
	}
	out, what, err := dds.ReencodeContext(ctx, orig, img, dds.ReencodeOptions{})
	if err != nil {
		return Converted{}, true, err
	}
	return Converted{Data: out, Label: kind + " " + what}, true, nil
}
