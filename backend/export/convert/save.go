package convert

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/content"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/jobs"
)

// What a saved preview holds, by the view it was saved from.
const (
	ViewText  = "text"  // decompiled text as GUTS writes it; a text entry's own bytes
	ViewImage = "image" // the picture as PNG, at the view's mip, face, scale
	ViewHex   = "hex"   // the entry's bytes
)

// Saved is one preview written to disk, or refused because a file is there.
type Saved struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
	// Exists: a file is at Path and overwrite was not asked for; nothing
	// was written.
	Exists bool `json:"exists"`
}

// ErrNoView is returned for a view the entry does not have.
var ErrNoView = errors.New("no such view")

// PreviewBytes is what "Save preview as…" writes for an entry's view, and
// the file name it suggests.
func PreviewBytes(a archive.Archive, e archive.Entry, view string, o preview.Options) ([]byte, string, error) {
	opts := o.View
	fail := func(err error) ([]byte, string, error) {
		return nil, "", &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return nil, "", err
	}
	defer rc.Close()
	max := int64(MaxImageBytes)
	if view == ViewHex {
		max = 1 << 40
	}
	b, big, err := content.ReadCapped(rc, max)
	if err != nil {
		return fail(err)
	}
	if big {
		return fail(fmt.Errorf("larger than %d bytes: too big to save from the %s view (extract it instead)", max, view))
	}
	base := path.Base(e.Path)
	switch view {
	case ViewHex:
		return b, base, nil
	case ViewText:
		if t, ok, err := Decompiled(e, b); err != nil {
			return fail(err)
		} else if ok {
			return t, path.Base(DecompiledName(e)), nil
		}
		if _, ok := preview.DecodeText(head(b)); !ok {
			return fail(fmt.Errorf("%w: not text (binary bytes)", ErrNoView))
		}
		return b, base, nil
	case ViewImage:
		if render.IsDiff(opts) {
			return fail(fmt.Errorf("%w: save a comparison with packsmith render --diff", ErrNoView))
		}
		img, err := Render(e, b, o)
		if err != nil {
			return fail(err)
		}
		out, err := EncodePNG(img)
		if err != nil {
			return fail(err)
		}
		return out, path.Base(PNGName(e)), nil
	}
	return fail(fmt.Errorf("%w %q (text, image or hex)", ErrNoView, view))
}

// SavePreview writes an entry's view to target (atomically: temp file and
// rename). An existing file is replaced only with overwrite; otherwise
// the answer says it exists and nothing is written.
//
// The drawing and encoding take no context (a 4096² texture is a good part
// of a second of them): a cancel answers at once and nothing is written.
func SavePreview(ctx context.Context, a archive.Archive, e archive.Entry, view string, o preview.Options, target string, overwrite bool) (Saved, error) {
	if target == "" {
		return Saved{}, fmt.Errorf("save preview: no file name")
	}
	if st, err := os.Stat(target); err == nil {
		if st.IsDir() {
			return Saved{}, fmt.Errorf("%s is a folder", target)
		}
		if !overwrite {
			return Saved{Path: target, Exists: true}, nil
		}
	}
	b, err := jobs.Detach(ctx, func() ([]byte, error) {
		b, _, err := PreviewBytes(a, e, view, o)
		return b, err
	})
	if err != nil {
		return Saved{}, err
	}
	if err := safefile.WriteFile(target, b); err != nil {
		return Saved{}, err
	}
	return Saved{Path: target, Bytes: len(b)}, nil
}
