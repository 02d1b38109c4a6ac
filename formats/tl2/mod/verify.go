package mod

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"packsmith/formats/tl2/layout"
	"packsmith/formats/workpool"
)

// Severity of a finding.
type Severity string

const (
	SevError   Severity = "error"   // the game will misbehave
	SevWarning Severity = "warning" // likely a mistake
	SevInfo    Severity = "info"    // reported, never a failure
)

// Finding is one result of a check, worded for a player.
type Finding struct {
	Severity Severity `json:"severity"`
	Check    string   `json:"check"`
	Entry    string   `json:"entry,omitempty"`
	Offset   int64    `json:"offset,omitempty"` // absolute file offset, when it helps
	Message  string   `json:"message"`
}

// MPPStubSize is the size of the all-0xFF 50×50 walk grid GUTS writes when
// it builds once after the intermediates were deleted.
const MPPStubSize = 24 + 50*50

// Check runs the checks that need no inflating (hashes, bounds, names,
// layout/MPP pairs; only a level layout without its .MPP is read, to tell
// a level from scenery). Verify runs these plus every entry's CRC-32 and size.
func (r *Reader) Check() []Finding { return r.check(r.BlockOf, true) }

// check is Check with the block heads from blockOf (VerifyWritten reads
// them in its one pass instead of one read per entry). Without
// tellLevels no layout is read: every layout without its .MPP is
// reported, level or scenery (VerifyWritten's caller, the packer, judges
// levels itself and drops those findings).
func (r *Reader) check(blockOf func(*Entry) (Block, error), tellLevels bool) []Finding {
	var out []Finding
	var add adder = func(sev Severity, check, entry string, off int64, format string, args ...any) {
		if off < 0 {
			off = 0
		}
		out = append(out, Finding{Severity: sev, Check: check, Entry: entry, Offset: off, Message: fmt.Sprintf(format, args...)})
	}

	if r.ManifestVersion > 2 {
		add(SevError, "manifest-version", "", r.manOff, "manifest version %d: the game refuses versions above 2, so the mod will not load", r.ManifestVersion)
	} else if r.ManifestVersion < 2 {
		add(SevInfo, "manifest-version", "", r.manOff, "manifest version %d (beta-era layout, no mhash)", r.ManifestVersion)
	}
	if h := r.Header; h != nil && h.Version < 4 {
		add(SevInfo, "header-version", "", 0, "header version %d: older layout (no game version); Packsmith writes version 4", h.Version)
	}

	if got, err := r.RollingHash(); err != nil {
		add(SevError, "rolling-hash", "", r.dataOff, "rollingHash cannot be computed (%v): the game will drop the mod", err)
	} else if got != r.RollingHashStored {
		add(SevError, "rolling-hash", "", r.dataOff+4,
			"rollingHash stored 0x%08X, computed 0x%08X: the game silently drops the whole mod (ticked in the launcher, but nothing happens in game)",
			r.RollingHashStored, got)
	}
	if h := r.Header; h != nil {
		if got := ReqHash(h.Required); got != h.ReqHash {
			add(SevWarning, "req-hash", "", -1,
				"reqHash stored 0x%016X, computed 0x%016X from REQUIRED_MODS: the game compares it when it loads the mod and may refuse it (dependencies that declare their own REQUIRED_MODS are folded in by GUTS and cannot be recomputed here, so this may be a false alarm)",
				h.ReqHash, got)
		}
	}

	// Bounds and the largest block, from the block heads.
	var largest uint32
	bad := map[int]bool{}
	for i := range r.Entries {
		e := &r.Entries[i]
		b, err := blockOf(e)
		if err != nil {
			bad[i] = true
			add(SevError, "bounds", e.Path, b.Offset, "%s: the game cannot read this file", stripPrefix(err, e.Path))
			continue
		}
		if b.Packed > largest {
			largest = b.Packed
		}
	}
	if r.MaxCompressedBlockSize < largest {
		add(SevWarning, "max-block", "", r.dataOff,
			"maxCompressedBlockSize is %d but the largest compressed block is %d: the game sizes its read buffer from this field, so loading may fail or crash",
			r.MaxCompressedBlockSize, largest)
	}

	// Names: lower case, duplicates, level layouts and their walk grids.
	// byPath holds one index a path: as many paths as entries, no path
	// repeats, and no count of 37,000 names is needed.
	var seen map[string]int
	if len(r.byPath) != len(r.Entries) {
		seen = make(map[string]int, len(r.Entries))
	}
	grids := map[string]bool{} // the walk grids' upper-cased paths: all a layout asks about
	for i := range r.Entries {
		e := &r.Entries[i]
		if seen != nil {
			seen[e.Path]++
		}
		if hasSuffixFold(e.Path, ".MPP") {
			grids[upperASCII(e.Path)] = true
		}
		if hasLowerASCII(e.Path) {
			add(SevError, "lowercase-name", e.Path, -1,
				"stored name has lower-case letters: the game upper-cases the name it looks for and compares it as stored, so it can never find this file (a texture or icon silently shows another image)")
		}
	}
	reported := map[string]bool{}
	for i := range r.Entries {
		e := &r.Entries[i]
		if n := seen[e.Path]; n > 1 && !reported[e.Path] {
			reported[e.Path] = true
			add(SevWarning, "duplicate-path", e.Path, -1, "the path is listed %d times: Packsmith reads the first copy; which one the game uses is not documented (inference: it looks names up one at a time). A repack keeps every copy unless --drop-shadowed", n)
		}
		up := upperASCII(e.Path)
		if strings.HasPrefix(up, "MEDIA/LAYOUTS/") && strings.HasSuffix(up, ".LAYOUT") {
			if !grids[strings.TrimSuffix(up, ".LAYOUT")+".MPP"] && (!tellLevels || bad[i] || r.isLevel(e)) {
				add(SevWarning, "layout-without-mpp", e.Path, -1,
					"level layout without its .MPP walk grid beside it: players cannot move in this level unless the game already has a matching grid")
			}
		}
		if !bad[i] && e.Size == MPPStubSize && strings.HasSuffix(up, ".MPP") {
			if b, err := r.ReadEntry(e, MPPStubSize); err == nil && isMPPStub(b) {
				add(SevError, "mpp-stub", e.Path, -1,
					"walk grid is the 2,524-byte all-0xFF stub GUTS writes when it builds once after intermediates were deleted: players cannot move in this level (build the mod again)")
			}
		}
	}

	r.ignoredFields(add)
	return out
}

// listsExactly says the manifest lists each written block once, as
// written, and nothing else, without a map of the written paths: through
// byPath when no path repeats (a pack's .MOD). Anything else is for
// manifestAgainst to put in words.
func (r *Reader) listsExactly(written []WrittenBlock) bool {
	if len(r.byPath) != len(r.Entries) || len(written) != len(r.Entries) {
		return false
	}
	listed := make([]bool, len(r.Entries))
	for i := range written {
		wb := &written[i]
		j, ok := r.byPath[wb.Path]
		if !ok || listed[j] {
			return false
		}
		listed[j] = true
		if e := &r.Entries[j]; wb.Offset != e.Offset || wb.Size != e.Size || wb.CRC32 != e.CRC32 {
			return false
		}
	}
	return true // as many blocks as entries, each entry listed once: all of them
}

// adder records a finding (check's own closure over its list).
type adder func(sev Severity, check, entry string, off int64, format string, args ...any)

// ignoredFields reports, never flags, the two fields the game ignores:
// mhash (reproduced when a sampling step gives it) and fileCount.
func (r *Reader) ignoredFields(add adder) {
	if r.ManifestVersion >= 2 {
		msg := fmt.Sprintf("mhash 0x%08X (the game never checks it)", r.MHash)
		mb, err := r.mb, error(nil)
		if mb == nil {
			mb, err = r.ManifestBytes()
		}
		if err == nil {
			if s := FindMHashStep(mb, r.MHash); s > 0 {
				msg = fmt.Sprintf("mhash 0x%08X, reproduced with sampling step %d (the game never checks it)", r.MHash, s)
			}
		}
		add(SevInfo, "mhash", "", r.manOff+2, "%s", msg)
	}
	add(SevInfo, "file-count", "", -1, "fileCount %d; the manifest has %d files and %d folders (the game ignores this field)",
		r.FileCount, len(r.Entries), len(r.Folders))
}

// maxLevelRead caps a layout read to tell a level from scenery.
const maxLevelRead = 64 << 20

// isLevel: the layout entry places a room piece (only levels have walk
// grids; a scenery layout such as ENVIRONMENT_URBAN.LAYOUT places none).
// One that does not read or decode counts as a level, so its missing grid
// is still reported.
func (r *Reader) isLevel(e *Entry) bool {
	b, err := r.ReadEntry(e, maxLevelRead)
	if err != nil {
		return true
	}
	var l *layout.Layout
	if len(b) > 0 && b[0] == layout.Magic {
		l, err = layout.Decode(b)
	} else {
		var bin []byte
		if bin, _, err = layout.Compile(e.Path, b); err == nil {
			l, err = layout.Decode(bin)
		}
	}
	return err != nil || l.PlacesRoomPiece()
}

func isMPPStub(b []byte) bool {
	return len(b) == MPPStubSize && bytes.Count(b[24:], []byte{0xFF}) == len(b)-24
}

// stripPrefix drops "mod: <entry>: " from an error message already placed
// under that entry.
func stripPrefix(err error, entry string) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "mod: ")
	return strings.TrimPrefix(s, entry+": ")
}

// Verify runs Check and then inflates every entry on all cores, checking
// its size and CRC-32. progress (may be nil) must be safe for concurrent
// use. It returns ctx.Err() when cancelled.
func (r *Reader) Verify(ctx context.Context, progress func(done, total int64, what string)) ([]Finding, error) {
	out := r.Check()
	badBounds := map[string]bool{}
	for _, f := range out {
		if f.Check == "bounds" {
			badBounds[f.Entry] = true
		}
	}
	total := int64(len(r.Entries))
	var done atomic.Int64
	results, err := workpool.Map(ctx, len(r.Entries), 0, func(_ context.Context, i int) ([]Finding, error) {
		e := &r.Entries[i]
		var fs []Finding
		if !badBounds[e.Path] {
			fs = r.verifyEntry(e)
		}
		d := done.Add(1)
		if progress != nil {
			progress(d, total, e.Path)
		}
		return fs, nil
	})
	if err != nil {
		return out, err
	}
	for _, fs := range results {
		out = append(out, fs...)
	}
	return out, nil
}

func (r *Reader) verifyEntry(e *Entry) []Finding {
	rc, err := r.Open(e)
	if err == nil {
		_, err = io.Copy(io.Discard, rc)
		rc.Close()
	}
	if err == nil {
		return nil
	}
	var he *HashError
	var fe *FormatError
	switch {
	case errors.As(err, &he):
		return []Finding{{Severity: SevError, Check: "crc", Entry: e.Path, Offset: he.Offset,
			Message: fmt.Sprintf("CRC-32 stored %08X, computed %08X: the file is damaged and the game may load garbage or crash", he.Stored, he.Computed)}}
	case errors.As(err, &fe):
		check := "inflate"
		if strings.Contains(fe.What, "bytes") {
			check = "size"
		}
		return []Finding{{Severity: SevError, Check: check, Entry: e.Path, Offset: fe.Offset,
			Message: fe.What + ": the file is damaged and the game cannot use it"}}
	}
	return []Finding{{Severity: SevError, Check: "inflate", Entry: e.Path, Message: stripPrefix(err, e.Path)}}
}

// VerifyWritten checks an archive just written by a Writer against what
// that Writer says it wrote (Writer.Written), reading the file once,
// front to back, and inflating nothing. src and size are the whole file r
// was opened from. It runs Check (rollingHash recomputed, reqHash, every
// block head bounds-checked against the manifest's size,
// maxCompressedBlockSize, names, walk grids; it reads no layout to tell a
// level from scenery, so every layout without its .MPP is reported), then
// checks that
//   - the manifest lists exactly the written entries, each with the
//     offset, size and CRC-32 the writer recorded for it;
//   - the blocks tile the data section from its 8-byte head to the
//     manifest, in the order written, with no gap or overlap;
//   - each block head read back holds the size and compressed size the
//     writer wrote, and each payload read back has the CRC-32 of the bytes
//     the writer produced (the zlib stream it compressed, or the bytes
//     themselves when stored).
//
// So the file holds, byte for byte, the streams the writer made from
// inputs whose CRC-32 the manifest carries; what it does not re-prove is
// that the zlib library's streams inflate to those inputs (Verify does,
// by inflating every entry). progress (may be nil) gets bytes read. It
// returns ctx.Err() when cancelled.
func (r *Reader) VerifyWritten(ctx context.Context, src io.ReaderAt, size int64, written []WrittenBlock, progress func(done, total int64, what string)) (out []Finding, err error) {
	out, _, err = r.VerifyWrittenTee(ctx, src, size, written, nil, progress)
	return out, err
}

// VerifyWrittenTee is VerifyWritten that also writes the file, every byte
// in order from offset 0, to tee (a SHA-256 of the whole file, say): on a
// goroutine of its own, fed the buffers the check reads, so the hash needs
// no read of its own and, with two cores, adds no time to the check (the
// hash is the slower of the two). teed is how many bytes tee took: size
// when the whole file was read back, fewer when the read stopped early (a
// short read, a cancel). tee may be nil.
func (r *Reader) VerifyWrittenTee(ctx context.Context, src io.ReaderAt, size int64, written []WrittenBlock, tee io.Writer, progress func(done, total int64, what string)) (out []Finding, teed int64, err error) {
	blocks, layout := tileWritten(written, r.dataOff, r.dataOff+r.data.Size())
	// The checks that read no block run beside the pass.
	checked := make(chan []Finding, 1)
	go func() { checked <- r.againstWritten(written, blocks, layout) }()
	pass, teed, err := scanWritten(ctx, src, size, blocks, r.dataOff, tee, progress)
	return append(<-checked, pass...), teed, err
}

// againstWritten is what VerifyWrittenTee and VerifyWrittenFile find
// without the pass over the blocks, in their order: Check's checks (block
// heads from the writer's records, blocks tiled by tileWritten), the
// manifest against the writer's records, then layout (findings about
// where the blocks lie).
func (r *Reader) againstWritten(written, blocks []WrittenBlock, layout []Finding) []Finding {
	out := append(r.manifestAgainst(written), layout...)
	return append(r.check(r.writtenBlockOf(blocks), false), out...)
}

// VerifyWrittenFile opens the archive just written (NewReader, with opts)
// and checks it as VerifyWrittenTee does, the manifest parsed beside the
// pass over the file rather than before it: the pass needs only where the
// data section is (the header's offsets), and parsing a 33,000-entry
// manifest is a tenth of a repack. The findings and teed are
// VerifyWrittenTee's; a file that does not open returns NewReader's
// error.
func VerifyWrittenFile(ctx context.Context, src io.ReaderAt, size int64, written []WrittenBlock, tee io.Writer, opts *Options, progress func(done, total int64, what string)) (*Reader, []Finding, int64, error) {
	o := opts.withDefaults()
	o.keepManifest = true // the check below reads it (the mhash step): one read of 3 MB, not two
	dataOff, manOff, err := headerOffsets(src, size, o)
	if err != nil {
		return nil, nil, 0, err
	}
	blocks, layout := tileWritten(written, dataOff, manOff)
	type passed struct {
		finds []Finding
		teed  int64
		err   error
	}
	done := make(chan passed, 1)
	go func() {
		f, n, err := scanWritten(ctx, src, size, blocks, dataOff, tee, progress)
		done <- passed{f, n, err}
	}()
	r, err := NewReader(src, size, &o)
	if err != nil {
		p := <-done
		return nil, nil, p.teed, err
	}
	if r.dataOff != dataOff || r.dataOff+r.data.Size() != manOff {
		// NewReader read other offsets than the header gave a moment ago:
		// the file changed under the check.
		layout = append([]Finding{{Severity: SevError, Check: "layout", Offset: 0,
			Message: fmt.Sprintf("the header's data section moved while it was read (0x%X–0x%X, then 0x%X–0x%X)", dataOff, manOff, r.dataOff, r.dataOff+r.data.Size())}}, layout...)
	}
	out := r.againstWritten(written, blocks, layout)
	r.mb = nil
	p := <-done
	return r, append(out, p.finds...), p.teed, p.err
}

// manifestAgainst checks the manifest against the writer's records: it
// lists exactly the written entries, each with the offset, size and
// CRC-32 the writer recorded.
func (r *Reader) manifestAgainst(written []WrittenBlock) (out []Finding) {
	if r.listsExactly(written) {
		return nil
	}
	add := func(entry string, format string, args ...any) {
		out = append(out, Finding{Severity: SevError, Check: "manifest", Entry: entry, Offset: r.manOff, Message: fmt.Sprintf(format, args...)})
	}
	byPath := make(map[string]int, len(written)) // the last block of a path, as a map keeps it
	for i := range written {
		byPath[written[i].Path] = i
	}
	if len(r.Entries) != len(written) {
		add("", "the manifest lists %d files, the writer wrote %d", len(r.Entries), len(written))
	}
	listed := make([]bool, len(written)) // by block: a path's blocks share its mark
	for i := range r.Entries {
		e := &r.Entries[i]
		j, ok := byPath[e.Path]
		if !ok {
			add(e.Path, "listed in the manifest but never written")
			continue
		}
		listed[j] = true
		if wb := &written[j]; wb.Offset != e.Offset || wb.Size != e.Size || wb.CRC32 != e.CRC32 {
			add(e.Path, "manifest record (offset 0x%X, %d bytes, CRC-32 %08X) differs from the block written (offset 0x%X, %d bytes, CRC-32 %08X)",
				e.Offset, e.Size, e.CRC32, wb.Offset, wb.Size, wb.CRC32)
		}
	}
	for i := range written {
		if !listed[byPath[written[i].Path]] {
			add(written[i].Path, "written but missing from the manifest")
		}
	}
	return out
}

// tileWritten sorts the writer's blocks by offset and checks that they
// tile the data section [dataOff, dataEnd) from its 8-byte head, in the
// order written, with no gap or overlap; blocks is nil when they do not
// (the pass then checks no block).
func tileWritten(written []WrittenBlock, dataOff, dataEnd int64) (blocks []WrittenBlock, out []Finding) {
	blocks = append([]WrittenBlock(nil), written...)
	sort.SliceStable(blocks, func(a, b int) bool { return blocks[a].Offset < blocks[b].Offset })
	at := dataOff + 8
	for i := range blocks {
		b := &blocks[i]
		if dataOff+int64(b.Offset) != at {
			out = append(out, Finding{Severity: SevError, Check: "layout", Entry: b.Path, Offset: dataOff + int64(b.Offset),
				Message: fmt.Sprintf("block at data offset 0x%X, where the previous block ends at 0x%X", b.Offset, at-dataOff)})
			return nil, out
		}
		at += 8 + b.payload()
	}
	if at != dataEnd {
		out = append(out, Finding{Severity: SevError, Check: "layout", Offset: at,
			Message: fmt.Sprintf("the blocks end at 0x%X but the data section runs to 0x%X", at, dataEnd)})
		return nil, out
	}
	return blocks, out
}

// writtenBlockOf is Check's blockOf for a file whose blocks tile cleanly:
// a manifest entry that agrees with the writer's record takes its block
// head from that record, since the pass reads every head and reports one
// that differs (one small read per entry costs more than the whole pass
// on some systems).
func (r *Reader) writtenBlockOf(blocks []WrittenBlock) func(e *Entry) (Block, error) {
	// blocks are sorted by offset (tileWritten) and tile: at most one
	// starts at an entry's offset, found by a search, not a 33,000-key map.
	at := func(off uint32) *WrittenBlock {
		i := sort.Search(len(blocks), func(i int) bool { return blocks[i].Offset >= off })
		if i < len(blocks) && blocks[i].Offset == off {
			return &blocks[i]
		}
		return nil
	}
	return func(e *Entry) (Block, error) {
		if wb := at(e.Offset); wb != nil && wb.Path == e.Path && wb.Size == e.Size {
			return Block{Offset: r.dataOff + int64(e.Offset), Size: wb.Size, Packed: wb.Packed, Payload: wb.payload(),
				Stored: wb.Packed == 0, dataFrom: int64(e.Offset) + 8}, nil
		}
		return r.BlockOf(e)
	}
}

// scanWritten is the one pass over the file: every block of blocks (in
// offset order, tiling from dataOff+8) read back, its head and payload
// CRC-32 checked, each buffer also handed to the tee (teeFile).
func scanWritten(ctx context.Context, src io.ReaderAt, size int64, blocks []WrittenBlock, dataOff int64, tee io.Writer, progress func(done, total int64, what string)) (out []Finding, teed int64, err error) {
	if tee == nil && len(blocks) > 1 {
		if n, bytes := scanWorkers(), blocks[len(blocks)-1].end()-int64(blocks[0].Offset); n > 1 && bytes >= scanParallelMin {
			pieces := int(min(max(int64(n), bytes/scanPiece), 256))
			out, err = scanSplit(ctx, src, blocks, dataOff, pieces, n, progress)
			return out, 0, err
		}
	}
	sc := &blockScan{blocks: blocks, next: dataOff + 8}
	sc.cur = -1
	sc.advance()
	tf := startTee(tee)
	defer func() { teed = tf.wait() }()
	read, err := readRange(ctx, src, 0, size, tf.buffer, func(p []byte, off int64) {
		tf.give(p)
		sc.feed(p, off)
		if progress != nil {
			progress(off+int64(len(p)), size, "")
		}
	})
	if err != nil {
		return nil, 0, err
	}
	if read != nil {
		tf.give(nil)
		return append([]Finding{*read}, sc.bad...), 0, nil
	}
	if sc.cur < len(blocks) {
		out = append(out, Finding{Severity: SevError, Check: "layout", Entry: blocks[sc.cur].Path, Offset: sc.next, Message: "the file ends inside this block"})
	}
	return append(out, sc.bad...), 0, nil
}

// scanParallelMin is the size of the blocks from which a pass without a
// tee is split across the cores: a repack's pass over a 450 MB .MOD is
// page-cache copies and CRC-32, one core's work for a fifth of the
// repack. A package variable so tests can split small files.
var scanParallelMin int64 = 16 << 20

// scanWorkers is how many goroutines a split pass uses.
var scanWorkers = func() int { return min(runtime.GOMAXPROCS(0), 4) }

// scanPiece is about the bytes of one piece of a split pass: small enough
// that the workers, which take the next piece as they finish one, end
// together (two halves did not: one ran alone for the last 10 ms while
// the other core parsed the manifest).
var scanPiece int64 = 8 << 20

// scanSplit is scanWritten's pass without a tee, split into n runs of
// whole blocks of about equal bytes, read and checked by workers
// goroutines. Only the blocks are read (no tee wants the header or the
// manifest). The findings are the serial pass's, in its order: each
// run's in block order, and a read that fails ends the list where the
// serial pass would have stopped.
func scanSplit(ctx context.Context, src io.ReaderAt, blocks []WrittenBlock, dataOff int64, n, workers int, progress func(done, total int64, what string)) ([]Finding, error) {
	first, last := int64(blocks[0].Offset), blocks[len(blocks)-1].end()
	total := last - first
	type run struct {
		blocks   []WrittenBlock
		from, to int64 // absolute file offsets: the first block's head to the last block's end
		bad      []Finding
		read     *Finding
		err      error
	}
	runs := make([]*run, 0, n)
	start := 0
	for k := 1; k <= n && start < len(blocks); k++ {
		end := len(blocks)
		if k < n {
			// The first block that starts at or past k/n of the bytes.
			cut := first + total*int64(k)/int64(n)
			end = start + 1 + sort.Search(len(blocks)-start-1, func(i int) bool { return int64(blocks[start+1+i].Offset) >= cut })
		}
		runs = append(runs, &run{blocks: blocks[start:end], from: dataOff + int64(blocks[start].Offset), to: dataOff + blocks[end-1].end()})
		start = end
	}
	var done atomic.Int64
	var mu sync.Mutex
	workpool.EachWith(ctx, len(runs), workers, func() []byte { return make([]byte, 1<<20) }, func(ctx context.Context, buf []byte, i int) error {
		ru := runs[i]
		sc := &blockScan{blocks: ru.blocks, next: ru.from, cur: -1}
		sc.advance()
		ru.read, ru.err = readRange(ctx, src, ru.from, ru.to, func() []byte { return buf }, func(p []byte, off int64) {
			sc.feed(p, off)
			if d := done.Add(int64(len(p))); progress != nil {
				mu.Lock()
				progress(d, total, "")
				mu.Unlock()
			}
		})
		ru.bad = sc.bad
		return nil
	})
	var out []Finding
	for _, ru := range runs {
		if ru.err != nil {
			return nil, ru.err
		}
	}
	for _, ru := range runs {
		out = append(out, ru.bad...)
		if ru.read != nil {
			return append([]Finding{*ru.read}, out...), nil
		}
	}
	return out, nil
}

// readRange reads [from, to) of src into the buffers buffer hands out and
// passes each, with its file offset, to use. A read that comes back short
// ends it with a "read" finding at that buffer's offset; a cancel, with
// the context's error.
func readRange(ctx context.Context, src io.ReaderAt, from, to int64, buffer func() []byte, use func(p []byte, off int64)) (*Finding, error) {
	for off := from; off < to; {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		buf := buffer()
		n := min(int64(len(buf)), to-off)
		m, err := src.ReadAt(buf[:n], off)
		if int64(m) < n {
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return &Finding{Severity: SevError, Check: "read", Offset: off, Message: fmt.Sprintf("reading the written file back: %v", err)}, nil
		}
		use(buf[:n], off)
		off += n
	}
	return nil, nil
}

// end is the data-section offset where b's block ends.
func (b *WrittenBlock) end() int64 { return int64(b.Offset) + 8 + b.payload() }

func (b *WrittenBlock) payload() int64 {
	if b.Packed == 0 {
		return int64(b.Size)
	}
	return int64(b.Packed)
}

// blockScan follows the blocks through the file as it streams past.
type blockScan struct {
	blocks []WrittenBlock
	cur    int   // block being read; len(blocks) when done
	next   int64 // absolute offset where blocks[cur]'s head starts
	head   [8]byte
	hn     int // head bytes seen
	left   int64
	crc    uint32
	bad    []Finding
}

func (s *blockScan) advance() {
	if s.cur >= 0 {
		s.next += 8 + s.blocks[s.cur].payload()
	}
	s.cur++
	s.hn, s.crc = 0, 0
	if s.cur < len(s.blocks) {
		s.left = s.blocks[s.cur].payload()
	}
}

// feed takes the file bytes p found at absolute offset off.
func (s *blockScan) feed(p []byte, off int64) {
	for s.cur < len(s.blocks) && len(p) > 0 {
		b := &s.blocks[s.cur]
		if pos := s.next + int64(s.hn); off < pos { // before this block's head
			skip := pos - off
			if skip >= int64(len(p)) {
				return
			}
			p, off = p[skip:], pos
		}
		if s.hn < 8 {
			n := copy(s.head[s.hn:], p)
			s.hn += n
			p, off = p[n:], off+int64(n)
			if s.hn < 8 {
				return
			}
			size, packed := binary.LittleEndian.Uint32(s.head[:]), binary.LittleEndian.Uint32(s.head[4:])
			if size != b.Size || packed != b.Packed {
				s.bad = append(s.bad, Finding{Severity: SevError, Check: "block-head", Entry: b.Path, Offset: s.next,
					Message: fmt.Sprintf("block head reads %d/%d bytes (size/compressed), the writer wrote %d/%d: the file is damaged", size, packed, b.Size, b.Packed)})
			}
		}
		n := int64(len(p))
		if n > s.left {
			n = s.left
		}
		s.crc = crc32.Update(s.crc, crc32.IEEETable, p[:n])
		s.left -= n
		p, off = p[n:], off+n
		if s.left == 0 {
			if s.crc != b.PayloadCRC32 {
				s.bad = append(s.bad, Finding{Severity: SevError, Check: "payload", Entry: b.Path, Offset: s.next,
					Message: fmt.Sprintf("block payload reads back with CRC-32 %08X, the writer wrote %08X: the file is damaged", s.crc, b.PayloadCRC32)})
			}
			s.advance()
		}
	}
}

// teeFile hands the buffers scanWritten reads to its tee on another
// goroutine. A buffer goes back to the free list when the tee is done
// with it; the read loop has finished with it by then too, since it
// scans each buffer before it asks for the next one.
type teeFile struct {
	tee   io.Writer
	free  chan []byte
	full  chan []byte // a nil buffer: the read stopped early, the tee stops
	done  chan int64
	spare []byte // the one buffer of a pass without a tee
}

// teeBuffers buffers of 1 MB: the reader can run that far ahead of the tee.
const teeBuffers = 4

func startTee(tee io.Writer) *teeFile {
	t := &teeFile{tee: tee}
	if tee == nil {
		t.spare = make([]byte, 1<<20)
		return t
	}
	t.free, t.full, t.done = make(chan []byte, teeBuffers), make(chan []byte, teeBuffers), make(chan int64, 1)
	for range teeBuffers {
		t.free <- make([]byte, 1<<20)
	}
	go func() {
		var n int64
		stopped := false
		for b := range t.full {
			if b == nil {
				stopped = true
				continue
			}
			if !stopped {
				tee.Write(b)
				n += int64(len(b))
			}
			t.free <- b[:cap(b)]
		}
		t.done <- n
	}()
	return t
}

// buffer is a free buffer to read into.
func (t *teeFile) buffer() []byte {
	if t.tee == nil {
		return t.spare
	}
	return <-t.free
}

// give hands b, just read, to the tee; nil says the read stopped early.
func (t *teeFile) give(b []byte) {
	if t.tee != nil {
		t.full <- b
	}
}

// wait ends the tee and says how many bytes it took (less than the file
// when the read stopped early; 0 without a tee).
func (t *teeFile) wait() int64 {
	if t.tee == nil {
		return 0
	}
	close(t.full)
	return <-t.done
}

// hasSuffixFold: s ends in suffix, ASCII letters in any case (suffix is
// upper case).
func hasSuffixFold(s, suffix string) bool {
	if len(s) < len(suffix) {
		return false
	}
	return upperASCII(s[len(s)-len(suffix):]) == suffix
}
