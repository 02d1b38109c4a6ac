package loadorder

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/formats/tl2/mod"
	"packsmith/formats/workpool"
)

// Where a .MOD file was found.
const (
	WhereMods    = "mods"    // the mods folder or a folder below it: the game loads it
	WhereNested  = "nested"  // mods/mods/…: the game never looks there
	WhereUser    = "user"    // the user folder itself, beside modlauncher.sch
	WhereInstall = "install" // the game's install folder (or its mods/)
	WhereNone    = "missing" // a listed id with no file
)

// scanned is one .MOD file read from its header and manifest.
type scanned struct {
	path  string // absolute
	rel   string // '/'-separated, relative to the folder it was found under
	where string
	size  int64

	hdr   *mod.Header
	files int
	paths []string  // stored paths the game can find (no lower-case ASCII), upper-cased, each once
	lower []string  // stored paths with lower-case ASCII
	twice []dupPath // stored paths (of paths) the manifest lists more than once
	hash  struct {
		ok               bool
		stored, computed uint32
	}
	err  error      // unreadable: the header or manifest does not parse
	sum  sourceHash // its SHA-256, read when a merged patch's staleness needs it
	raws rawIndices // which of its RAW indices decode, read when a merged patch wins them
}

// dupPath is a stored path a manifest lists n > 1 times.
type dupPath struct {
	path string
	n    int
}

// scanOpts caps what one file may make the reader allocate: a mod's
// header is small, and its manifest about 60 bytes a file.
var scanOpts = &mod.Options{MaxHeaderSize: 1 << 20, MaxManifestSize: 64 << 20, MaxEntries: 1 << 20}

// readMod reads the header and manifest of one .MOD and checks its
// rollingHash (about fifty small reads); it never inflates an entry.
func readMod(s *scanned) {
	f, err := os.Open(s.path)
	if err != nil {
		s.err = err
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		s.err = err
		return
	}
	s.size = st.Size()
	r, err := mod.NewReader(f, s.size, scanOpts)
	if err != nil {
		s.err = err
		return
	}
	s.hdr = r.Header
	s.files = len(r.Entries)
	s.paths = make([]string, 0, len(r.Entries))
	// A path listed twice is one file to the game (a lookup finds one
	// copy): the mod's own finding, never a conflict with itself.
	var count map[string]int
	for i := range r.Entries {
		p := r.Entries[i].Path
		if hasLowerASCII(p) {
			s.lower = append(s.lower, p)
			continue
		}
		if count == nil {
			count = make(map[string]int, len(r.Entries))
		}
		if count[p]++; count[p] == 1 {
			s.paths = append(s.paths, p)
		}
	}
	if len(s.paths)+len(s.lower) < len(r.Entries) {
		for _, p := range s.paths {
			if n := count[p]; n > 1 {
				s.twice = append(s.twice, dupPath{p, n})
			}
		}
	}
	s.hash.stored = r.RollingHashStored
	got, err := r.RollingHash()
	if err != nil {
		s.err = fmt.Errorf("rollingHash: %w", err)
		return
	}
	s.hash.computed = got
	s.hash.ok = got == r.RollingHashStored
}

func hasLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'a' && s[i] <= 'z' {
			return true
		}
	}
	return false
}

// findMods lists the .MOD files the user has put anywhere the load order
// cares about: every one below the mods folder (recursively; those under a
// nested mods/mods/ are marked), those lying in the user folder itself,
// and, when the install folder is known, those in it and below its mods/.
func findMods(ctx context.Context, userDir, modsDir, installDir string) ([]*scanned, error) {
	var out []*scanned
	seen := map[string]bool{}
	add := func(p, base, where string) {
		key := strings.ToLower(p)
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, &scanned{path: p, rel: slashRel(base, p), where: where})
	}
	walk := func(root, where string, nested bool) error {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == root {
					return err
				}
				return nil // an unreadable subfolder: skip it, keep the rest
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if d.IsDir() || !isModFile(d.Name()) || !d.Type().IsRegular() {
				return nil
			}
			w := where
			if nested {
				rel := slashRel(root, p)
				if first, _, ok := strings.Cut(rel, "/"); ok && strings.EqualFold(first, "mods") {
					w = WhereNested
				}
			}
			add(p, root, w)
			return nil
		})
		return err
	}

	if modsDir != "" {
		if err := walk(modsDir, WhereMods, true); err != nil {
			if os.IsNotExist(err) {
				return nil, fmt.Errorf("mods folder %s does not exist", modsDir)
			}
			return nil, fmt.Errorf("mods folder: %w", err)
		}
	}
	if userDir != "" {
		if ents, err := os.ReadDir(userDir); err == nil {
			for _, e := range ents {
				if e.Type().IsRegular() && isModFile(e.Name()) {
					add(filepath.Join(userDir, e.Name()), userDir, WhereUser)
				}
			}
		}
	}
	if installDir != "" {
		if ents, err := os.ReadDir(installDir); err == nil {
			for _, e := range ents {
				if e.Type().IsRegular() && isModFile(e.Name()) {
					add(filepath.Join(installDir, e.Name()), installDir, WhereInstall)
				}
			}
			if im := childCI(installDir, "mods"); im != "" {
				if st, err := os.Stat(im); err == nil && st.IsDir() {
					walk(im, WhereInstall, false)
				}
			}
		}
	}
	return out, ctx.Err()
}

// scanAll reads every file on workers goroutines (0 = GOMAXPROCS).
func scanAll(ctx context.Context, list []*scanned, workers int) error {
	return workpool.Each(ctx, len(list), workers, func(_ context.Context, i int) error {
		readMod(list[i]) // a file that cannot be read is marked, not an error
		return nil
	})
}

// sortScanned puts loadable files first, then by folder kind and path
// (case-insensitive, as Windows compares names).
func sortScanned(list []*scanned) {
	rank := map[string]int{WhereMods: 0, WhereNested: 1, WhereUser: 2, WhereInstall: 3}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if rank[a.where] != rank[b.where] {
			return rank[a.where] < rank[b.where]
		}
		la, lb := strings.ToLower(a.rel), strings.ToLower(b.rel)
		if la != lb {
			return la < lb
		}
		return a.path < b.path
	})
}
