package check

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"packsmith/backend/sys/filehash"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/sys/version"
)

// The check cache: what Check reads of a deployed .MOD (its paths and
// each file's facts, facts.go), kept per mod file in the user's cache
// folder, so that a check of mods that did not change reads none of them
// (issue 43: `check --all` over unchanged mods within 1 s).
//
// Key: the mod file's SHA-256, the whole file, so any change of its bytes
// is seen, whatever the header says (a hand-edited .MOD keeps its header).
// Hashing is skipped while the file's size and modification time are
// those it had when it was hashed and it was hashed more than a second
// after it was last modified (git's "racy" rule, as pack's cache): an
// unchanged mod costs a stat. A cache also names the checker that wrote
// it (cacheFormat and the build) and the read limit (a file refused under
// one budget may read under another): a different one is not used.
// Findings are made from the facts on every run, so the mods' names,
// places and the game's data are never cached.

// cacheFormat is the layout of a cache file and the facts it keeps;
// raised when either changes.
const cacheFormat = 1

// checkerBuild names the program that computes the facts: a cache written
// by another build is not used (the facts' code may have changed).
var checkerBuild = version.BuildID()

// DefaultCacheDir is where the command and the window keep the check
// cache: <user cache>/Packsmith/checkcache.
func DefaultCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		d = os.TempDir()
	}
	return filepath.Join(d, "Packsmith", "checkcache")
}

// modCache is one cache file.
type modCache struct {
	Format   int
	Build    string
	MaxEntry int64
	Size     int64
	MTime    int64 // UnixNano, when hashed
	Written  int64 // UnixNano: when the hash was taken
	Hash     string
	Paths    []string
	Facts    map[string]*fileFacts
}

// cacheFile is the cache of the mod at p in dir: its name and a hash of
// its absolute path (a finding's text names the mod file's path).
func cacheFile(dir, p string) string {
	if a, err := filepath.Abs(p); err == nil {
		p = a
	}
	sum := sha256.Sum256([]byte(filepath.Clean(p)))
	return filepath.Join(dir, fmt.Sprintf("%s-%x.checkcache", filepath.Base(p), sum[:8]))
}

// cachedMod is the .MOD at p as Check reads it: from its cache in dir when
// that is still true of the file (cached true), else read (ModFile), every
// file Check may read read now, and the cache written. maxCache caps what
// a cache file may make us read.
func cachedMod(ctx context.Context, dir, name, p string, maxEntry, maxCache int64) (*Mod, func() error, bool, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, nil, false, err
	}
	cf := cacheFile(dir, p)
	if c := loadCache(cf, maxCache); c != nil && c.Format == cacheFormat && c.Build == checkerBuild && c.MaxEntry == maxEntry && c.Size == st.Size() {
		fresh := c.MTime == st.ModTime().UnixNano() && c.Written-c.MTime >= int64(time.Second)
		if !fresh {
			if h, err := filehash.SHA256(p); err == nil && h == c.Hash {
				fresh = true
				c.MTime, c.Written = st.ModTime().UnixNano(), time.Now().UnixNano()
				saveCache(cf, c) // the next run needs no hashing
			}
		}
		if fresh {
			m, closer := lazyMod(name, p, maxEntry, c)
			return m, closer, true, nil
		}
	}
	written := time.Now().UnixNano()
	hash, err := filehash.SHA256(p)
	if err != nil {
		return nil, nil, false, err
	}
	m, closer, err := ModFile(name, p, maxEntry)
	if err != nil {
		return nil, nil, false, err
	}
	paths := sortedPaths(m)
	for _, q := range paths {
		if err := ctx.Err(); err != nil {
			closer()
			return nil, nil, false, err
		}
		if factsFile(q) {
			m.factsOf(q)
		}
	}
	if st2, err := os.Stat(p); err == nil && st2.Size() == st.Size() && st2.ModTime().Equal(st.ModTime()) {
		saveCache(cf, &modCache{Format: cacheFormat, Build: checkerBuild, MaxEntry: maxEntry, Size: st.Size(),
			MTime: st.ModTime().UnixNano(), Written: written, Hash: hash, Paths: paths, Facts: m.facts})
	} // else it changed while read: no cache of a mix
	return m, closer, false, nil
}

// lazyMod is the mod c describes: its files' facts from c, its files
// read from p only if something asks for their bytes (Check does not).
func lazyMod(name, p string, maxEntry int64, c *modCache) (*Mod, func() error) {
	var once sync.Once
	var real *Mod
	var closer func() error
	var openErr error
	open := func() {
		real, closer, openErr = ModFile(name, p, maxEntry)
	}
	m := &Mod{Name: name, Files: make(map[string]func() ([]byte, error), len(c.Paths)), facts: c.Facts}
	if m.facts == nil {
		m.facts = map[string]*fileFacts{}
	}
	for _, q := range c.Paths {
		m.Files[q] = func() ([]byte, error) {
			once.Do(open)
			if openErr != nil {
				return nil, openErr
			}
			if read := real.Files[q]; read != nil {
				return read()
			}
			return nil, fmt.Errorf("%s: %s: no longer in the mod", p, q)
		}
	}
	return m, func() error {
		if closer != nil {
			return closer()
		}
		return nil
	}
}

// loadCache reads a cache file; nil when there is none, it is larger
// than max bytes, or it does not decode (then it is rebuilt).
func loadCache(file string, max int64) *modCache {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil || int64(len(b)) > max {
		return nil
	}
	if len(b) < 4 || crc32.ChecksumIEEE(b[4:]) != binary.LittleEndian.Uint32(b) {
		return nil // torn by a crash (it is written unsynced), or not ours
	}
	var c modCache
	if err := gob.NewDecoder(bytes.NewReader(b[4:])).Decode(&c); err != nil {
		return nil
	}
	if !sort.StringsAreSorted(c.Paths) {
		return nil // not one we wrote
	}
	return &c
}

// saveCache writes c to file: the CRC-32 of the rest, then c in gob, to a
// temp file renamed without waiting for the disk (a crash may leave it
// torn: the CRC then fails and the mod is read again; the flush cost more
// than the check). A cache that cannot be written only means the next
// run reads the mod again.
func saveCache(file string, c *modCache) {
	b := bytes.NewBuffer(make([]byte, 4, 64<<10))
	if err := gob.NewEncoder(b).Encode(c); err != nil {
		return
	}
	out := b.Bytes()
	binary.LittleEndian.PutUint32(out, crc32.ChecksumIEEE(out[4:]))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return
	}
	f, err := safefile.Create(file)
	if err != nil {
		return
	}
	if _, err := f.Write(out); err != nil {
		f.Abort()
		return
	}
	_ = f.CommitUnsynced()
}
