// Package iopdrv opens Lost Saga packs (.iop) through formats/iop: the
// swapped-header ZIP with ZipCrypto, entry comments and the .ini scramble.
//
// Every central-directory entry is listed, duplicates included. The client
// uses the last copy of a name (compared lower-case with '\'); earlier
// copies carry an EntryExtra (extra.go) with IsShadowed set and Winner the
// index of the copy that wins, and Open of their path returns the winner's
// bytes, as the game would. For rs.iop and map.iop, the delete list beside
// them (info/delete_file_list.cfg.iop) is read when present and the names
// it hides carry Deleted.
//
// A game folder (gamedir.go, family "iop-game") is the client's merged view
// of rs.iop and map.iop. Its edits (gamedir_edit.go) append to one pack
// each: replace and rename to the pack the view takes the entry from;
// remove to that pack and to every later pack that has the name too (else
// the later copy would show again); add to the first pack with an entry in
// the new entry's folder, else rs.iop (a name the delete list hides there is
// refused). All packs are checked before any is written; a failure in a
// later pack truncates the earlier ones back. The save's notes say which
// pack each edit went to.
package iopdrv

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/kind"
	"packsmith/formats/cp949"
	"packsmith/formats/iop"
)

func init() { archive.Register(Driver{}) }

// Driver is the archive.Driver for .iop packs.
type Driver struct{}

func (Driver) Name() string { return "iop" }

// Detect wants the .iop extension and either an end record at the start
// (an empty pack) or a local header in the swapped layout: version needed
// (0x0A or 0x14) at offset 26 and only known flag bits at offset 28. A
// local header in the standard layout (name length at 26, as some tools
// write it) counts when the central directory is a pack's.
func (Driver) Detect(name string, head []byte) bool {
	if !strings.EqualFold(filepath.Ext(name), ".iop") {
		return false
	}
	if !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return bytes.HasPrefix(head, []byte("PK\x05\x06"))
	}
	f, err := os.Open(name)
	if err != nil {
		return iop.LooksLikePack(head, nil, 0)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false
	}
	return iop.LooksLikePack(head, f, st.Size())
}

func (Driver) Open(p string, opts archive.OpenOptions) (archive.Archive, error) {
	if _, err := Recover(p); err != nil && !errors.Is(err, errAppendLive) {
		return nil, err
	}
	f, err := safefile.OpenShared(p)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	z, err := iop.NewReader(f, st.Size(), iop.Options{Password: opts.Password, MaxCentralDir: opts.MaxAlloc})
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	a := &Archive{path: p, f: f, z: z, byPath: map[string]*iop.File{}, byKey: z.Winners()}
	a.loadDeleteList()
	for _, zf := range z.File {
		if strings.HasSuffix(zf.Name, "/") || strings.HasSuffix(zf.Name, `\`) {
			continue // folder records
		}
		name := zf.Path()
		win := a.byKey[zf.Key()]
		extra := &EntryExtra{
			Index:        zf.Index,
			Comment:      cp949.Display([]byte(zf.Comment)),
			Encrypted:    zf.Encrypted(),
			Method:       methodName(zf.Method),
			CRC:          fmt.Sprintf("%08X", zf.CRC32),
			INIScrambled: zf.INIScrambled(),
		}
		if win != zf {
			extra.IsShadowed = true
			extra.Winner = win.Index
			if n, err := zf.Span(); err == nil {
				extra.Wasted = &n
			}
		}
		if a.deleted[zf.Key()] {
			extra.Deleted = true
		}
		if _, dup := a.byPath[name]; !dup || win == zf {
			a.byPath[name] = win
		}
		a.entries = append(a.entries, archive.Entry{
			Path:   name,
			Size:   int64(zf.Uncompressed),
			Packed: int64(zf.Compressed),
			Kind:   kind.FromName(name),
			Extra:  extra,
		})
	}
	return a, nil
}

func methodName(m uint16) string {
	switch m {
	case iop.MethodStored:
		return "stored"
	case iop.MethodDeflate:
		return "deflate"
	}
	return fmt.Sprintf("method %d", m)
}

// Archive is an open .iop pack.
type Archive struct {
	path    string
	f       *os.File
	z       *iop.Reader
	entries []archive.Entry
	byPath  map[string]*iop.File // shown path → the copy the client uses
	byKey   map[string]*iop.File // lookup key → the copy the client uses

	deleteListPath string
	deleted        map[string]bool
	deleteErr      error
}

func (a *Archive) Family() string           { return "iop" }
func (a *Archive) Path() string             { return a.path }
func (a *Archive) Entries() []archive.Entry { return a.entries }
func (a *Archive) Close() error             { return a.f.Close() }

func (a *Archive) lookup(entryPath string) *iop.File {
	if f, ok := a.byPath[entryPath]; ok {
		return f
	}
	return a.byKey[iop.LookupKey(entryPath)]
}

// Open returns the entry's content as the game sees it (decrypted, inflated,
// .ini scramble undone), from the copy of the name that wins.
func (a *Archive) Open(entryPath string) (io.ReadCloser, error) {
	zf := a.lookup(entryPath)
	if zf == nil {
		return nil, &archive.EntryError{Archive: a.path, Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	rc, err := zf.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", a.path, err)
	}
	return &pathErrReader{rc: rc, path: a.path}, nil
}

// pathErrReader prefixes read errors (which name entry and offset) with the pack's path.
type pathErrReader struct {
	rc   io.ReadCloser
	path string
}

func (r *pathErrReader) Read(p []byte) (int, error) {
	n, err := r.rc.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("%s: %w", r.path, err)
	}
	return n, err
}

func (r *pathErrReader) Close() error { return r.rc.Close() }

// loadDeleteList reads info/delete_file_list.cfg.iop beside rs.iop or
// map.iop, as the client does at start.
func (a *Archive) loadDeleteList() {
	stem := strings.ToLower(strings.TrimSuffix(filepath.Base(a.path), filepath.Ext(a.path)))
	if stem != "rs" && stem != "map" {
		return
	}
	p := filepath.Join(filepath.Dir(a.path), "info", "delete_file_list.cfg.iop")
	f, err := os.Open(p)
	if err != nil {
		return
	}
	defer f.Close()
	a.deleteListPath = p
	st, err := f.Stat()
	if err != nil {
		a.deleteErr = err
		return
	}
	z, err := iop.NewReader(f, st.Size(), iop.Options{})
	if err != nil {
		a.deleteErr = err
		return
	}
	var data []byte
	for _, zf := range z.File {
		if zf.Key() == iop.DeleteListEntry || len(z.File) == 1 {
			rc, err := zf.Open()
			if err != nil {
				a.deleteErr = err
				return
			}
			data, err = io.ReadAll(io.LimitReader(rc, 4<<20))
			rc.Close()
			if err != nil {
				a.deleteErr = err
				return
			}
			break
		}
	}
	dl := iop.ParseDeleteList(data)
	list := dl.RS
	if stem == "map" {
		list = dl.Map
	}
	a.deleted = map[string]bool{}
	for _, k := range list {
		a.deleted[k] = true
	}
}

// Capabilities: a pack is rewritten whole or appended to in place (as the
// client's patcher does), renames natively, may be encrypted, reads names
// in any case, and keeps the encoding text entries came in (CP949,
// UTF-16): backend/edit/intake re-encodes UTF-8 given for them.
func (a *Archive) Capabilities() archive.Capabilities {
	return archive.Capabilities{
		Edit:              archive.OpsOf(archive.EditReplace, archive.EditAdd, archive.EditRemove, archive.EditRename),
		Rewrite:           a.Rewrite,
		Append:            a.Append,
		Optimize:          a.Optimize,
		Verify:            a.Verify,
		Info:              a.Info,
		FoldNames:         true,
		Passwords:         true,
		KeepsTextEncoding: true,
	}
}
