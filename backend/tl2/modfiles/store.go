package modfiles

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/backend/tl2/tl2game"
	"packsmith/formats/tl2/mod"
)

// store finds files by their upper-case "MEDIA/…" path.
type store struct {
	name  string
	files map[string]func() ([]byte, error)
}

func (s *store) read(p string) ([]byte, bool, error) {
	if s == nil {
		return nil, false, nil
	}
	f, ok := s.files[mod.UpperName(p)]
	if !ok {
		return nil, false, nil
	}
	b, err := f()
	return b, true, err
}

// under lists the paths below prefix ending in suffix, sorted.
func (s *store) under(prefix, suffix string) []string {
	if s == nil {
		return nil
	}
	var out []string
	for p := range s.files {
		if strings.HasPrefix(p, prefix) && strings.HasSuffix(p, suffix) {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

const maxFile = 256 << 20

// dirStore indexes a folder holding MEDIA/ (or MEDIA itself).
func dirStore(dir string) (*store, error) {
	media := ""
	if strings.EqualFold(filepath.Base(filepath.Clean(dir)), "MEDIA") {
		media = filepath.Clean(dir)
	} else {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if e.IsDir() && strings.EqualFold(e.Name(), "MEDIA") {
				media = filepath.Join(dir, e.Name())
			}
		}
	}
	if media == "" {
		return nil, fmt.Errorf("%s holds no MEDIA folder", dir)
	}
	return walkStore(dir, media, 0)
}

// walkStore indexes the files under media as "MEDIA/…" keys; name names
// the store in messages. limit > 0 caps how many files it takes (a folder
// that only stands in for MEDIA/ may be anything, a Downloads folder too).
func walkStore(name, media string, limit int) (*store, error) {
	s := &store{name: name, files: map[string]func() ([]byte, error){}}
	err := filepath.WalkDir(media, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if limit > 0 && len(s.files) >= limit {
			return fmt.Errorf("%s: more than %d files: not a mod's folder to look files up in", media, limit)
		}
		rel, err := filepath.Rel(media, p)
		if err != nil {
			return err
		}
		key := mod.UpperName("MEDIA/" + filepath.ToSlash(rel))
		if strings.HasSuffix(key, ".DAT.BINDAT") {
			key = strings.TrimSuffix(key, ".BINDAT")
			if _, ok := s.files[key]; ok {
				return nil // the text wins
			}
		}
		s.files[key] = func() ([]byte, error) {
			st, err := os.Stat(p)
			if err != nil {
				return nil, err
			}
			if st.Size() > maxFile {
				return nil, fmt.Errorf("%s: %d bytes, more than %d", p, st.Size(), maxFile)
			}
			return os.ReadFile(p)
		}
		return nil
	})
	return s, err
}

// gameStore opens the game's data: DATA.PAK + DATA.PAK.MAN in dir, read in
// place, or a folder holding an extracted MEDIA/.
func gameStore(dir string) (*store, func() error, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("game data: %w", err)
	}
	var pak, man string
	for _, e := range ents {
		switch strings.ToUpper(e.Name()) {
		case "DATA.PAK":
			pak = filepath.Join(dir, e.Name())
		case "DATA.PAK.MAN":
			man = filepath.Join(dir, e.Name())
		}
	}
	if pak == "" || man == "" {
		s, err := dirStore(dir)
		if err != nil {
			return nil, nil, fmt.Errorf("game data: %s holds neither DATA.PAK with DATA.PAK.MAN nor a MEDIA folder", dir)
		}
		return s, func() error { return nil }, nil
	}
	pfs, err := tl2game.OpenPak(pak, man)
	if err != nil {
		return nil, nil, fmt.Errorf("game data %s: %w", pak, err)
	}
	r := pfs.Reader()
	s := &store{name: pak, files: map[string]func() ([]byte, error){}}
	for i := range r.Entries {
		e := &r.Entries[i]
		key := mod.UpperName(e.Path)
		if !strings.HasPrefix(key, "MEDIA/") {
			key = "MEDIA/" + key
		}
		s.files[key] = func() ([]byte, error) { return r.ReadEntry(e, maxFile) }
	}
	return s, pfs.Close, nil
}

// HasPak reports whether dir holds DATA.PAK and DATA.PAK.MAN (any case).
func HasPak(dir string) bool {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	n := 0
	for _, e := range ents {
		switch strings.ToUpper(e.Name()) {
		case "DATA.PAK", "DATA.PAK.MAN":
			n++
		}
	}
	return n == 2
}
