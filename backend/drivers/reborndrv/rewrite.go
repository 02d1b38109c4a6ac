package reborndrv

import (
	"context"
	"errors"
	"fmt"
	"os"

	"packsmith/backend/archive"
	"packsmith/backend/safefile"
	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/rotxor"
)

// ErrEditUnsupported is returned for adds and removes: entries are found by
// index, so only replacing keeps the others where the game looks for them.
var ErrEditUnsupported = errors.New("reborn-dat: only replace is supported (entries are numbered)")

// Rewrite replaces entries and wraps the result in the same layer chain. A
// replacement that is not a multiple of 16 bytes is zero-padded to one; an
// entry that was MLZ0 is wrapped in MLZ0 again. With no edits, pakd bytes
// come back identical; the DEFLATE stream is Go's, so the .dat differs.
func (a *Archive) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	repl := map[*node][]byte{}
	for _, e := range edits {
		if e.Op != archive.EditReplace {
			return nil, &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: ErrEditUnsupported}
		}
		n, err := a.find(e.Path)
		if err != nil {
			return nil, err
		}
		b, err := os.ReadFile(e.Source)
		if err != nil {
			return nil, err
		}
		if n.kind == "mlz0" {
			b = mlz0.Encode(b)
		} else if a.root != nil && len(b)%16 != 0 {
			b = append(b, make([]byte, 16-len(b)%16)...)
		}
		repl[n] = b
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.Progress(0, 2, "building")
	var payload []byte
	if a.root != nil {
		payload = buildPack(a.root, repl)
	} else if b, ok := repl[a.byPath[a.single]]; ok {
		payload = b
	} else {
		payload = a.payload
	}
	out, err := a.wrap(payload)
	if err != nil {
		return nil, err
	}
	p.Progress(1, 2, "writing")
	f, err := safefile.Create(dst)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(out); err != nil {
		f.Abort()
		return nil, err
	}
	p.Progress(2, 2, "")
	return f, nil
}

// wrap puts the layers back around a payload, innermost first.
func (a *Archive) wrap(payload []byte) ([]byte, error) {
	b := payload
	for i := len(a.layers) - 1; i >= 0; i-- {
		switch l := a.layers[i]; l.Kind {
		case "pakd":
		case "mlz0":
			b = mlz0.Encode(b)
		case "zip":
			z, err := onezip.Write(l.Name, b)
			if err != nil {
				return nil, err
			}
			b = z
		case "rotxor":
			b = append([]byte(nil), b...)
			rotxor.Encrypt(b)
		default:
			return nil, fmt.Errorf("reborn-dat: cannot rebuild layer %q", l.Kind)
		}
	}
	return b, nil
}
