// Package tl2drv plugs Torchlight II containers into the archive model:
// "tl2-mod" for .MOD files and "tl2-pak" for DATA.PAK with its
// DATA.PAK.MAN sidecar. The byte-level work is formats/tl2/mod; this
// package adds file handling, the info card, verification findings and
// write-back through safefile.
package tl2drv

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/kind"
	"packsmith/formats/tl2/mod"
)

func init() {
	archive.Register(ModDriver{})
	archive.Register(PakDriver{})
}

// ModDriver opens .MOD files.
type ModDriver struct{}

func (ModDriver) Name() string { return "tl2-mod" }

// Detect accepts a .mod name whose first word is a header version 1–4, or
// any name whose head parses as a complete version-4 header.
func (ModDriver) Detect(name string, head []byte) bool {
	if strings.EqualFold(filepath.Ext(name), ".mod") && len(head) >= 2 {
		if v := binary.LittleEndian.Uint16(head); v >= 1 && v <= 4 {
			return true
		}
	}
	return mod.LooksLikeMod(head)
}

func (ModDriver) Open(p string, opts archive.OpenOptions) (archive.Archive, error) {
	f, size, err := openFile(p)
	if err != nil {
		return nil, err
	}
	r, err := mod.NewReader(f, size, readerOptions(opts))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return newArchive("tl2-mod", p, "", f, nil, r), nil
}

// PakDriver opens DATA.PAK + DATA.PAK.MAN pairs (from either file).
type PakDriver struct{}

func (PakDriver) Name() string { return "tl2-pak" }

func (PakDriver) Detect(name string, head []byte) bool {
	n := strings.ToLower(name)
	if strings.HasSuffix(n, ".pak.man") {
		return true
	}
	// A .pak that is really a zip belongs to the zip driver.
	return strings.HasSuffix(n, ".pak") && !strings.HasPrefix(string(head), "PK")
}

// ErrNoManifest is returned when a .PAK has no .MAN sidecar beside it.
var ErrNoManifest = errors.New("no .MAN sidecar beside it: a DATA.PAK's file list lives in DATA.PAK.MAN, so it cannot be opened alone (put the .MAN next to it, or name it explicitly)")

func (PakDriver) Open(p string, opts archive.OpenOptions) (archive.Archive, error) {
	pak, man := p, ""
	if strings.HasSuffix(strings.ToLower(p), ".man") {
		man = p
		pak = findBeside(strings.TrimSuffix(p, filepath.Ext(p)))
		if pak == "" {
			return nil, fmt.Errorf("%s: no %s beside it: the .MAN lists the files, the .PAK holds them",
				p, filepath.Base(strings.TrimSuffix(p, filepath.Ext(p))))
		}
	} else if man = findBeside(p + ".MAN"); man == "" {
		return nil, fmt.Errorf("%s: %w", p, ErrNoManifest)
	}
	return OpenPak(pak, man, opts)
}

// OpenPak opens a DATA.PAK with a manifest at an explicit path.
func OpenPak(pakPath, manPath string, opts archive.OpenOptions) (*Archive, error) {
	f, size, err := openFile(pakPath)
	if err != nil {
		return nil, err
	}
	mf, msize, err := openFile(manPath)
	if err != nil {
		f.Close()
		return nil, err
	}
	r, err := mod.NewPakReader(f, size, mf, msize, readerOptions(opts))
	if err != nil {
		f.Close()
		mf.Close()
		return nil, fmt.Errorf("%s + %s: %w", pakPath, filepath.Base(manPath), err)
	}
	return newArchive("tl2-pak", pakPath, manPath, f, mf, r), nil
}

// findBeside returns the file in want's folder whose name matches want's
// case-insensitively (exact match first), or "".
func findBeside(want string) string {
	if st, err := os.Stat(want); err == nil && st.Mode().IsRegular() {
		return want
	}
	dir, base := filepath.Dir(want), filepath.Base(want)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range ents {
		if !e.IsDir() && strings.EqualFold(e.Name(), base) {
			return filepath.Join(dir, e.Name())
		}
	}
	return ""
}

func openFile(p string) (*os.File, int64, error) {
	f, err := safefile.OpenShared(p)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

func readerOptions(o archive.OpenOptions) *mod.Options {
	if o.MaxAlloc <= 0 {
		return nil
	}
	return &mod.Options{MaxHeaderSize: o.MaxAlloc, MaxManifestSize: o.MaxAlloc}
}

// Archive is an open .MOD or DATA.PAK + .MAN.
type Archive struct {
	family  string
	path    string
	manPath string
	f, mf   *os.File
	r       *mod.Reader
	entries []archive.Entry
}

func newArchive(family, p, manPath string, f, mf *os.File, r *mod.Reader) *Archive {
	a := &Archive{family: family, path: p, manPath: manPath, f: f, mf: mf, r: r}
	a.entries = make([]archive.Entry, len(r.Entries))
	for i := range r.Entries {
		e := &r.Entries[i]
		a.entries[i] = archive.Entry{
			Path:   e.Path,
			Size:   int64(e.Size),
			Packed: e.Packed,
			Kind:   Kind(e),
			Extra: &EntryExtra{
				Type:     e.Type.String(),
				TypeCode: int(e.Type),
				CRC32:    fmt.Sprintf("%08X", e.CRC32),
				Offset:   e.Offset,
				FileTime: e.FileTime,
			},
		}
	}
	return a
}

// Kind names an entry for previews: compiled types hold BINDAT/BINLAYOUT
// whatever their extension says; the rest goes by name, then by type.
func Kind(e *mod.Entry) string {
	switch e.Type {
	case mod.TypeDAT, mod.TypeAnimation, mod.TypeHIE:
		return "BINDAT"
	case mod.TypeLayout:
		return "BINLAYOUT"
	case mod.TypeDATSource, mod.TypeLayoutSource, mod.TypeTemplateSource:
		return kind.Text
	}
	if k := kind.FromName(e.Path); k != kind.Binary {
		return k
	}
	switch e.Type {
	case mod.TypeMesh:
		return "mesh"
	case mod.TypeSkeleton:
		return "skeleton"
	case mod.TypeDDS:
		return kind.Texture
	case mod.TypePNG, mod.TypeJPG:
		return kind.Image
	case mod.TypeSound:
		return kind.Audio
	case mod.TypeRAW:
		return "RAW"
	case mod.TypeMPP:
		return "walkgrid"
	case mod.TypeImageset, mod.TypeMaterial, mod.TypeFont, mod.TypeScheme, mod.TypeLookNFeel, mod.TypeUILayout:
		return kind.Text
	}
	return kind.Binary
}

func (a *Archive) Family() string           { return a.family }
func (a *Archive) Path() string             { return a.path }
func (a *Archive) Entries() []archive.Entry { return a.entries }

// Capabilities: a .MOD or DATA.PAK is rewritten whole (with its .MAN, a
// sidecar), names fold as the game upper-cases them before a lookup, and
// text sources written into it compile.
func (a *Archive) Capabilities() archive.Capabilities {
	c := archive.Capabilities{
		Edit:            archive.OpsOf(archive.EditReplace, archive.EditAdd, archive.EditRemove, archive.EditDropShadowed),
		Rewrite:         a.Rewrite,
		Shadowed:        a.Shadowed,
		Verify:          a.Verify,
		Info:            a.Info,
		FoldNames:       true,
		CompilesSources: true,
		Card:            archive.CardMod,
		Unpack:          a.manPath == "", // a .MOD: a DATA.PAK comes with its .MAN
	}
	if a.manPath != "" {
		c.Sidecars = []string{a.manPath}
	}
	return c
}

// Reader exposes the codec for family-specific views.
func (a *Archive) Reader() *mod.Reader { return a.r }

func (a *Archive) Close() error {
	err := a.f.Close()
	if a.mf != nil {
		if e := a.mf.Close(); err == nil {
			err = e
		}
	}
	return err
}

// lookup finds an entry: exact path first, then case-insensitively.
func (a *Archive) lookup(p string) (*mod.Entry, bool) {
	// A stored name may hold '\' (GUTS writes what the mod folder had):
	// the name as listed comes first.
	if e, ok := a.r.Lookup(p); ok {
		return e, true
	}
	p = strings.TrimPrefix(strings.ReplaceAll(p, `\`, "/"), "/")
	if e, ok := a.r.Lookup(p); ok {
		return e, true
	}
	for i := range a.r.Entries {
		if strings.EqualFold(a.r.Entries[i].Path, p) {
			return &a.r.Entries[i], true
		}
	}
	return nil, false
}

func (a *Archive) Open(entryPath string) (io.ReadCloser, error) {
	e, ok := a.lookup(entryPath)
	if !ok {
		return nil, &archive.EntryError{Archive: a.path, Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	rc, err := a.r.Open(e)
	if err != nil {
		return nil, &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: a.r.DataOffset() + int64(e.Offset), Err: err}
	}
	return rc, nil
}
