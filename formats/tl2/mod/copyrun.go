package mod

import (
	"encoding/binary"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"sync"
)

// Copying runs of blocks.
//
// An incremental repack copies most blocks unchanged from the previous
// archive, in the order they lie there. Copied one at a time, each block
// cost a read of its head, a read of its payload and a job through the
// writer: on a 33,000-entry .MOD most of a repack's time went on system
// calls. So CopyRaw gathers blocks that follow one another in the same
// source into a run of up to runMax bytes and copies it with one read; the
// heads are checked from the bytes read (uncompressed size against the
// manifest, payload ending where the next block begins), each payload's
// CRC-32 is taken as before, and the run goes to the output as one job.
// A block whose head does not end where the next block begins (a source
// with gaps or overlaps) is copied alone, as before: the output bytes are
// the same either way.

// runMax bounds a run's bytes (a variable so tests can cut runs short).
var runMax int64 = 4 << 20

// Copying in the kernel.
//
// A block copied for CopyRawVerifyLater need not pass through this
// process at all: VerifyWritten reads the written file back anyway and
// checks each block's head and payload CRC-32 there. So when both the
// source archive and the output are files (*os.File), a run of such
// blocks is not read: it is queued as a span (file, offset, length) and
// the writer has the kernel copy it (os.File.ReadFrom: copy_file_range on
// Linux, a plain copy elsewhere), and the block heads are taken from the
// manifest and the tiling instead of from the bytes: a block's payload
// runs to where the next block begins, and a block whose payload is not
// its manifest size is compressed (the writer stores a block as its bytes
// or not at all), so its head's compressed size is that payload length.
// A block whose payload equals its size (stored, or a stream that did not
// shrink) goes the reading way. A source whose heads lie (damaged on disk
// with its size and time kept) is caught by VerifyWritten as a
// "block-head" or "payload" finding, never copied silently. A span holds
// no memory; spanMax still cuts it at 8 MB so the kernel copies while
// the caller is still adding (one span to the end left a 64 MB copy for
// Close: a repack's write stage 35 -> 22 ms).
var spanMax int64 = 8 << 20

// spanSrc is a span's source: bytes n at off in f.
type spanSrc struct {
	f      *os.File
	off, n int64
	entry  string // its first block, for errors
}

// spanFile is the file under src's data section and the section's offset
// in it, when the writer may copy from it in the kernel (see spanMax).
func (w *Writer) spanFile(src *Reader, check payloadCheck) (*os.File, int64) {
	if w.outFile == nil || !check.on || !check.later {
		return nil, 0
	}
	ra, base, _ := src.data.Outer()
	f, ok := ra.(*os.File)
	if !ok {
		return nil, 0
	}
	return f, base
}

// blockEnds lets CopyRaw know where a block ends without reading its head:
// the next block's offset (or the end of the data section).
type blockEnds struct {
	once sync.Once
	offs []uint32 // every entry's offset, sorted, unique
}

// nextBlock is the data offset after at where the next block begins.
func (r *Reader) nextBlock(at uint32) int64 {
	r.ends.once.Do(func() {
		offs := make([]uint32, 0, len(r.Entries))
		for i := range r.Entries {
			offs = append(offs, r.Entries[i].Offset)
		}
		slices.Sort(offs)
		r.ends.offs = slices.Compact(offs)
	})
	i, found := slices.BinarySearch(r.ends.offs, at)
	if found {
		i++
	}
	if i < len(r.ends.offs) {
		return int64(r.ends.offs[i])
	}
	return r.data.Size()
}

// pendingRun is the run CopyRaw is gathering.
type pendingRun struct {
	src      *Reader
	from, to int64 // data-section offsets in src: first head, end of the last block
	items    []runItem
	span     *os.File // not nil: a span, copied in the kernel (spanMax)
	spanBase int64    // the data section's offset in span
}

type runItem struct {
	rec   *manRecord
	e     *Entry
	at    int64 // the head's data-section offset in src
	check payloadCheck
}

// payloadCheck is the payload CRC-32 a copied block must have, when the
// caller knows it (CopyRawChecked).
type payloadCheck struct {
	on   bool
	want uint32
	// later: the bytes are not read for their CRC-32 here; want is
	// recorded as the block's payload CRC-32 and VerifyWritten, which
	// reads the written file back anyway, checks the copy against it
	// (CopyRawVerifyLater).
	later bool
}

// verify fails a copied block whose payload is not what the caller
// recorded: damaged on disk since, with its head intact.
func (c payloadCheck) verify(e *Entry, at int64, got uint32) error {
	if !c.on || got == c.want {
		return nil
	}
	return &CopyError{Entry: e.Path, Offset: at, Blocks: 1,
		Err: formatErr(e.Path, at, ErrChecksum, "block payload CRC-32 0x%08X, 0x%08X when it was written", got, c.want)}
}

// runBlock is one block of a run job: where it sits in the job's bytes.
type runBlock struct {
	rec        *manRecord
	off        int64
	packed     uint32
	payloadCRC uint32
}

// copyRun adds e to the pending run when it continues it, else emits the
// run and starts another. It reports false when e cannot join a run (its
// block is too big, or lies oddly): the caller copies it alone.
func (w *Writer) copyRun(src *Reader, e *Entry, rec *manRecord, check payloadCheck) (bool, error) {
	at := int64(e.Offset)
	end := src.nextBlock(e.Offset)
	limit := runMax
	sf, base := w.spanFile(src, check)
	if end-at-8 == int64(e.Size) {
		sf = nil // stored, or not shrunk: its head must be read
	}
	if sf != nil {
		limit = spanMax
	}
	if at < 8 || end-at < 8 || end-at > limit || end > src.data.Size() {
		return false, w.emitRun()
	}
	p := &w.run
	if p.src != src || p.to != at || p.span != sf || p.to-p.from+(end-at) > limit {
		if err := w.emitRun(); err != nil {
			return false, err
		}
		p.src, p.from, p.span, p.spanBase = src, at, sf, base
	}
	p.to = end
	p.items = append(p.items, runItem{rec: rec, e: e, at: at, check: check})
	return true, nil
}

// queueSpan queues the pending span for the writer to copy in the kernel:
// each block's head comes from the manifest (its size) and the tiling
// (its compressed size), its payload CRC-32 is the caller's, and
// VerifyWritten checks both against the bytes written.
func (w *Writer) queueSpan() {
	p := &w.run
	items, from, to := p.items, p.from, p.to
	blocks := make([]runBlock, len(items))
	for i, it := range items {
		end := to
		if i+1 < len(items) {
			end = items[i+1].at
		}
		it.rec.size, it.rec.crc = it.e.Size, it.e.CRC32
		blocks[i] = runBlock{rec: it.rec, off: it.at - from, packed: uint32(end - it.at - 8), payloadCRC: it.check.want}
	}
	j := &job{raw: true, blocks: blocks, span: &spanSrc{f: p.span, off: p.spanBase + from, n: to - from, entry: items[0].e.Path}, done: make(chan struct{})}
	close(j.done)
	p.items, p.src, p.span = p.items[:0], nil, nil
	w.order <- j
}

// emitRun reads the pending run and queues it for the writer. Its records
// are committed already, so a failure fails the writer: nothing may be
// written after a run that is missing.
func (w *Writer) emitRun() error {
	if err := w.readRun(); err != nil {
		w.fail(err)
		return err
	}
	return nil
}

func (w *Writer) readRun() error {
	p := &w.run
	if len(p.items) == 0 {
		return nil
	}
	if p.span != nil {
		w.queueSpan()
		return nil
	}
	items, src, from, to := p.items, p.src, p.from, p.to
	p.items, p.src = p.items[:0], nil
	if err := w.acquire(); err != nil {
		return err
	}
	n := to - from
	buf, _ := runPool.Get().(*[]byte)
	if buf == nil {
		buf = inPool.Get().(*[]byte)
	}
	if int64(cap(*buf)) < n {
		nb := make([]byte, n)
		buf = &nb
	}
	b := (*buf)[:n]
	*buf = b
	if _, err := src.data.ReadAt(b, from); err != nil {
		w.putIn(buf)
		return &CopyError{Entry: items[0].e.Path, Offset: src.dataOff + from, Blocks: len(items), Err: err}
	}
	// Walk the heads; a block that does not fill its span exactly is
	// copied alone, splitting the run around it.
	var blocks []runBlock
	seg := int64(0) // start of the blocks not yet queued, within b
	queue := func(upto int64) {
		if len(blocks) == 0 {
			return
		}
		part := buf
		if seg != 0 || upto != n {
			// Only with an odd block in the run: the part gets its own
			// buffer so each job owns what it releases.
			c := append((*inPool.Get().(*[]byte))[:0], b[seg:upto]...)
			part = &c
		}
		w.queueCopied(&job{in: part, blocks: blocks})
		blocks = nil
	}
	for i, it := range items {
		off := it.at - from
		span := to - from - off
		if i+1 < len(items) {
			span = items[i+1].at - it.at
		}
		size := binary.LittleEndian.Uint32(b[off:])
		packed := binary.LittleEndian.Uint32(b[off+4:])
		payload := int64(packed)
		if packed == 0 {
			payload = int64(size)
		}
		if size != it.e.Size {
			w.putIn(buf)
			return &CopyError{Entry: it.e.Path, Offset: src.dataOff + it.at, Blocks: 1,
				Err: formatErr(it.e.Path, src.dataOff+it.at, ErrFormat, "block holds %d bytes, manifest says %d", size, it.e.Size)}
		}
		if 8+payload != span {
			queue(off)
			if err := w.copyOne(src, it.e, it.rec, it.check); err != nil {
				w.putIn(buf)
				return err
			}
			seg = off + span
			continue
		}
		pc := it.check.want
		if !it.check.later {
			pc = crc32.ChecksumIEEE(b[off+8 : off+span])
			if err := it.check.verify(it.e, src.dataOff+it.at, pc); err != nil {
				w.putIn(buf)
				return err
			}
		}
		it.rec.size, it.rec.crc = size, it.e.CRC32
		blocks = append(blocks, runBlock{rec: it.rec, off: off - seg, packed: packed, payloadCRC: pc})
	}
	queue(n)
	if seg != 0 {
		w.putIn(buf) // its parts went in buffers of their own
	}
	return nil
}

// copyOne copies one block by itself (the path for blocks no run holds).
func (w *Writer) copyOne(src *Reader, e *Entry, rec *manRecord, check payloadCheck) error {
	b, sr, err := src.RawBlock(e)
	if err != nil {
		return &CopyError{Entry: e.Path, Offset: src.dataOff + int64(e.Offset), Blocks: 1, Err: err}
	}
	rec.size, rec.crc = b.Size, e.CRC32
	if b.Payload > 8<<20 {
		// Big blocks go straight through instead of through memory.
		if err := w.flush(); err != nil {
			return err
		}
		if err := w.checkRoom(rec.name, 8+b.Payload); err != nil {
			return err
		}
		var h [8]byte
		binary.LittleEndian.PutUint32(h[:], b.Size)
		binary.LittleEndian.PutUint32(h[4:], b.Packed)
		if _, err := w.out.Write(h[:]); err != nil {
			w.fail(err)
			return err
		}
		pc := crc32.NewIEEE()
		rd := &sourceReader{r: sr}
		if _, err := io.Copy(io.MultiWriter(w.out, pc), rd); err != nil {
			if rd.err != nil { // the source failed, not the output
				err = &CopyError{Entry: e.Path, Offset: b.Offset, Blocks: 1, Err: err}
			}
			w.fail(err)
			return err
		}
		if err := check.verify(e, b.Offset, pc.Sum32()); err != nil {
			// Its bytes went out already: the writer fails, and the
			// caller packs without this source.
			w.fail(err)
			return err
		}
		rec.offset = uint32(w.pos)
		rec.packed, rec.payloadCRC = b.Packed, pc.Sum32()
		w.pos += 8 + b.Payload
		if b.Packed > w.maxC {
			w.maxC = b.Packed
		}
		return nil
	}
	if err := w.acquire(); err != nil {
		return err
	}
	buf := inPool.Get().(*[]byte)
	if int64(cap(*buf)) < b.Payload {
		nb := make([]byte, b.Payload)
		buf = &nb
	}
	*buf = (*buf)[:b.Payload]
	if _, err := sr.ReadAt(*buf, 0); err != nil && !(err == io.EOF && b.Payload == 0) {
		w.putIn(buf)
		return &CopyError{Entry: e.Path, Offset: b.Offset, Blocks: 1, Err: err}
	}
	if check.on {
		if err := check.verify(e, b.Offset, crc32.ChecksumIEEE(*buf)); err != nil {
			w.putIn(buf)
			return err
		}
	}
	w.queueCopied(&job{rec: rec, in: buf, packed: b.Packed})
	return nil
}

// sourceReader keeps the error its reader gave, to tell a failing source
// from a failing output after io.Copy.
type sourceReader struct {
	r   io.Reader
	err error
}

func (s *sourceReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

// queueCopied hands the writer bytes already in their final form (copied
// blocks): there is nothing to compress, so the job is done from the start.
func (w *Writer) queueCopied(j *job) {
	w.account(int64(len(*j.in)))
	j.raw, j.done = true, make(chan struct{})
	close(j.done)
	w.order <- j
}

// writeSpan has the kernel copy a span's bytes to the output, after what
// the buffer holds.
func (w *Writer) writeSpan(j *job) (int64, error) {
	s := j.span
	if err := w.checkRoom(j.blocks[0].rec.name, s.n); err != nil {
		return 0, err
	}
	if err := w.bw.Flush(); err != nil {
		return 0, err
	}
	if _, err := s.f.Seek(s.off, io.SeekStart); err != nil {
		return 0, &CopyError{Entry: s.entry, Offset: s.off, Blocks: len(j.blocks), Err: err}
	}
	n, err := w.outFile.ReadFrom(&io.LimitedReader{R: s.f, N: s.n})
	if err == nil && n != s.n {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return 0, &CopyError{Entry: s.entry, Offset: s.off, Blocks: len(j.blocks), Err: err}
	}
	w.spanned += n
	return n, nil
}

// writeRun writes a run job: its bytes hold heads and payloads already,
// or it is a span the kernel copies (writeSpan).
func (w *Writer) writeRun(j *job) error {
	var n int64
	if j.span != nil {
		var err error
		if n, err = w.writeSpan(j); err != nil {
			return err
		}
	} else {
		b := *j.in
		n = int64(len(b))
		if err := w.checkRoom(j.blocks[0].rec.name, n); err != nil {
			return err
		}
		if _, err := w.bw.Write(b); err != nil {
			return err
		}
	}
	for _, rb := range j.blocks {
		rb.rec.offset = uint32(w.pos + rb.off)
		rb.rec.packed, rb.rec.payloadCRC = rb.packed, rb.payloadCRC
		if rb.packed > w.maxC {
			w.maxC = rb.packed
		}
	}
	w.pos += n
	return nil
}
