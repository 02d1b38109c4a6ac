package mod

import (
	"encoding/binary"
	"hash"
	"hash/crc32"
	"io"
	"sort"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// Options cap what a lying header or manifest can make the reader
// allocate. Zero fields take the defaults.
type Options struct {
	// MaxHeaderSize caps the .MOD header (default 16 MiB; real ones are
	// well under 64 KiB).
	MaxHeaderSize int64
	// MaxManifestSize caps the manifest read into memory (default 256 MiB).
	MaxManifestSize int64
	// MaxEntries caps the number of manifest records (default 4,194,304).
	MaxEntries int

	// keepManifest: the Reader keeps the manifest's bytes for the check
	// that follows (VerifyWrittenFile), which would read them again.
	keepManifest bool
}

func (o *Options) withDefaults() Options {
	var v Options
	if o != nil {
		v = *o
	}
	if v.MaxHeaderSize <= 0 {
		v.MaxHeaderSize = 16 << 20
	}
	if v.MaxManifestSize <= 0 {
		v.MaxManifestSize = 256 << 20
	}
	if v.MaxEntries <= 0 {
		v.MaxEntries = 4 << 20
	}
	return v
}

// Reader gives random access to a .MOD or a DATA.PAK + DATA.PAK.MAN pair.
// Listing reads only the header and manifest; an entry is inflated only
// when opened. A Reader is safe for concurrent use.
type Reader struct {
	// Header is the .MOD header; nil for a PAK.
	Header *Header
	// Manifest head fields.
	ManifestVersion uint16
	MHash           uint32 // stored; the game never checks it
	Root            string
	FileCount       uint32 // stored; a capacity hint the game ignores
	DirRecords      int    // directory records as stored (GUTS repeats paths)
	Dirs            []string
	// Data-section head.
	MaxCompressedBlockSize uint32
	RollingHashStored      uint32

	// Entries are the file records in manifest order; Folders the type-7
	// placeholders, merged by path (paths end in '/').
	Entries []Entry
	Folders []Entry

	data    *io.SectionReader // the data section (offset 0 = its head)
	dataOff int64             // absolute offset of the data section in its file
	man     *io.SectionReader // the manifest bytes
	manOff  int64
	byPath  map[string]int
	ends    blockEnds // for CopyRaw's runs (copyrun.go)
	mb      []byte    // the manifest's bytes, kept for a check (Options.keepManifest); else nil
}

// headerOffsets reads the header's offData and offMan (where the data
// section and the manifest start), checked against the file's size and
// o.MaxHeaderSize.
func headerOffsets(r io.ReaderAt, size int64, o Options) (offData, offMan int64, err error) {
	var first [32]byte
	n, err := r.ReadAt(first[:], 0)
	if n < 4 {
		if err == nil || err == io.EOF {
			err = formatErr("", 0, ErrFormat, "file of %d bytes is too short for a .MOD header", size)
		}
		return 0, 0, err
	}
	ver := binary.LittleEndian.Uint16(first[:])
	if ver == 0 || ver > 4 {
		return 0, 0, formatErr("", 0, ErrHeaderVersion, "header version %d (want 1–4)", ver)
	}
	at := dataOffsetField(ver, binary.LittleEndian.Uint16(first[2:]))
	var off [8]byte
	if _, err := r.ReadAt(off[:], int64(at)); err != nil {
		return 0, 0, formatErr("", int64(at), ErrFormat, "header: offData/offMan past the end of a %d-byte file", size)
	}
	offData = int64(binary.LittleEndian.Uint32(off[:]))
	offMan = int64(binary.LittleEndian.Uint32(off[4:]))
	switch {
	case offData > size || offData < int64(at)+8:
		return 0, 0, formatErr("", int64(at), ErrFormat, "header: offData 0x%X outside the %d-byte file", offData, size)
	case offMan < offData+8 || offMan > size:
		return 0, 0, formatErr("", int64(at)+4, ErrFormat, "header: offMan 0x%X outside [offData+8, %d]", offMan, size)
	case offData > o.MaxHeaderSize:
		return 0, 0, formatErr("", int64(at), ErrTooLarge, "header of %d bytes exceeds the %d-byte cap", offData, o.MaxHeaderSize)
	}
	return offData, offMan, nil
}

// NewReader opens a .MOD of the given size.
func NewReader(r io.ReaderAt, size int64, opts *Options) (*Reader, error) {
	o := opts.withDefaults()
	offData, offMan, err := headerOffsets(r, size, o)
	if err != nil {
		return nil, err
	}
	hb := make([]byte, offData)
	if _, err := r.ReadAt(hb, 0); err != nil {
		return nil, formatErr("", 0, ErrFormat, "reading header: %v", err)
	}
	h, _, err := parseHeader(hb)
	if err != nil {
		return nil, err
	}
	rd := &Reader{Header: h}
	if err := rd.init(io.NewSectionReader(r, offData, offMan-offData), offData,
		io.NewSectionReader(r, offMan, size-offMan), offMan, o); err != nil {
		return nil, err
	}
	return rd, nil
}

// NewPakReader opens a DATA.PAK (a bare data section) with its manifest
// from the DATA.PAK.MAN sidecar.
func NewPakReader(pak io.ReaderAt, pakSize int64, man io.ReaderAt, manSize int64, opts *Options) (*Reader, error) {
	o := opts.withDefaults()
	if pakSize < 8 {
		return nil, formatErr("", 0, ErrFormat, "PAK of %d bytes is shorter than its 8-byte head", pakSize)
	}
	rd := &Reader{}
	if err := rd.init(io.NewSectionReader(pak, 0, pakSize), 0, io.NewSectionReader(man, 0, manSize), 0, o); err != nil {
		return nil, err
	}
	return rd, nil
}

func (r *Reader) init(data *io.SectionReader, dataOff int64, man *io.SectionReader, manOff int64, o Options) error {
	r.data, r.dataOff, r.man, r.manOff = data, dataOff, man, manOff
	var head [8]byte
	if _, err := data.ReadAt(head[:], 0); err != nil {
		return formatErr("", dataOff, ErrFormat, "data section head: %v", err)
	}
	r.MaxCompressedBlockSize = binary.LittleEndian.Uint32(head[:])
	r.RollingHashStored = binary.LittleEndian.Uint32(head[4:])
	if man.Size() > o.MaxManifestSize {
		return formatErr("", manOff, ErrTooLarge, "manifest of %d bytes exceeds the %d-byte cap", man.Size(), o.MaxManifestSize)
	}
	mb, err := r.ManifestBytes()
	if err != nil {
		return err
	}
	m, err := parseManifest(mb, manOff, o.MaxEntries)
	if err != nil {
		return err
	}
	if o.keepManifest {
		r.mb = mb
	}
	r.ManifestVersion, r.MHash, r.Root, r.FileCount = m.version, m.mhash, m.root, m.fileCount
	r.DirRecords, r.Dirs = m.dirRecords, m.dirs
	r.Entries, r.Folders = m.files, m.folders
	setPacked(r.Entries, data.Size())
	r.byPath = make(map[string]int, len(r.Entries))
	for i := range r.Entries {
		if _, dup := r.byPath[r.Entries[i].Path]; !dup { // the game takes the first hit
			r.byPath[r.Entries[i].Path] = i
		}
	}
	return nil
}

// IsPak reports whether this is a DATA.PAK (no header).
func (r *Reader) IsPak() bool { return r.Header == nil }

// DataSection is the data section, offset 0 at its 8-byte head.
func (r *Reader) DataSection() *io.SectionReader {
	return io.NewSectionReader(r.data, 0, r.data.Size())
}

// DataOffset is the data section's absolute offset in its file.
func (r *Reader) DataOffset() int64 { return r.dataOff }

// ManifestBytes reads the whole manifest (small: about 60 bytes a record).
func (r *Reader) ManifestBytes() ([]byte, error) {
	b := make([]byte, r.man.Size())
	if _, err := r.man.ReadAt(b, 0); err != nil && err != io.EOF {
		return nil, formatErr("", r.manOff, ErrFormat, "reading manifest: %v", err)
	}
	return b, nil
}

// RollingHash recomputes the data section's rollingHash (about fifty reads).
func (r *Reader) RollingHash() (uint32, error) {
	return RollingHashAt(r.data, r.data.Size())
}

// Lookup finds the entry with exactly this stored path (the first, if the
// manifest repeats it).
func (r *Reader) Lookup(path string) (*Entry, bool) {
	i, ok := r.byPath[path]
	if !ok {
		return nil, false
	}
	return &r.Entries[i], true
}

// Block is a block's 8-byte head.
type Block struct {
	Offset   int64  // absolute file offset of the head
	Size     uint32 // uncompressed
	Packed   uint32 // compressed; 0 = stored raw
	Payload  int64  // payload length in the file
	Stored   bool
	dataFrom int64 // payload offset within the data section
}

// BlockOf reads and bounds-checks the block an entry points at.
func (r *Reader) BlockOf(e *Entry) (Block, error) {
	n := r.data.Size()
	at := int64(e.Offset)
	abs := r.dataOff + at
	if at < 8 || at+8 > n {
		return Block{}, formatErr(e.Path, abs, ErrFormat, "block offset 0x%X outside the %d-byte data section", at, n)
	}
	var head [8]byte
	if _, err := r.data.ReadAt(head[:], at); err != nil {
		return Block{}, formatErr(e.Path, abs, ErrFormat, "block head: %v", err)
	}
	b := Block{Offset: abs, Size: binary.LittleEndian.Uint32(head[:]), Packed: binary.LittleEndian.Uint32(head[4:]), dataFrom: at + 8}
	b.Stored = b.Packed == 0
	b.Payload = int64(b.Packed)
	if b.Stored {
		b.Payload = int64(b.Size)
	}
	if b.Size != e.Size {
		return b, formatErr(e.Path, abs, ErrFormat, "block holds %d bytes, manifest says %d", b.Size, e.Size)
	}
	if at+8+b.Payload > n {
		return b, formatErr(e.Path, abs, ErrFormat, "block of %d bytes runs past the data section (%d bytes)", b.Payload, n)
	}
	return b, nil
}

// RawBlock returns the block head and a reader over its payload as stored
// (zlib stream or raw bytes), for copying without recompressing.
func (r *Reader) RawBlock(e *Entry) (Block, *io.SectionReader, error) {
	b, err := r.BlockOf(e)
	if err != nil {
		return b, nil, err
	}
	return b, io.NewSectionReader(r.data, b.dataFrom, b.Payload), nil
}

var zlibPool sync.Pool // of io.ReadCloser implementing zlib.Resetter

// Open returns a reader over the entry's uncompressed bytes. It checks the
// size and CRC-32 when it reaches the end and then returns an error
// wrapping ErrChecksum or ErrFormat instead of io.EOF.
func (r *Reader) Open(e *Entry) (io.ReadCloser, error) {
	b, raw, err := r.RawBlock(e)
	if err != nil {
		return nil, err
	}
	er := &entryReader{e: e, off: b.Offset, want: int64(b.Size), crc: crc32.NewIEEE()}
	if b.Stored {
		er.src = raw
		return er, nil
	}
	if z, ok := zlibPool.Get().(io.ReadCloser); ok {
		if err := z.(zlib.Resetter).Reset(raw, nil); err != nil {
			zlibPool.Put(z)
			return nil, formatErr(e.Path, b.Offset, ErrFormat, "zlib header: %v", err)
		}
		er.z = z
	} else {
		z, err := zlib.NewReader(raw)
		if err != nil {
			return nil, formatErr(e.Path, b.Offset, ErrFormat, "zlib header: %v", err)
		}
		er.z = z
	}
	er.src = er.z
	return er, nil
}

// ReadEntry reads a whole entry into memory; max caps the size (0 = no cap).
func (r *Reader) ReadEntry(e *Entry, max int64) ([]byte, error) {
	if max > 0 && int64(e.Size) > max {
		return nil, formatErr(e.Path, -1, ErrTooLarge, "entry of %d bytes exceeds the %d-byte cap", e.Size, max)
	}
	rc, err := r.Open(e)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	buf := make([]byte, e.Size)
	if _, err := io.ReadFull(rc, buf); err != nil {
		return nil, err
	}
	// Reach EOF so the size and CRC are checked.
	var one [1]byte
	if n, err := rc.Read(one[:]); n != 0 || err != io.EOF {
		if err == nil || err == io.EOF {
			err = formatErr(e.Path, -1, ErrFormat, "entry longer than its stated %d bytes", e.Size)
		}
		return nil, err
	}
	return buf, nil
}

type entryReader struct {
	e    *Entry
	off  int64
	src  io.Reader
	z    io.ReadCloser
	crc  hash.Hash32
	n    int64
	want int64
	err  error
}

func (er *entryReader) Read(p []byte) (int, error) {
	if er.err != nil {
		return 0, er.err
	}
	// Never hand out more than the stated size; read one byte past it to
	// detect a stream that runs long.
	if rem := er.want - er.n; int64(len(p)) > rem+1 {
		p = p[:rem+1]
	}
	n, err := er.src.Read(p)
	er.n += int64(n)
	if er.n > er.want {
		er.err = formatErr(er.e.Path, er.off, ErrFormat, "block inflates past its stated %d bytes", er.want)
		return 0, er.err
	}
	er.crc.Write(p[:n])
	switch {
	case err == io.EOF:
		if er.n != er.want {
			er.err = formatErr(er.e.Path, er.off, ErrFormat, "block ends after %d of %d bytes", er.n, er.want)
		} else if got := er.crc.Sum32(); got != er.e.CRC32 {
			er.err = &HashError{Field: "crc32", Entry: er.e.Path, Offset: er.off, Stored: uint64(er.e.CRC32), Computed: uint64(got)}
		} else {
			er.err = io.EOF
		}
		if er.err != io.EOF && n > 0 {
			return n, nil // deliver the bytes; the error comes with the next call
		}
		return n, er.err
	case err != nil:
		if er.z != nil {
			er.err = formatErr(er.e.Path, er.off, ErrFormat, "inflate: %v", err)
		} else {
			er.err = formatErr(er.e.Path, er.off, ErrFormat, "read: %v", err)
		}
		if n > 0 {
			return n, nil
		}
		return 0, er.err
	}
	return n, nil
}

func (er *entryReader) Close() error {
	if er.z != nil {
		z := er.z
		er.z = nil
		er.src = nil
		// Only a stream that reached its end is clean enough to reuse.
		if er.err == io.EOF {
			zlibPool.Put(z)
		}
	}
	if er.err == nil {
		er.err = io.ErrClosedPipe
	}
	return nil
}

// BlockOrder returns entry indices sorted by block offset (manifest order
// for ties): GUTS does not write blocks in manifest order, and copying in
// this order reproduces its data section.
func (r *Reader) BlockOrder() []int {
	idx := make([]int, len(r.Entries))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return r.Entries[idx[a]].Offset < r.Entries[idx[b]].Offset })
	return idx
}
