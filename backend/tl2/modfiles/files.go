package modfiles

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/tl2/mod"
)

// Files is one mod's files with the game's data behind them. It is safe
// for concurrent reads; Close releases the game's DATA.PAK.
type Files struct {
	mod, game *store
	closeGame func() error
}

// OpenDir opens the mod folder modDir (the folder holding MEDIA/, or MEDIA
// itself) and, when gameDir is not "", the game's data: the folder holding
// DATA.PAK and DATA.PAK.MAN (read in place) or an extracted MEDIA/.
func OpenDir(modDir, gameDir string) (*Files, error) {
	ms, err := dirStore(modDir)
	if err != nil {
		return nil, fmt.Errorf("mod folder: %w", err)
	}
	return withGame(ms, gameDir)
}

// OpenArchive is OpenDir for a mod inside an open archive: its entries
// under root (see ArchiveRoot) are the mod's files.
func OpenArchive(a archive.Archive, root, gameDir string) (*Files, error) {
	return withGame(archiveStore(a, root), gameDir)
}

func withGame(ms *store, gameDir string) (*Files, error) {
	f := &Files{mod: ms, closeGame: func() error { return nil }}
	if gameDir != "" {
		gs, closer, err := gameStore(gameDir)
		if err != nil {
			return nil, err
		}
		f.game, f.closeGame = gs, closer
	}
	return f, nil
}

// Close releases the game's DATA.PAK.
func (f *Files) Close() error { return f.closeGame() }

// ReadFile reads a "MEDIA/…" file (any case, '\' or '/', with or without
// the MEDIA/ prefix) from the mod or, failing that, the game's data; found
// is false when neither holds it.
func (f *Files) ReadFile(p string) (data []byte, found bool, err error) {
	key := Key(p)
	data, found, err = f.mod.read(key)
	if !found && err == nil {
		data, found, err = f.game.read(key)
	}
	return data, found, err
}

// Files lists the mod's and the game's keys below prefix ending in suffix
// (upper-case "MEDIA/…" keys, each sorted), the mod's first, each once.
func (f *Files) Files(prefix, suffix string) []string {
	prefix, suffix = strings.ToUpper(prefix), strings.ToUpper(suffix)
	out := f.mod.under(prefix, suffix)
	seen := map[string]bool{}
	for _, p := range out {
		seen[p] = true
	}
	for _, p := range f.game.under(prefix, suffix) {
		if !seen[p] {
			out = append(out, p)
		}
	}
	return out
}

// ModFiles lists the mod's own keys below prefix ending in suffix, sorted.
func (f *Files) ModFiles(prefix, suffix string) []string {
	return f.mod.under(strings.ToUpper(prefix), strings.ToUpper(suffix))
}

// ReadMod reads a key from the mod alone.
func (f *Files) ReadMod(key string) ([]byte, bool, error) { return f.mod.read(Key(key)) }

// HasGame says whether the game's data is behind the mod.
func (f *Files) HasGame() bool { return f.game != nil }

// GameName names the game's data in messages (its DATA.PAK or folder).
func (f *Files) GameName() string {
	if f.game == nil {
		return ""
	}
	return f.game.name
}

// GameFiles lists the game's keys below prefix ending in suffix, sorted.
func (f *Files) GameFiles(prefix, suffix string) []string {
	return f.game.under(strings.ToUpper(prefix), strings.ToUpper(suffix))
}

// ReadGame reads a key from the game's data alone.
func (f *Files) ReadGame(key string) ([]byte, bool, error) { return f.game.read(Key(key)) }

// Key turns a path as mods write it ("media/levelsets/…", "\MEDIA\…",
// "units/x.mesh") into a lookup key: upper case, '/', under MEDIA/.
func Key(p string) string {
	p = strings.ReplaceAll(strings.TrimSpace(p), "\\", "/")
	p = strings.TrimPrefix(p, "/")
	if len(p) < 6 || !strings.EqualFold(p[:6], "MEDIA/") {
		p = "MEDIA/" + p
	}
	return strings.ToUpper(p)
}

// ErrNoMod: a file's mod cannot be told: an archive entry under no MEDIA
// folder, in an archive whose entries are not files on disk.
var ErrNoMod = errors.New("is under no MEDIA folder")

// maxLooseFolder caps the files of a folder standing in for MEDIA/.
var maxLooseFolder = 100_000 // a var: tests lower it

// ForFile opens the mod a file on disk belongs to and answers the file's
// key in it: under a MEDIA folder, the folder above it is the mod (the
// key "MEDIA/…" as the file lies there); under none, the file's own folder
// stands for MEDIA/ (the key "MEDIA/NAME"). A relative path is taken from
// the working folder.
func ForFile(path, gameDir string) (*Files, string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, "", err
	}
	var ms *store
	var key string
	if root, err := ModRoot(abs); err == nil {
		if ms, err = dirStore(root); err != nil {
			return nil, "", fmt.Errorf("mod folder: %w", err)
		}
		rel, err := filepath.Rel(root, abs)
		if err != nil {
			return nil, "", err
		}
		key = strings.ToUpper(filepath.ToSlash(rel))
	} else {
		if ms, err = walkStore(filepath.Dir(abs), filepath.Dir(abs), maxLooseFolder); err != nil {
			return nil, "", err
		}
		key = strings.ToUpper("MEDIA/" + filepath.Base(abs))
	}
	f, err := withGame(ms, gameDir)
	return f, key, err
}

// ForEntry opens the mod an archive entry belongs to and answers the
// entry's key in it. A loose file opened on its own (a one-entry archive
// of a file on disk) is ForFile of that file: the archive holds nothing
// else to look in. Otherwise the archive's entries under the entry's
// MEDIA/ are the mod (a .MOD, a mod folder, a zip, with pending edits);
// an entry under none in an archive of files on disk (a folder opened
// below MEDIA/) is ForFile of its file. Otherwise ErrNoMod.
func ForEntry(a archive.Archive, entryPath, gameDir string) (*Files, string, error) {
	caps := a.Capabilities()
	if caps.SingleFile && caps.DiskPath != nil {
		return ForFile(caps.DiskPath(entryPath), gameDir)
	}
	if root, ok := ArchiveRoot(entryPath); ok {
		f, err := OpenArchive(a, root, gameDir)
		return f, strings.ToUpper(strings.ReplaceAll(entryPath, "\\", "/")[len(root):]), err
	}
	if caps.DiskPath != nil {
		return ForFile(caps.DiskPath(entryPath), gameDir)
	}
	return nil, "", fmt.Errorf("%s %w", entryPath, ErrNoMod)
}

// ModRoot finds the mod folder of a file under it: the parent of the
// nearest folder above it named MEDIA (any case).
func ModRoot(file string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if strings.EqualFold(filepath.Base(d), "MEDIA") {
			return filepath.Dir(d), nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not under a MEDIA folder, so its mod's pieces cannot be found", file)
		}
	}
}

// ArchiveRoot is the part of an entry path before its MEDIA/ folder ("" for
// "MEDIA/…", "MYMOD/" for "MYMOD/MEDIA/…"), and false when there is none.
func ArchiveRoot(entryPath string) (string, bool) {
	up := strings.ToUpper(strings.ReplaceAll(entryPath, "\\", "/"))
	if strings.HasPrefix(up, "MEDIA/") {
		return "", true
	}
	if i := strings.Index(up, "/MEDIA/"); i >= 0 {
		return entryPath[:i+1], true
	}
	return "", false
}

// archiveStore indexes the entries of an open archive (a .MOD, a zip of a
// mod folder) under root.
func archiveStore(a archive.Archive, root string) *store {
	s := &store{name: a.Path(), files: map[string]func() ([]byte, error){}}
	for _, e := range a.Entries() {
		p := strings.ReplaceAll(e.Path, "\\", "/")
		if len(p) < len(root) || !strings.EqualFold(p[:len(root)], root) {
			continue
		}
		key := mod.UpperName(p[len(root):])
		if strings.HasSuffix(key, ".DAT.BINDAT") {
			key = strings.TrimSuffix(key, ".BINDAT")
			if _, ok := s.files[key]; ok {
				continue
			}
		}
		path, size := e.Path, e.Size
		s.files[key] = func() ([]byte, error) {
			if size > maxFile {
				return nil, fmt.Errorf("%s: %d bytes, more than %d", path, size, maxFile)
			}
			rc, err := a.Open(path)
			if err != nil {
				return nil, err
			}
			defer rc.Close()
			return io.ReadAll(io.LimitReader(rc, maxFile+1))
		}
	}
	return s
}
