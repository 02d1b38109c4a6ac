package modpack

import (
	"crypto/sha256"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/sys/version"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
)

// Incremental packing.
//
// The cache (cachecodec.go; CacheFile: in Options.CacheDir, the user's cache
// for the app and the command, else beside the output as OUT.MOD.packcache)
// records, for every entry of
// the .MOD it describes, the source's size, modification time and content
// hash (CRC-32C and CRC-32, 64 bits; a file whose size and time did not
// change is not read again, unless it changed within a second of the
// hashing), a per-file options key (the BINDAT string table from
// PACKSMITH.JSON), the entry's CRC-32 in the .MOD and the CRC-32 of its
// block's compressed bytes as written, the findings its
// compile gave and, for the sources the RAW indices read, the pruned tree
// (raw.Prune) the RAW stage needs. A cache is used only when its .MOD is
// the one at the output (same size and modification time) and it was made
// with the same options (zlib level, strict numbers, cache format, the
// Packsmith build). Then every source whose key matches is not compiled:
// its compressed block is copied from the previous .MOD (mod.Writer's
// CopyRaw), its findings are reported again, and the RAW indices are
// generated from the cached trees. Each copied block is checked against
// the payload CRC-32 the cache recorded as it is copied (mod.Writer's
// CopyRawChecked: a CRC over bytes read anyway), so a previous .MOD
// damaged on disk with its size and time kept is never copied into the
// new one: the copy fails naming the block, and Pack packs again in full
// with a warning saying so. Without FullVerify the check is the verify
// stage's read of the written file (CopyRawVerifyLater), and compressed
// blocks are copied file to file in the kernel (mod.Writer's spans:
// copy_file_range on Linux), their heads taken from the previous .MOD's
// manifest and block tiling; a head or payload that reads back otherwise
// is a copy failure (copyFailure) and the same full pack follows. Blocks
// are written in the same order
// and compression is deterministic, so the output is byte-identical to a
// full pack (tested). A GUTS replay numbering (ReplayGUTS) depends on every
// file, so it always packs in full.
//
// What a repack still pays for every file, and why (33,000 sources, one
// changed, about 0.2 s on two cores; BenchmarkPackLarge): a stat (the
// walk: the one thing a cold process cannot skip), its cache record
// looked up and, when reused, decoded (records stay as read until then:
// cachecodec.go), one manifest record in the writer, one in the verify
// stage's parse of the new manifest, and its share of the kernel's copy
// of the unchanged blocks and of the read back. Everything per file in
// between avoids locks and maps: the feed (one goroutine every file
// passes) keeps each record by pointer in block order (keep), the
// workers compute what the feed would, and the collector runs at
// GOGC=400 (gcroom.go). The new cache is written beside the verify stage
// and renamed after the .MOD; the .MOD is written out to disk while it is
// made, so the flush before its rename is short.
//
// What a repack pays besides, as a whole (issue 47's real shape, 37,290
// files; BenchmarkPackRealShape): its memory. About 75 MB is live at once
// near the end (the compile results 10 MB, the walk 7, the old cache 16,
// the previous manifest 6, the writer's records 7, the verify's parse and
// the new cache 18), and a fresh process touches every page of it for the
// first time: 27,000 minor page faults, at 7-15 µs each on the 2-core VM
// the figures come from (well under 1 µs on bare metal). The same repack
// as the second pack of a process (the app packs in its own: app/pack.go)
// takes 2,400-3,400 faults, 520-583 ms of CPU instead of 892-913, and
// 345-368 ms instead of 510-548 (0.13-0.14 of the full pack against
// 0.20-0.21). Collecting before the verify stage (runtime.GC) cut the
// faults by a tenth and cost as much CPU as it saved; GOGC 50 to 400 moved
// them between 23,000 and 26,000.

const cacheFormat = 5 // 3: the payload CRC-32; 4: records kept as read, a symbol table first; 5: flags, layouts as the RAW indices read them

// CacheSuffix is added to the output's name for its cache.
const CacheSuffix = ".packcache"

// CacheFile is the incremental cache of the .MOD at out: in dir, named by
// the output's name and a hash of its absolute path (two outputs of one
// name in different folders keep a cache each); with dir "", beside the
// output as OUT.MOD.packcache.
func CacheFile(dir, out string) string {
	if dir == "" {
		return out + CacheSuffix
	}
	if a, err := filepath.Abs(out); err == nil {
		out = a
	}
	sum := sha256.Sum256([]byte(filepath.Clean(out)))
	return filepath.Join(dir, fmt.Sprintf("%s-%x%s", filepath.Base(out), sum[:8], CacheSuffix))
}

// DefaultCacheDir is where the app and the command keep incremental
// caches: <user cache>/Packsmith/packcache, out of the mod's folders.
func DefaultCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		d = os.TempDir()
	}
	return filepath.Join(d, "Packsmith", "packcache")
}

type packCache struct {
	Format  int
	Options string
	ModSize int64
	ModTime int64 // UnixNano
	Written int64 // UnixNano: when the pack that made it began
	Entries map[string]cacheEntry
	syms    *cacheSyms // the table the entries' records (raw, rest) refer to
}

type cacheEntry struct {
	Size     int64
	MTime    int64 // UnixNano of the source when it was hashed
	Hash     string
	Key      string // per-file options
	CRC      uint32 // of the uncompressed bytes (the manifest's)
	Payload  uint32 // of the block's bytes after its head, as written
	Findings []Finding
	Pruned   *dattext.Node
	// Lay is what the RAW indices read of a layout they scan (rawLayout).
	Lay   *layout.Layout
	Flags uint8 // cacheScenery

	// From a cache file (cachecodec.go): the record as the file holds it
	// (raw: written back as it is while it stays true), the part of it
	// not decoded yet (rest: Findings and Pruned, decodeRest; "" once
	// decoded) and the symbol table both refer to.
	raw, rest string
	syms      *cacheSyms
}

// cacheScenery flags a layout under MEDIA/LAYOUTS/ that places no room
// piece: while its size and time hold, the grid plan does not read it to
// find out again (incState.knownScenery).
const cacheScenery = 1

// incState is one pack's use of the cache.
type incState struct {
	on     bool
	optKey string
	keyOf  func(name string) string
	prev   *mod.Reader
	prevF  *os.File
	old    map[string]cacheEntry
	syms   *cacheSyms // old's symbol table
	// kept is the new cache's records in the order the feed wrote their
	// blocks (keep): one goroutine appends, so no lock and no map, and
	// only a pointer (entries copies them, beside the verify stage).
	kept     []keptRecord
	reused   atomic.Int64
	note     string
	written  int64         // the old cache's Written
	started  int64         // when this pack began: the new cache's Written
	ws       *watchSession // Watch's memory (the RAW stage's layouts), or nil
	cacheDir string        // Options.CacheDir: where the cache file is (CacheFile)
	// verifyLater: copied blocks are checked by VerifyWritten's read of
	// the written file (not FullVerify), not as they are copied; a block
	// that fails there is a copy failure (copyFailure).
	verifyLater bool
}

// sameStat: a file whose size and modification time are those it had when
// it was hashed, and older than that hashing by more than a second (so a
// change in the same clock tick cannot hide: git's "racy" rule), keeps
// its hash without being read again.
func (s *incState) sameStat(f *srcFile) (cacheEntry, bool) {
	c, ok := s.old[f.name]
	return c, ok && s.statSame(c, f)
}

// statSame is sameStat for the cache's entry c of f.
func (s *incState) statSame(c cacheEntry, f *srcFile) bool {
	mt := f.mtime.UnixNano()
	return c.Size == f.size && c.MTime == mt && s.written-mt >= int64(time.Second)
}

func buildID() string { return version.BuildID() }

// openIncremental reads out's cache (CacheFile) when opt asks for it; any
// problem just means a full pack (note says why).
func openIncremental(opt *Options, out string, proj *Project, replay bool) *incState {
	s := &incState{started: time.Now().UnixNano(), ws: opt.session, cacheDir: opt.CacheDir, verifyLater: !opt.FullVerify}
	if !opt.Incremental {
		return s
	}
	if replay {
		s.note = "full pack: the string ids are numbered across files (--guts-ids), so no file can be reused alone"
		return s
	}
	s.on = true
	s.optKey = fmt.Sprintf("f%d level %d assets %s strict %v build %s", cacheFormat, opt.Level, assetLevelsKey(), opt.StrictNumbers, buildID())
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
	if opt.reuseFailed != "" {
		s.note = "full pack: the previous .MOD did not read back as its cache says (" + opt.reuseFailed + "); nothing of it was reused and the cache is made again"
		return s
	}
	c := opt.session.cacheFor(out) // Watch keeps the last one (session.go)
	if c == nil {
		b, err := os.ReadFile(CacheFile(opt.CacheDir, out))
		if err != nil {
			return s // the first pack: nothing to say
		}
		if c, err = decodeCache(b); err != nil {
			s.note = fmt.Sprintf("full pack: %s: %v", filepath.Base(CacheFile(opt.CacheDir, out)), err)
			return s
		}
	}
	if c.Format != cacheFormat || c.Options != s.optKey {
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
	s.prev, s.prevF, s.old, s.written, s.syms = r, f, c.Entries, c.Written, c.syms
	s.kept = make([]keptRecord, 0, len(c.Entries)+16) // grown once, not through every doubling
	return s
}

// takePrev hands the previous .MOD's open handle (or nil) to the caller,
// who closes it.
func (s *incState) takePrev() *os.File {
	f := s.prevF
	s.prevF = nil
	return f
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
	c, ok := s.old[name]
	return s.matchEntry(c, ok, name, size, hash, key)
}

// matchEntry is match with name's cache record c (ok: there is one)
// already looked up.
func (s *incState) matchEntry(c cacheEntry, ok bool, name string, size int64, hash, key string) (*mod.Entry, cacheEntry, bool) {
	if s.prev == nil {
		return nil, cacheEntry{}, false
	}
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
func (s *incState) reuseSource(f *srcFile, r *compiled, sc *scratch) bool {
	if !s.on {
		return false
	}
	var src []byte
	old, had := s.old[f.name]
	if had && s.statSame(old, f) {
		r.hash = old.Hash
	} else {
		b, err := sc.read(f)
		if err != nil {
			return false // compileFile reports it
		}
		src, r.src, r.hash = b, b, contentHash(b)
	}
	e, c, ok := s.matchEntry(old, had, f.name, f.size, r.hash, s.keyOf(f.name))
	if !ok {
		if r.src == nil {
			r.hash = "" // compileFile reads and hashes it
		}
		return false
	}
	if c.decodeRest() != nil {
		return false // its findings or tree do not decode: compile it
	}
	needDat := f.kind == kindBINDAT && strings.HasSuffix(f.name, ".DAT") && underAny(f.name, rawDatDirs)
	if needDat && c.Pruned == nil {
		return false
	}
	if f.kind == kindLayout && underAny(f.name, rawLayoutDirs) {
		// The RAW stage reads the layout itself: what it reads of it is
		// in the cache (rawLayout); Watch kept it from the last pack;
		// else parse it (no encode, no compression).
		if r.lay = c.Lay; r.lay == nil {
			r.lay = s.ws.layout(f.name, r.hash)
		}
		if r.lay == nil {
			tmp := &compiled{src: src} // nil: compileFile reads it
			compileFile(f, compileOpts{parseOnly: true}, tmp)
			if tmp.failed || tmp.lay == nil {
				return false
			}
			r.lay = tmp.lay
			s.ws.keepLayout(f.name, r.hash, r.lay)
		}
	}
	r.reused, r.src, r.scenery = e, nil, c.Flags&cacheScenery != 0
	if needDat {
		r.dat = c.Pruned
	}
	for _, x := range c.Findings {
		x.File = f.rel
		r.findings = append(r.findings, x)
	}
	s.reused.Add(1)
	r.next, r.hasNext = c.kept(f), true
	return true
}

// kept is the new cache's entry for f, reused from c: c's fields, f's
// time, and c's record as the file held it while f's time is the one it
// holds (entries drops it too when the block's CRCs differ).
func (c cacheEntry) kept(f *srcFile) cacheEntry {
	n := cacheEntry{Size: c.Size, MTime: f.mtime.UnixNano(), Hash: c.Hash, Key: c.Key, CRC: c.CRC, Payload: c.Payload,
		Findings: c.Findings, Pruned: c.Pruned, Lay: c.Lay, Flags: c.Flags, rest: c.rest, syms: c.syms}
	if n.MTime == c.MTime {
		n.raw = c.raw
	}
	return n
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
	r.next, r.hasNext = cacheEntry{Size: r.srcSize, MTime: f.mtime.UnixNano(), Hash: r.hash, Key: s.keyOf(f.name), Findings: finds, Pruned: r.dat, Lay: r.lay}, true
	if r.scenery {
		r.next.Flags = cacheScenery
	}
	if r.lay != nil {
		s.ws.keepLayout(f.name, r.hash, r.lay)
	}
}

// asset checks an asset against the cache: the previous entry to copy, or
// nil, and the new cache's record of it either way (keep it once the
// block is written).
func (s *incState) asset(f *srcFile, data []byte) (*mod.Entry, cacheEntry, error) {
	if !s.on {
		return nil, cacheEntry{}, nil
	}
	var hash string
	var size int64
	if c, same := s.sameStat(f); same && data == nil {
		hash, size = c.Hash, c.Size
	} else if data != nil {
		hash, size = contentHash(data), int64(len(data))
	} else {
		rc, err := f.open()
		if err != nil {
			return nil, cacheEntry{}, err
		}
		h := &hashReader{r: rc}
		_, err = io.Copy(io.Discard, h)
		rc.Close()
		if err != nil {
			return nil, cacheEntry{}, err
		}
		hash, size = h.sum(), h.n
	}
	e, c, ok := s.match(f.name, size, hash, "")
	if !ok {
		return nil, cacheEntry{Size: size, MTime: f.mtime.UnixNano(), Hash: hash}, nil
	}
	s.reused.Add(1)
	return e, c.kept(f), nil
}

// copyReused copies e, which match found in the cache, from the previous
// .MOD, its bytes checked against the payload CRC-32 the cache recorded:
// by the verify stage's read of the written file when that reads every
// payload back (VerifyWritten: verifyLater), else as they are copied.
//
// payload is the CRC-32 of e's payload as the cache recorded it (the
// record the match found: kept carries it on).
func (s *incState) copyReused(w *mod.Writer, e *mod.Entry, fh mod.FileHeader, payload uint32) error {
	if s.verifyLater {
		return w.CopyRawVerifyLater(s.prev, e, fh, payload)
	}
	return w.CopyRawChecked(s.prev, e, fh, payload)
}

// keep takes name's record for the new cache, its block just written:
// the feed calls it, one block after another, so kept is in the order of
// the writer's blocks.
func (s *incState) keep(name string, c *cacheEntry) {
	if s.on {
		s.kept = append(s.kept, keptRecord{name, c})
	}
}

// keptRecord is a record keep took: c is the compile result's (or the
// asset's), untouched until entries reads it.
type keptRecord struct {
	name string
	c    *cacheEntry
}

// entries is the new cache's entries, each with its CRC-32 from the
// writer's records (what verify checked the manifest against), and their
// encoding. It runs beside the verify stage; save adds the head once the
// .MOD is in place. kept follows written (the writer lists blocks in the
// order they were added, and the feed keeps each record as it adds the
// block): one pass pairs them, the walk grids and RAW indices between
// have no record.
func (s *incState) entries(written []mod.WrittenBlock) cacheBody {
	if !s.on {
		return cacheBody{}
	}
	kept := s.kept
	list := make([]namedEntry, len(kept)) // the records themselves: the new cache's, changed here
	j := 0
	for i := range written {
		b := &written[i]
		if j == len(kept) || kept[j].name != b.Path {
			continue
		}
		list[j] = namedEntry{kept[j].name, kept[j].c}
		ce := list[j].ce
		if ce.raw != "" && (ce.CRC != b.CRC32 || ce.Payload != b.PayloadCRC32) {
			ce.raw = "" // the record as read says other CRCs: encode it anew
		}
		ce.CRC, ce.Payload = b.CRC32, b.PayloadCRC32
		j++
	}
	if j != len(list) {
		// Not the writer's order after all: a cache that lists a block's
		// record without its CRCs would send the next pack to a full
		// one, so write none (the next pack says why).
		return cacheBody{err: fmt.Errorf("%d of %d records did not pair with a written block (at %s)", len(kept)-j, len(kept), kept[j].name)}
	}
	return encodeEntries(list, s.syms, s.ws != nil)
}

// stagedCache is the new cache, written beside its place before the .MOD
// is committed (stage), put in place after it (save).
type stagedCache struct {
	tmp  *safefile.File // nil: nothing to put in place
	c    *packCache
	body cacheBody
	err  error
}

// stage makes the new cache for the .MOD written to a temporary file
// (which will be renamed to out; st is its stat, taken once the writer
// closed it) and writes it to a temporary file beside its place: it runs
// beside the verify stage, so all the commit has left to do is a rename.
// The .MOD's size and time are st's, which its rename keeps (nothing
// writes to it after the writer closed).
func (s *incState) stage(out string, st os.FileInfo, written []mod.WrittenBlock) stagedCache {
	if !s.on {
		return stagedCache{}
	}
	body := s.entries(written)
	if body.err != nil {
		return stagedCache{err: body.err}
	}
	c := &packCache{Format: cacheFormat, Options: s.optKey, ModSize: st.Size(), ModTime: st.ModTime().UnixNano(), Written: s.started}
	file := CacheFile(s.cacheDir, out)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return stagedCache{err: err}
	}
	f, err := safefile.Create(file)
	if err != nil {
		return stagedCache{err: err}
	}
	if err := writeCache(f.File, c, body); err != nil {
		f.Abort()
		return stagedCache{err: err}
	}
	return stagedCache{tmp: f, c: c, body: body}
}

// abort removes a staged cache that is not to be saved.
func (sc stagedCache) abort() {
	if sc.tmp != nil {
		sc.tmp.Abort()
	}
}

// save puts the staged cache in place for the .MOD just committed at
// out, and hands it to Watch's session as written.
func (s *incState) save(out string, sc stagedCache, ws *watchSession) error {
	if !s.on {
		return nil
	}
	ws.keepCache("", nil)
	if sc.err != nil {
		return sc.err
	}
	// A cache checks itself (CRC, the .MOD's size and time): no flush to
	// wait for (safefile.CommitUnsynced).
	if err := sc.tmp.CommitUnsynced(); err != nil {
		return err
	}
	c := sc.c
	c.Entries, c.syms = sc.body.entries, sc.body.syms
	ws.keepCache(out, c)
	return nil
}

// copyFailure is the verify stage's word on copied blocks: a block whose
// payload read back is not the CRC-32 recorded for it, or whose head is
// not the one recorded, in a pack that
// copied blocks without checking them (verifyLater), is a *mod.CopyError
// naming it, so that Pack packs again in full as when a copy fails as it
// is made. A block written fresh that fails the same check is one too:
// packing again in full is the answer either way.
func (s *incState) copyFailure(finds []mod.Finding) error {
	if !s.verifyLater || s.reused.Load() == 0 {
		return nil
	}
	for _, f := range finds {
		// A block copied in the kernel (mod.Writer's spans) took its head
		// from the previous .MOD's manifest and tiling: a head that reads
		// back otherwise is that .MOD damaged, as a payload is.
		switch f.Check {
		case "payload":
			return &mod.CopyError{Entry: f.Entry, Offset: f.Offset, Blocks: 1,
				Err: fmt.Errorf("%s: block at offset 0x%X: %s (payload CRC-32 as the previous pack recorded it)", f.Entry, f.Offset, f.Message)}
		case "block-head":
			return &mod.CopyError{Entry: f.Entry, Offset: f.Offset, Blocks: 1,
				Err: fmt.Errorf("%s: block at offset 0x%X: its head is not what the manifest says: %s", f.Entry, f.Offset, f.Message)}
		}
	}
	return nil
}

// knownScenery says f is a layout the cache knows places no room piece,
// unchanged since (sameStat): the grid plan need not read it.
func (s *incState) knownScenery(f *srcFile) bool {
	if s == nil || !s.on || s.prev == nil {
		return false
	}
	c, ok := s.sameStat(f)
	return ok && c.Flags&cacheScenery != 0
}
