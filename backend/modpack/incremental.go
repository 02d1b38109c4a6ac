package modpack

import (
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"packsmith/backend/safefile"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

// Incremental packing.
//
// Beside the output, OUT.MOD.packcache records, for every entry of the
// .MOD it describes, the source's size and content hash (CRC-32C and
// CRC-32, 64 bits), a per-file options key (the BINDAT string table from
// PACKSMITH.JSON), the entry's CRC-32 in the .MOD, the findings its
// compile gave and, for the sources the RAW indices read, the pruned tree
// (raw.Prune) the RAW stage needs. A cache is used only when its .MOD is
// the one at the output (same size and modification time) and it was made
// with the same options (zlib level, strict numbers, cache format, the
// Packsmith build). Then every source whose key matches is not compiled:
// its compressed block is copied from the previous .MOD (mod.Writer's
// CopyRaw), its findings are reported again, and the RAW indices are
// generated from the cached trees. Blocks are written in the same order
// and compression is deterministic, so the output is byte-identical to a
// full pack (tested). A GUTS replay numbering (ReplayGUTS) depends on every
// file, so it always packs in full.

const cacheFormat = 1

// CacheSuffix is added to the output's name for its cache.
const CacheSuffix = ".packcache"

type packCache struct {
	Format  int                   `json:"format"`
	Options string                `json:"options"`
	ModSize int64                 `json:"modSize"`
	ModTime int64                 `json:"modTime"` // UnixNano
	Entries map[string]cacheEntry `json:"entries"`
}

type cacheEntry struct {
	Size     int64         `json:"size"`
	Hash     string        `json:"hash"`
	Key      string        `json:"key,omitempty"` // per-file options
	CRC      uint32        `json:"crc"`
	Findings []Finding     `json:"findings,omitempty"`
	Pruned   *dattext.Node `json:"pruned,omitempty"`
}

// incState is one pack's use of the cache.
type incState struct {
	on     bool
	optKey string
	keyOf  func(name string) string
	prev   *mod.Reader
	prevF  *os.File
	old    map[string]cacheEntry
	mu     sync.Mutex
	next   map[string]cacheEntry
	reused atomic.Int64
	note   string
}

func buildID() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		id := bi.GoVersion + " " + bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += " " + s.Value
			}
		}
		return id
	}
	return "unknown"
}

// openIncremental reads the cache beside out when opt asks for it; any
// problem just means a full pack (note says why).
func openIncremental(opt *Options, out string, proj *Project, replay bool) *incState {
	s := &incState{next: map[string]cacheEntry{}}
	if !opt.Incremental {
		return s
	}
	if replay {
		s.note = "full pack: GUTS string-id replay numbers across files"
		return s
	}
	s.on = true
	s.optKey = fmt.Sprintf("f%d level %d strict %v build %s", cacheFormat, opt.Level, opt.StrictNumbers, buildID())
	s.keyOf = func(string) string { return "" }
	if proj != nil && len(proj.Strings) > 0 {
		s.keyOf = func(name string) string {
			t, ok := proj.Strings[name]
			if !ok {
				return ""
			}
			h := crc32.NewIEEE()
			for _, e := range t {
				fmt.Fprintf(h, "%d\x00%s\x00", e.ID, e.Text)
			}
			return fmt.Sprintf("ids %08x/%d", h.Sum32(), len(t))
		}
	}
	b, err := os.ReadFile(out + CacheSuffix)
	if err != nil {
		return s // the first pack: nothing to say
	}
	var c packCache
	if err := json.Unmarshal(b, &c); err != nil || c.Format != cacheFormat || c.Options != s.optKey {
		s.note = "full pack: the cache was made by another Packsmith or with other options"
		return s
	}
	f, err := os.Open(out)
	if err != nil {
		s.note = "full pack: the previous .MOD is gone"
		return s
	}
	st, err := f.Stat()
	if err != nil || st.Size() != c.ModSize || st.ModTime().UnixNano() != c.ModTime {
		f.Close()
		s.note = "full pack: the .MOD changed since the cache was written"
		return s
	}
	r, err := mod.NewReader(f, st.Size(), nil)
	if err != nil {
		f.Close()
		s.note = "full pack: the previous .MOD does not read: " + err.Error()
		return s
	}
	s.prev, s.prevF, s.old = r, f, c.Entries
	return s
}

func (s *incState) close() {
	if s.prevF != nil {
		s.prevF.Close()
		s.prevF = nil
	}
}

// contentHash is CRC-32C and CRC-32 of b.
func contentHash(b []byte) string {
	return fmt.Sprintf("%08x%08x", crc32.Checksum(b, castagnoli), crc32.ChecksumIEEE(b))
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// hashReader hashes what passes through it.
type hashReader struct {
	r    io.Reader
	c, i uint32
	n    int64
}

func (h *hashReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.c = crc32.Update(h.c, castagnoli, p[:n])
	h.i = crc32.Update(h.i, crc32.IEEETable, p[:n])
	h.n += int64(n)
	return n, err
}

func (h *hashReader) sum() string { return fmt.Sprintf("%08x%08x", h.c, h.i) }

// match returns the previous entry for name when its cache record fits.
func (s *incState) match(name string, size int64, hash, key string) (*mod.Entry, cacheEntry, bool) {
	if s.prev == nil {
		return nil, cacheEntry{}, false
	}
	c, ok := s.old[name]
	if !ok || c.Size != size || c.Hash != hash || c.Key != key {
		return nil, c, false
	}
	e, ok := s.prev.Lookup(name)
	if !ok || e.CRC32 != c.CRC || int64(e.Size) < 0 {
		return nil, c, false
	}
	return e, c, true
}

// reuseSource reads the source and, when the cache has it unchanged,
// fills r from the cache (reused block, findings, the RAW tree) instead of
// compiling. Otherwise it leaves the bytes read in r.src for compileFile.
func (s *incState) reuseSource(f *srcFile, r *compiled) bool {
	if !s.on {
		return false
	}
	src, err := readSized(f.abs, f.size)
	if err != nil {
		return false // compileFile reports it
	}
	r.src, r.hash = src, contentHash(src)
	e, c, ok := s.match(f.name, int64(len(src)), r.hash, s.keyOf(f.name))
	if !ok {
		return false
	}
	needDat := f.kind == kindBINDAT && strings.HasSuffix(f.name, ".DAT") && underAny(f.name, rawDatDirs)
	if needDat && c.Pruned == nil {
		return false
	}
	if f.kind == kindLayout && underAny(f.name, rawLayoutDirs) {
		// The RAW stage reads the layout itself: parse it (no encode,
		// no compression).
		tmp := &compiled{src: src}
		compileFile(f, compileOpts{parseOnly: true}, tmp)
		if tmp.failed || tmp.lay == nil {
			return false
		}
		r.lay = tmp.lay
	}
	r.reused, r.src = e, nil
	if needDat {
		r.dat = c.Pruned
	}
	for _, x := range c.Findings {
		x.File = f.rel
		r.findings = append(r.findings, x)
	}
	s.reused.Add(1)
	s.record(f.name, cacheEntry{Size: c.Size, Hash: c.Hash, Key: c.Key, Findings: c.Findings, Pruned: c.Pruned})
	return true
}

// compiledSource records a freshly compiled source.
func (s *incState) compiledSource(f *srcFile, r *compiled) {
	if !s.on || r.failed || r.hash == "" {
		return
	}
	var finds []Finding
	for _, x := range r.findings {
		if x.Severity != SevError {
			finds = append(finds, x)
		}
	}
	s.record(f.name, cacheEntry{Size: r.srcSize, Hash: r.hash, Key: s.keyOf(f.name), Findings: finds, Pruned: r.dat})
}

// asset checks an asset against the cache: the previous entry to copy, or
// nil; it records the asset either way.
func (s *incState) asset(f *srcFile, data []byte) (*mod.Entry, error) {
	if !s.on {
		return nil, nil
	}
	var hash string
	var size int64
	if data != nil {
		hash, size = contentHash(data), int64(len(data))
	} else {
		rc, err := openSized(f.abs, f.size)
		if err != nil {
			return nil, err
		}
		h := &hashReader{r: rc}
		_, err = io.Copy(io.Discard, h)
		rc.Close()
		if err != nil {
			return nil, err
		}
		hash, size = h.sum(), h.n
	}
	s.record(f.name, cacheEntry{Size: size, Hash: hash})
	e, _, ok := s.match(f.name, size, hash, "")
	if !ok {
		return nil, nil
	}
	s.reused.Add(1)
	return e, nil
}

func (s *incState) record(name string, c cacheEntry) {
	s.mu.Lock()
	s.next[name] = c
	s.mu.Unlock()
}

// save writes the cache for the .MOD just committed at out, taking each
// entry's CRC-32 from rd (the written .MOD read back).
func (s *incState) save(out string, rd *mod.Reader) error {
	if !s.on {
		return nil
	}
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	c := packCache{Format: cacheFormat, Options: s.optKey, ModSize: st.Size(), ModTime: st.ModTime().UnixNano(), Entries: map[string]cacheEntry{}}
	names := make([]string, 0, len(s.next))
	for n := range s.next {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		e, ok := rd.Lookup(n)
		if !ok {
			continue
		}
		ce := s.next[n]
		ce.CRC = e.CRC32
		c.Entries[n] = ce
	}
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return safefile.WriteFile(out+CacheSuffix, b)
}
