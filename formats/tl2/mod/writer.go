package mod

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zlib"

	"packsmith/formats/bytecount"
	"packsmith/formats/workpool"
)

// StoreThreshold: blocks of this many bytes or more are stored raw, as
// GUTS does (the constant appears five times in its writer).
const StoreThreshold = 0x1900000

// FileHeader describes one entry handed to the Writer.
type FileHeader struct {
	// Name is the full path ("MEDIA/UI/ICON.DDS"). The writer turns '\'
	// into '/' and upper-cases ASCII letters, as GUTS does.
	Name string
	// Type is used when ExplicitType is set; otherwise TypeFromName(Name).
	Type         FileType
	ExplicitType bool
	// FileTime is the source mtime as a Windows FILETIME (see FileTime).
	FileTime uint64
	// Order places the record within its directory in the manifest (ties
	// keep add order); blocks are written in add order regardless.
	Order int
	// Duplicate allows a name already added: a repack keeps a path a
	// source .MOD lists twice (GUTS writes such .MODs), record for record.
	Duplicate bool
}

// WriterOptions tune a Writer. Zero fields take the defaults.
type WriterOptions struct {
	// Level is the zlib level 1–9; 0 means 6, zlib's default (GUTS' level).
	Level int
	// LevelOf, when set, picks an entry's zlib level (1–9) from its type;
	// where it returns 0, Level applies. modpack's packer uses it to spend
	// less time on textures and skeletons, which deflate barely shrinks;
	// a block that its level shrinks well after all is deflated again at
	// Level (Refold).
	LevelOf func(FileType) int
	// Workers compress in parallel; 0 means GOMAXPROCS.
	Workers int
	// MaxInFlight bounds the bytes buffered between reading, compressing
	// and writing (default 16 MiB); one block above it may still be held.
	MaxInFlight int64
	// MHashStep samples the manifest for mhash (0 = DefaultMHashStep; a
	// negative step writes 0, which the game accepts).
	MHashStep int
	// FileCount is written as the manifest's fileCount (0 = the number of
	// records). The game ignores it; Rewrite keeps the original.
	FileCount uint32
	// KeepReqHash writes Header.ReqHash as given instead of recomputing it
	// from Header.Required.
	KeepReqHash bool
	// Entries is how many entries the caller expects to add (0: no
	// guess): the name index and the records are sized for them once
	// rather than grown through every doubling, which costs a repack of
	// 33,000 copied entries a sixth of its feed.
	Entries int
}

// Writer streams a .MOD (or a DATA.PAK + DATA.PAK.MAN pair): each entry is
// read, compressed by a pool of workers and appended in order by one
// goroutine, so memory stays bounded by MaxInFlight plus a block per
// worker, never by the archive's size. Offsets, maxCompressedBlockSize,
// rollingHash and mhash are filled in by Close.
type Writer struct {
	out   io.WriteSeeker
	bw    *bufio.Writer // the writer goroutine's buffer over out
	ra    io.ReaderAt   // to sample rollingHash after writing
	rs    io.ReadSeeker // fallback when out has no ReadAt
	man   io.Writer     // PAK: where the manifest goes
	start int64         // out's position when we began
	base  int64         // data section offset, relative to start
	pos   int64         // bytes of data section written
	maxC  uint32
	opts  WriterOptions

	paths []string
	recs  []*manRecord
	seen  map[string]bool

	work            chan *job
	order           chan *job
	writerDone      chan struct{}
	waitCompressors func() // returns once the compressors have stopped (workpool.Go)

	run     pendingRun // blocks CopyRaw is gathering (copyrun.go)
	outFile *os.File   // out, when it is a file: spans are copied into it in the kernel
	spanned int64      // bytes copied so (SpannedBytes)

	mu       sync.Mutex
	cond     *sync.Cond
	inflight int64
	err      error       // first failure; sticky
	erred    atomic.Bool // err is set (failed: no lock on the way of every Add)
	closed   bool
}

type job struct {
	rec     *manRecord
	in      *[]byte // raw input (pooled, unless lent)
	lent    bool    // in is the caller's (AddBytes): dropped, never pooled
	out     *bytes.Buffer
	store   bool
	raw     bool   // payload already in final form (a copied block)
	packed  uint32 // raw: the block's compressed size field
	done    chan struct{}
	barrier chan struct{} // a flush marker, not a block
	blocks  []runBlock    // a run of copied blocks (copyrun.go), heads included
	span    *spanSrc      // blocks' bytes the kernel copies (copyrun.go), not in
	err     error
}

// maxPooled: bigger buffers are left to the GC rather than kept around,
// so one huge entry does not pin its size in every pooled buffer.
const maxPooled = 8 << 20

var (
	inPool  = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}
	outPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	runPool sync.Pool // *[]byte of runMax bytes or more (copyrun.go); empty: nil
)

// NewWriter starts a .MOD at out's current position and writes the
// header. out must also be an io.ReaderAt or io.ReadSeeker (an *os.File
// is both): Close reads back the ~50 bytes rollingHash samples.
func NewWriter(out io.WriteSeeker, h *Header, opts *WriterOptions) (*Writer, error) {
	w, err := newWriter(out, opts)
	if err != nil {
		return nil, err
	}
	hc := *h
	if !w.opts.KeepReqHash {
		hc.ReqHash = ReqHash(hc.Required)
	}
	hb, err := appendHeaderV4(nil, &hc, 0, 0)
	if err != nil {
		return nil, err
	}
	binary.LittleEndian.PutUint32(hb[12:], uint32(len(hb)))
	w.base = int64(len(hb))
	if _, err := out.Write(hb); err != nil {
		return nil, err
	}
	return w.begin()
}

// NewPakWriter writes a DATA.PAK (a bare data section) to pak and, on
// Close, its manifest to man. pak must also be an io.ReaderAt or
// io.ReadSeeker.
func NewPakWriter(pak io.WriteSeeker, man io.Writer, opts *WriterOptions) (*Writer, error) {
	w, err := newWriter(pak, opts)
	if err != nil {
		return nil, err
	}
	w.man = man
	return w.begin()
}

func newWriter(out io.WriteSeeker, opts *WriterOptions) (*Writer, error) {
	w := &Writer{out: out}
	if opts != nil {
		w.opts = *opts
	}
	n := max(w.opts.Entries, 0)
	w.seen = make(map[string]bool, n)
	w.paths, w.recs = make([]string, 0, n), make([]*manRecord, 0, n)
	if w.opts.Level == 0 {
		w.opts.Level = 6
	}
	if w.opts.Level < 1 || w.opts.Level > 9 {
		return nil, fmt.Errorf("mod: zlib level %d (want 1–9)", w.opts.Level)
	}
	w.opts.Workers = workpool.Workers(w.opts.Workers)
	if w.opts.MaxInFlight <= 0 {
		w.opts.MaxInFlight = 16 << 20
	}
	if w.opts.MHashStep == 0 {
		w.opts.MHashStep = DefaultMHashStep
	}
	w.outFile, _ = out.(*os.File)
	switch o := out.(type) {
	case io.ReaderAt:
		w.ra = o
	case io.ReadSeeker:
		w.rs = o
	default:
		return nil, errors.New("mod: the writer's output must also be an io.ReaderAt or io.ReadSeeker (rollingHash reads back ~50 bytes)")
	}
	var err error
	if w.start, err = out.Seek(0, io.SeekCurrent); err != nil {
		return nil, err
	}
	w.cond = sync.NewCond(&w.mu)
	return w, nil
}

func (w *Writer) begin() (*Writer, error) {
	if _, err := w.out.Write(make([]byte, 8)); err != nil { // data head, patched by Close
		return nil, err
	}
	w.pos = 8
	n := w.opts.Workers
	// Deep queues: the writer waits for blocks in add order, so with a few
	// slots one slow block stopped Add while the other compressors idled
	// (33,000 small BINDATs packed at 1.55 cores; 1.9 with these). Memory
	// stays bounded by MaxInFlight, not by the queue lengths.
	w.work = make(chan *job, 8*n)
	w.order = make(chan *job, 32*n)
	w.writerDone = make(chan struct{})
	w.bw = bufio.NewWriterSize(w.out, 1<<20) // small entries: few syscalls
	w.waitCompressors = workpool.Go(n, w.compressor)
	go w.writer()
	return w, nil
}

func (w *Writer) compressor() {
	var zws [10]*zlib.Writer // by level, made when first needed
	for j := range w.work {
		in := *j.in
		j.rec.crc = crc32.ChecksumIEEE(in)
		if !j.store {
			j.out = outPool.Get().(*bytes.Buffer)
			level := w.levelOf(j.rec.typ)
			j.err = w.deflateAt(&zws, j.out, in, level)
			if j.err == nil && level != w.opts.Level && int64(j.out.Len()) < int64(len(in))/Refold {
				j.err = w.deflateAt(&zws, j.out, in, w.opts.Level)
			}
			// What VerifyWritten compares the bytes read back against:
			// cheap (CLMUL), and it proves the file holds this stream.
			j.rec.payloadCRC = crc32.ChecksumIEEE(j.out.Bytes())
			w.mu.Lock()
			w.inflight += int64(j.out.Len())
			w.mu.Unlock()
		}
		close(j.done)
	}
}

// Refold: a block that LevelOf's faster level shrinks below 1/Refold of
// its size is deflated again at Level. Data that shrinks that much
// deflates fast at any level, and there the faster levels lose most: a
// released mod's DXT5 interface textures, 59 MB that deflate to a
// twenty-fourth, come out 10 % larger at level 3 than at 6, where level 6
// takes 140 ms and level 3 94 ms. Textures and skeletons that deflate
// barely shrinks (kept 0.45–0.95) stay at the faster level.
const Refold = 4

// deflateAt replaces out's bytes with in as a zlib stream at level, with
// the compressor's writer for that level (zws, made when first needed).
func (w *Writer) deflateAt(zws *[10]*zlib.Writer, out *bytes.Buffer, in []byte, level int) error {
	out.Reset()
	out.Grow(len(in)/2 + 64)
	zw := zws[level]
	if zw == nil {
		zw, _ = zlib.NewWriterLevel(out, level) // level checked in newWriter and levelOf
		zws[level] = zw
	} else {
		zw.Reset(out)
	}
	if err := w.deflate(zw, in); err != nil {
		return err
	}
	return zw.Close()
}

// deflateChunk is how much a compressor deflates between two looks at
// whether the writer was aborted: a 24 MB file takes most of a second to
// compress, and a cancelled pack must stop sooner. (zlib's output does not
// depend on how its input is split into writes: tested.)
const deflateChunk = 1 << 20

// deflate writes in to zw a chunk at a time, stopping with the writer's
// error once it has failed or been aborted.
func (w *Writer) deflate(zw io.Writer, in []byte) error {
	for len(in) > 0 {
		if err := w.failed(); err != nil {
			return err
		}
		n := min(len(in), deflateChunk)
		if _, err := zw.Write(in[:n]); err != nil {
			return err
		}
		in = in[n:]
	}
	return nil
}

// writer appends finished blocks in the order they were added.
func (w *Writer) writer() {
	defer close(w.writerDone)
	defer func() {
		if err := w.bw.Flush(); err != nil {
			w.fail(err)
		}
	}()
	for j := range w.order {
		if j.barrier != nil {
			if err := w.bw.Flush(); err != nil {
				w.fail(err)
			}
			close(j.barrier)
			continue
		}
		<-j.done
		err := j.err
		if err == nil && w.failed() == nil {
			err = w.writeBlock(j)
		}
		if err != nil {
			w.fail(err)
		}
		w.release(j)
	}
}

func (w *Writer) writeBlock(j *job) error {
	if j.blocks != nil {
		return w.writeRun(j)
	}
	payload := *j.in
	packed := uint32(0)
	switch {
	case j.raw:
		packed = j.packed
	case !j.store:
		payload = j.out.Bytes()
		packed = uint32(len(payload))
	}
	if j.out != nil && int64(j.out.Len()) > 0xFFFFFFFF {
		return fmt.Errorf("%w: %s compresses to more than 4 GiB", ErrTooLarge, j.rec.name)
	}
	if err := w.checkRoom(j.rec.name, 8+int64(len(payload))); err != nil {
		return err
	}
	var head [8]byte
	binary.LittleEndian.PutUint32(head[:], j.rec.size)
	binary.LittleEndian.PutUint32(head[4:], packed)
	if _, err := w.bw.Write(head[:]); err != nil {
		return err
	}
	if _, err := w.bw.Write(payload); err != nil {
		return err
	}
	j.rec.offset = uint32(w.pos)
	j.rec.packed = packed
	switch {
	case j.raw:
		j.rec.payloadCRC = crc32.ChecksumIEEE(payload)
	case j.store:
		j.rec.payloadCRC = j.rec.crc // the payload is the bytes themselves
	}
	w.pos += 8 + int64(len(payload))
	if packed > w.maxC {
		w.maxC = packed
	}
	return nil
}

// checkRoom keeps offsets inside the u32 range the manifest can express.
func (w *Writer) checkRoom(name string, n int64) error {
	if w.base+w.pos+n > 0xFFFFFFFF {
		return fmt.Errorf("%w: %s would put data past 4 GiB, beyond what the manifest's offsets can address", ErrTooLarge, name)
	}
	return nil
}

func (w *Writer) release(j *job) {
	if j.span != nil {
		return // it held no memory
	}
	n := int64(len(*j.in))
	if !j.raw {
		if j.out != nil {
			n += int64(j.out.Len())
			if j.out.Cap() <= maxPooled {
				outPool.Put(j.out)
			}
		}
	}
	if !j.lent {
		putBuf(j.in)
	}
	w.mu.Lock()
	w.inflight -= n
	w.cond.Broadcast()
	w.mu.Unlock()
}

func (w *Writer) fail(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
		w.erred.Store(true)
	}
	w.cond.Broadcast()
	w.mu.Unlock()
}

// failed is the writer's error. Every Add asks, so a writer that has not
// failed answers without the lock the compressors and the output take
// for every block.
func (w *Writer) failed() error {
	if !w.erred.Load() {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// acquire waits until the in-flight bytes drop below the budget.
func (w *Writer) acquire() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.inflight >= w.opts.MaxInFlight && w.err == nil {
		w.cond.Wait()
	}
	return w.err
}

func (w *Writer) account(n int64) {
	w.mu.Lock()
	w.inflight += n
	w.mu.Unlock()
}

// flush waits until every queued block is written, so the caller may
// write to out directly.
func (w *Writer) flush() error {
	if err := w.emitRun(); err != nil {
		return err
	}
	b := &job{barrier: make(chan struct{})}
	w.order <- b
	<-b.barrier
	return w.failed()
}

// normName applies GUTS' naming: '/' separators, ASCII upper case.
func normName(name string) (string, error) {
	n := upperASCII(strings.TrimLeft(strings.ReplaceAll(name, `\`, "/"), "/"))
	if n == "" || strings.HasSuffix(n, "/") {
		return "", fmt.Errorf("mod: %q is not a file path", name)
	}
	return n, nil
}

func (w *Writer) newRecord(fh FileHeader) (*manRecord, string, error) {
	if w.closed {
		return nil, "", ErrClosed
	}
	if err := w.failed(); err != nil {
		return nil, "", err
	}
	name, err := normName(fh.Name)
	if err != nil {
		return nil, "", err
	}
	if w.seen[name] && !fh.Duplicate {
		return nil, "", fmt.Errorf("%w: %s", ErrDuplicate, name)
	}
	t := fh.Type
	if !fh.ExplicitType {
		t = TypeFromName(name)
	}
	if t == TypeFolder {
		return nil, "", fmt.Errorf("mod: %s: type 7 is a folder placeholder, not a file", name)
	}
	rec := &manRecord{name: name, typ: t, filetime: fh.FileTime, order: fh.Order, seq: len(w.recs)}
	return rec, name, nil
}

func (w *Writer) commitRecord(rec *manRecord, name string) {
	w.seen[name] = true
	w.paths = append(w.paths, name)
	w.recs = append(w.recs, rec)
}

// Add reads r to its end and appends it as one entry. Blocks are
// compressed in the background; Add returns once the bytes are queued.
func (w *Writer) Add(fh FileHeader, r io.Reader) error {
	rec, name, err := w.newRecord(fh)
	if err != nil {
		return err
	}
	if err := w.emitRun(); err != nil {
		return err
	}
	hint := sizeHint(r)
	if hint >= StoreThreshold {
		// Known to be stored raw: stream it, never buffer it.
		if err := w.addLarge(rec, nil, r); err != nil {
			w.fail(err)
			return err
		}
		w.commitRecord(rec, name)
		return nil
	}
	if err := w.acquire(); err != nil {
		return err
	}
	buf := inPool.Get().(*[]byte)
	b := (*buf)[:0]
	if hint > int64(cap(b)) {
		b = make([]byte, 0, hint+1) // +1: EOF is seen without growing
	}
	b, err = readUpTo(b, r, StoreThreshold)
	*buf = b
	if err != nil {
		w.putIn(buf)
		return fmt.Errorf("mod: reading %s: %w", name, err)
	}
	if len(b) >= StoreThreshold {
		err := w.addLarge(rec, b, r)
		w.putIn(buf)
		if err != nil {
			w.fail(err)
			return err
		}
		w.commitRecord(rec, name)
		return nil
	}
	w.compress(rec, name, buf, false)
	return nil
}

// AddBytes is Add for bytes the caller hands over: they are compressed
// where they are instead of being copied into the writer's buffers (a
// pack's compiled files are a copy saved). The caller must not touch b
// again.
func (w *Writer) AddBytes(fh FileHeader, b []byte) error {
	if len(b) >= StoreThreshold {
		return w.Add(fh, bytes.NewReader(b))
	}
	rec, name, err := w.newRecord(fh)
	if err != nil {
		return err
	}
	if err := w.emitRun(); err != nil {
		return err
	}
	if err := w.acquire(); err != nil {
		return err
	}
	w.compress(rec, name, &b, true)
	return nil
}

// compress queues an entry's bytes (the writer's from then on) for the
// compressors and, in add order, the writer; the caller has acquired room.
// lent bytes are not pooled afterwards: exact-size outputs of every size
// would fill the pool (kept across a GC) with buffers Add cannot use.
func (w *Writer) compress(rec *manRecord, name string, buf *[]byte, lent bool) {
	rec.size = uint32(len(*buf))
	w.account(int64(len(*buf)))
	j := &job{rec: rec, in: buf, lent: lent, store: rec.typ == TypeJPG, done: make(chan struct{})}
	w.commitRecord(rec, name)
	w.order <- j
	w.work <- j
}

func (w *Writer) putIn(buf *[]byte) { putBuf(buf) }

// levelOf is the zlib level of an entry of type t: LevelOf's pick when it
// makes one in 1–9, else Level.
func (w *Writer) levelOf(t FileType) int {
	if w.opts.LevelOf != nil {
		if l := w.opts.LevelOf(t); l >= 1 && l <= 9 {
			return l
		}
	}
	return w.opts.Level
}

// putBuf pools an input buffer: a run's (runMax or more) in runPool, so
// that the next run finds one of its size instead of a small one it must
// replace (a new 4 MB buffer per run, cleared, was a tenth of a repack's
// CPU); bigger than maxPooled, none.
func putBuf(buf *[]byte) {
	switch c := int64(cap(*buf)); {
	case c > maxPooled:
	case c >= runMax:
		*buf = (*buf)[:0]
		runPool.Put(buf)
	default:
		*buf = (*buf)[:0]
		inPool.Put(buf)
	}
}

// sizeHint returns how many bytes r will yield when it can tell
// (*os.File, bytes/strings readers, io.SectionReader), else -1. It only
// sizes buffers; the bytes actually read are what count.
func sizeHint(r io.Reader) int64 {
	switch v := r.(type) {
	case interface{ Len() int }:
		return int64(v.Len())
	case interface{ Size() int64 }:
		if s, ok := r.(io.Seeker); ok {
			if cur, err := s.Seek(0, io.SeekCurrent); err == nil {
				return v.Size() - cur
			}
		}
	case interface{ Stat() (os.FileInfo, error) }:
		if st, err := v.Stat(); err == nil && st.Mode().IsRegular() {
			if s, ok := r.(io.Seeker); ok {
				if cur, err := s.Seek(0, io.SeekCurrent); err == nil {
					return st.Size() - cur
				}
			}
		}
	}
	return -1
}

// readUpTo appends from r to b until EOF or limit bytes.
func readUpTo(b []byte, r io.Reader, limit int) ([]byte, error) {
	for len(b) < limit {
		if len(b) == cap(b) {
			c := 2 * cap(b)
			if c < 64<<10 {
				c = 64 << 10
			}
			if c > limit {
				c = limit
			}
			nb := make([]byte, len(b), c)
			copy(nb, b)
			b = nb
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
	return b, nil
}

// addLarge writes a block of StoreThreshold bytes or more, stored raw,
// streaming the rest of r straight to the output after the queue drains.
func (w *Writer) addLarge(rec *manRecord, head []byte, rest io.Reader) error {
	if err := w.flush(); err != nil {
		return err
	}
	at, err := w.out.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := w.out.Write(make([]byte, 8)); err != nil {
		return err
	}
	crc := crc32.NewIEEE()
	cw := bytecount.New(io.MultiWriter(w.out, crc))
	if _, err := cw.Write(head); err != nil {
		return err
	}
	if _, err := io.Copy(cw, rest); err != nil {
		return fmt.Errorf("mod: reading %s: %w", rec.name, err)
	}
	if cw.N > 0xFFFFFFFF {
		return fmt.Errorf("%w: %s is larger than 4 GiB", ErrTooLarge, rec.name)
	}
	if err := w.checkRoom(rec.name, 8+cw.N); err != nil {
		return err
	}
	var h [8]byte
	binary.LittleEndian.PutUint32(h[:], uint32(cw.N)) // compressed size 0 = stored
	if _, err := w.out.Seek(at, io.SeekStart); err != nil {
		return err
	}
	if _, err := w.out.Write(h[:]); err != nil {
		return err
	}
	if _, err := w.out.Seek(0, io.SeekEnd); err != nil {
		return err
	}
	rec.size, rec.crc, rec.offset = uint32(cw.N), crc.Sum32(), uint32(w.pos)
	rec.packed, rec.payloadCRC = 0, rec.crc
	// A wrong size hint can send a small file here; storing it raw is
	// still valid, just not what GUTS would do.
	w.pos += 8 + cw.N
	return nil
}

// CopyRaw appends an entry of another archive without inflating it: the
// block (zlib stream or raw bytes) is copied as stored, with the source's
// size and CRC-32. Use it to repack unchanged entries.
func (w *Writer) CopyRaw(src *Reader, e *Entry, fh FileHeader) error {
	return w.copyRaw(src, e, fh, payloadCheck{})
}

// CopyRawChecked is CopyRaw for a block whose payload CRC-32 (the zlib
// stream, or the stored bytes: WrittenBlock.PayloadCRC32) the caller
// recorded when it was written: the bytes are checked as they are copied,
// and a block that no longer matches (damaged on disk, its head intact, so
// that nothing else would notice before the game fails to inflate it) is a
// *CopyError naming it, wrapping ErrChecksum. Blocks are copied in runs that
// are read later, so the error may come from a later call or Close, and
// the writer has failed by then: the caller writes the archive again
// without copying.
func (w *Writer) CopyRawChecked(src *Reader, e *Entry, fh FileHeader, payloadCRC uint32) error {
	return w.copyRaw(src, e, fh, payloadCheck{on: true, want: payloadCRC})
}

// CopyRawVerifyLater is CopyRawChecked for a writer whose archive is read
// back with VerifyWritten before it is used: a block copied in a run is
// not checked as it is copied, but recorded with payloadCRC as its
// payload CRC-32 (Written), so VerifyWritten, reading the written bytes
// anyway, reports a block that does not match (a Finding of Check
// "payload" naming it) instead of each block's CRC-32 being taken twice.
// Blocks copied alone are checked as CopyRawChecked checks them.
func (w *Writer) CopyRawVerifyLater(src *Reader, e *Entry, fh FileHeader, payloadCRC uint32) error {
	return w.copyRaw(src, e, fh, payloadCheck{on: true, want: payloadCRC, later: true})
}

func (w *Writer) copyRaw(src *Reader, e *Entry, fh FileHeader, check payloadCheck) error {
	rec, name, err := w.newRecord(fh)
	if err != nil {
		return err
	}
	ok, err := w.copyRun(src, e, rec, check)
	if err == nil && !ok {
		err = w.copyOne(src, e, rec, check)
	}
	if err != nil {
		return err
	}
	w.commitRecord(rec, name)
	return nil
}

// stop shuts the pipeline down and waits for it.
func (w *Writer) stop() {
	if w.closed {
		return
	}
	w.closed = true
	close(w.work)
	close(w.order)
	<-w.writerDone
	w.waitCompressors()
}

// Cancel makes the writer fail with err (ErrClosed when nil) from any
// goroutine, without waiting: an Add waiting for room returns at once, and
// the compressors give up at their next chunk. A caller that feeds the
// writer from another goroutine cancels it before waiting for that
// goroutine (a cancelled pack waited for two 24 MB files to finish
// compressing), then calls Abort.
func (w *Writer) Cancel(err error) {
	if err == nil {
		err = ErrClosed
	}
	w.fail(err)
}

// Abort stops the writer without finishing the archive; the caller
// removes the output (safefile.File.Abort).
func (w *Writer) Abort() {
	w.fail(ErrClosed)
	w.stop()
}

// Close writes the remaining blocks, the data head (maxCompressedBlockSize
// and rollingHash), the manifest and the back-patched manifest offset.
func (w *Writer) Close() error {
	if w.closed {
		return ErrClosed
	}
	w.emitRun() // a failure is kept (w.fail) and returned below
	w.stop()
	if err := w.failed(); err != nil {
		return err
	}
	n := w.pos
	rh, err := w.rollingHash(n)
	if err != nil {
		return err
	}
	var head [8]byte
	binary.LittleEndian.PutUint32(head[:], w.maxC)
	binary.LittleEndian.PutUint32(head[4:], rh)
	if err := w.writeAt(head[:], w.base); err != nil {
		return err
	}

	mb, err := buildManifest(w.recs, w.opts.MHashStep, w.opts.FileCount, w.man != nil)
	if err != nil {
		return err
	}
	if w.man != nil {
		if _, err := w.out.Seek(w.start+w.base+n, io.SeekStart); err != nil {
			return err
		}
		_, err := w.man.Write(mb)
		return err
	}
	offMan := w.base + n
	if offMan > 0xFFFFFFFF {
		return fmt.Errorf("%w: the data section ends past 4 GiB", ErrTooLarge)
	}
	if _, err := w.out.Seek(w.start+offMan, io.SeekStart); err != nil {
		return err
	}
	if _, err := w.out.Write(mb); err != nil {
		return err
	}
	var om [4]byte
	binary.LittleEndian.PutUint32(om[:], uint32(offMan))
	if err := w.writeAt(om[:], 16); err != nil {
		return err
	}
	_, err = w.out.Seek(w.start+offMan+int64(len(mb)), io.SeekStart)
	return err
}

// WrittenBlock is one entry's block as the Writer wrote it.
type WrittenBlock struct {
	Path   string
	Offset uint32 // within the data section, as in the manifest
	Size   uint32 // uncompressed
	Packed uint32 // the head's compressed size; 0 = stored raw
	// CRC32 is of the uncompressed bytes (the manifest's), PayloadCRC32 of
	// the payload bytes after the head (the zlib stream, or the bytes
	// themselves when stored).
	CRC32, PayloadCRC32 uint32
}

// SpannedBytes is how many bytes the writer had the kernel copy from
// another archive's file (CopyRawVerifyLater between files), once Close
// has returned.
func (w *Writer) SpannedBytes() int64 { return w.spanned }

// Written lists the blocks in the order they were written, once Close
// has returned nil; VerifyWritten checks a file against it.
func (w *Writer) Written() []WrittenBlock {
	if !w.closed || w.failed() != nil {
		return nil
	}
	out := make([]WrittenBlock, len(w.recs))
	for i, r := range w.recs {
		out[i] = WrittenBlock{Path: w.paths[i], Offset: r.offset, Size: r.size, Packed: r.packed, CRC32: r.crc, PayloadCRC32: r.payloadCRC}
	}
	return out
}

func (w *Writer) writeAt(b []byte, off int64) error {
	if _, err := w.out.Seek(w.start+off, io.SeekStart); err != nil {
		return err
	}
	_, err := w.out.Write(b)
	return err
}

// rollingHash samples the written data section (no second pass).
func (w *Writer) rollingHash(n int64) (uint32, error) {
	base := w.start + w.base
	if w.ra != nil {
		return RollingHashAt(io.NewSectionReader(w.ra, base, n), n)
	}
	return RollingHashAt(&seekReaderAt{w.rs, base}, n)
}

type seekReaderAt struct {
	rs   io.ReadSeeker
	base int64
}

func (s *seekReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if _, err := s.rs.Seek(s.base+off, io.SeekStart); err != nil {
		return 0, err
	}
	return io.ReadFull(s.rs, p)
}

// FileTime converts a Unix time in nanoseconds to a Windows FILETIME
// (100 ns ticks since 1601).
func FileTime(unixNano int64) uint64 {
	const epochDiff = 116444736000000000 // 1601→1970 in 100 ns ticks
	return uint64(unixNano/100 + epochDiff)
}
