// Package reborndrv opens Tactics Ogre: Reborn ".dat" files: RotXor (or
// "XOR with key 1") around a one-member ZIP around (usually) a pakd
// archive of numbered entries, or a raw pakd, or an MLZ0-wrapped payload;
// and a game's Data/ folder through its FileTable.bin (folder.go).
//
// Memory stays bounded: RotXor and XOR-with-key-1 are removed on the fly
// (rotxor.Reader), the ZIP member is inflated once into memory when small
// and into a temporary file when not (MemPayload), and entries are read
// from there when opened. Only an MLZ0 layer (LZ4 blocks decode whole) is
// held in memory, under the decoded-bytes cap. Every pack header is checked
// against a per-file cap on entries before its tables are read.
package reborndrv

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/sys/scratch"
	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
)

func init() { archive.Register(Driver{}) }

// Family is the driver name.
const Family = "reborn-dat"

// Caps, per file. The game's own files hold at most a few hundred entries
// and tens of MB; these leave room for mods while refusing files built to
// exhaust memory.
const (
	DefaultMaxEntries = 65536   // entries in all packs of one file
	DefaultMaxDecoded = 2 << 30 // bytes inflated or LZ4-decoded for one file
	DefaultMaxAlloc   = 1 << 30 // one allocation (an MLZ0 layer or entry)
	MemPayload        = 8 << 20 // inflated payloads up to this stay in memory
)

// ErrCap is wrapped by the errors a cap gives.
var ErrCap = errors.New("over a Reborn safety cap")

// maxDepth caps pack nesting.
const maxDepth = 16

// Limits are the caps used when opening; zero fields take the defaults.
type Limits struct {
	MaxEntries int
	MaxDecoded int64
	MaxAlloc   int64
	Budget     *limits.Budget // what decoding takes from; nil: a DefaultMB one of the archive's own, which its layers and entries share
}

func (l Limits) fill() Limits {
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultMaxEntries
	}
	if l.MaxDecoded <= 0 {
		l.MaxDecoded = DefaultMaxDecoded
	}
	if l.MaxAlloc <= 0 {
		l.MaxAlloc = DefaultMaxAlloc
	}
	if l.Budget == nil {
		l.Budget, _ = limits.NewBudget(0)
	}
	return l
}

// Driver is the archive.Driver for Reborn .dat files.
type Driver struct{}

func (Driver) Name() string { return Family }

var zipSig = []byte("PK\x03\x04")

// Detect accepts a raw pakd, an MLZ0 wrapper, anything whose first bytes
// deobfuscate to a ZIP local header, and a file whose first word XORed
// with a key-1 word shows a known magic (rotxor.DetectXor1).
func (Driver) Detect(name string, head []byte) bool {
	if strings.EqualFold(filepath.Base(name), "FileTable.bin") {
		return false // the Data/ folder driver's
	}
	if pakd.Is(head) || mlz0.Is(head) {
		return true
	}
	if bytes.Equal(rotxor.DecryptHead(head, 4), zipSig) {
		return true
	}
	if bytes.HasPrefix(head, zipSig) {
		return false // a plain ZIP is the zip family's
	}
	_, ok := rotxor.DetectXor1(head)
	return ok
}

// Layer is one wrapping, outermost first.
type Layer struct {
	Kind  string `json:"kind"`           // rotxor, xor1, zip, mlz0, pakd
	Name  string `json:"name,omitempty"` // the ZIP member name
	Size  int64  `json:"size"`           // bytes inside this layer once removed
	Start *int   `json:"startWord,omitempty"`
	// RebuildsIdentically: an unchanged rebuild gives this layer's bytes
	// back byte for byte (the original bytes are kept).
	RebuildsIdentically bool `json:"rebuildsIdentically"`
	// Reencodes says whether encoding this layer again after an edit below
	// it would give the original bytes: "identical", "differs", or why it
	// was not checked.
	Reencodes string `json:"reencodes"`
}

func (l Layer) String() string {
	if l.Name != "" {
		return l.Kind + "(" + l.Name + ")"
	}
	return l.Kind
}

// node is one pakd entry; pack is set when it is a readable nested pack.
type node struct {
	path   string
	index  int
	id     uint32
	offset int64 // in the payload
	size   int64 // stored bytes
	kind   string
	bad    error // a pakd entry whose header did not read, an MLZ0 over a cap
	pack   *pack
	parent *pack
}

type pack struct {
	prefix    string // "" for the root, "#2/" for a nested pack
	base      int64  // offset in the payload
	span      int64  // bytes of its entry (pack_size plus trailing)
	packSize  int64
	hasIDs    bool
	items     []*node
	identical bool // BuildHeader reproduces its header
}

// Archive is an opened .dat.
type Archive struct {
	path     string
	fileSize int64
	layers   []Layer
	member   onezip.Member
	zipCRC   uint32 // computed over the member's inflated bytes
	hasZip   bool
	zipSrc   io.ReaderAt // the plain ZIP
	zipOnce  sync.Once
	zipRe    string // Layer.Reencodes of the ZIP layer, computed once
	xorStart int
	mlz0Src  int64 // size of the whole-payload MLZ0 layer's input

	file    *os.File // the .dat (nil for openBytes)
	src     io.ReaderAt
	payload io.ReaderAt
	paySize int64
	spill   *os.File // temporary file holding the inflated payload

	root         *pack
	packs        map[string]*pack
	single       *node
	entries      []archive.Entry
	byPath       map[string]*node
	lim          Limits
	count        int // entries read so far (the cap)
	decodedBytes int64
	releases     []func() // the memory budget held while open (lim.Budget.Take)
}

func (Driver) Open(p string, opts archive.OpenOptions) (archive.Archive, error) {
	return OpenLimits(p, Limits{MaxAlloc: opts.MaxAlloc, Budget: opts.Budget})
}

// OpenLimits opens a .dat with the given caps.
func OpenLimits(p string, lim Limits) (*Archive, error) {
	// What a killed run left: a save between this .dat and its table
	// record, temporary files beside it, payloads in the temp folder.
	finishNear(p)
	if abs, err := filepath.Abs(p); err == nil {
		sweepDir(filepath.Dir(abs))
	}
	scratch.CleanStale()
	f, err := safefile.OpenShared(p)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	a, err := openReader(p, f, st.Size(), lim)
	if err != nil {
		f.Close()
		return nil, err
	}
	a.file = f
	return a, nil
}

func openReader(p string, r io.ReaderAt, size int64, lim Limits) (_ *Archive, err error) {
	a := &Archive{path: p, fileSize: size, src: r, lim: lim.fill(), byPath: map[string]*node{}, packs: map[string]*pack{}}
	defer func() {
		if err != nil {
			a.removeSpill()
		}
	}()
	fail := func(off int64, err error) (*Archive, error) {
		return nil, &archive.EntryError{Archive: p, Offset: off, Err: err}
	}
	head := make([]byte, min(size, 16))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	cur, curSize := r, size
	switch {
	case pakd.Is(head) || mlz0.Is(head):
	case bytes.Equal(rotxor.DecryptHead(head, 4), zipSig) && size > 4:
		d, err := rotxor.NewReader(r, size)
		if err != nil {
			return fail(0, err)
		}
		cur = d
		a.layers = append(a.layers, Layer{Kind: "rotxor", Size: size, RebuildsIdentically: true, Reencodes: "identical"})
	default:
		s, ok := rotxor.DetectXor1(head)
		if !ok {
			return fail(0, fmt.Errorf("%w: not RotXor+ZIP, XOR with key 1, pakd or MLZ0", archive.ErrUnknownFormat))
		}
		a.xorStart = s
		cur = rotxor.Xor1Reader{R: r, N: size, Start: s}
		a.layers = append(a.layers, Layer{Kind: "xor1", Size: size, Start: &a.xorStart, RebuildsIdentically: true, Reencodes: "identical"})
	}
	if _, err := cur.ReadAt(head[:min(4, len(head))], 0); err != nil && !errors.Is(err, io.EOF) {
		return fail(0, err)
	}
	if bytes.HasPrefix(head, zipSig) {
		if cur, curSize, err = a.inflate(cur, curSize); err != nil {
			return fail(-1, fmt.Errorf("zip layer: %w", err))
		}
	}
	if _, err := cur.ReadAt(head[:min(4, curSize)], 0); err != nil && !errors.Is(err, io.EOF) {
		return fail(0, err)
	}
	if mlz0.Is(head[:min(4, curSize)]) {
		if cur, curSize, err = a.unMLZ0(cur, curSize); err != nil {
			return fail(-1, err)
		}
	}
	a.payload, a.paySize = cur, curSize
	if _, err := cur.ReadAt(head[:min(4, curSize)], 0); err != nil && !errors.Is(err, io.EOF) {
		return fail(0, err)
	}
	if !pakd.Is(head[:min(4, curSize)]) {
		name := a.member.Name
		if name == "" {
			name = "payload"
		}
		n := &node{path: name, size: curSize, kind: pakd.DetectKind(head[:min(4, curSize)])}
		a.single = n
		a.byPath[n.path] = n
		a.entries = append(a.entries, a.entry(n))
		return a, nil
	}
	a.layers = append(a.layers, Layer{Kind: "pakd", Size: curSize, RebuildsIdentically: true})
	root, err := a.readPack(0, curSize, "", 0, nil)
	if err != nil {
		return fail(-1, err)
	}
	a.root = root
	a.layers[len(a.layers)-1].Reencodes = a.packReencodes()
	a.list(root)
	return a, nil
}

// inflate removes the ZIP layer: the member is inflated once, into memory
// when small, else into a temporary file, and its CRC-32 computed on the
// way (over the member's bytes, as the ZIP defines it).
func (a *Archive) inflate(r io.ReaderAt, size int64) (io.ReaderAt, int64, error) {
	m, err := onezip.ParseAt(r, size)
	if err != nil {
		return nil, 0, err
	}
	if m.Members > 1 {
		return nil, 0, fmt.Errorf("%w: %d members, the layer holds one (offset 0x0)", onezip.ErrFormat, m.Members)
	}
	if m.Size > a.lim.MaxDecoded {
		return nil, 0, fmt.Errorf("%w: member %q says %d bytes, over the %d-byte cap on decoded bytes per file (offset 0x16)", ErrCap, m.Name, m.Size, a.lim.MaxDecoded)
	}
	a.member, a.hasZip = m, true
	rc := m.Open(r)
	defer rc.Close()
	h := crc32.NewIEEE()
	src := io.TeeReader(io.LimitReader(rc, m.Size+1), h)
	var out io.ReaderAt
	var n int64
	if m.Size <= MemPayload {
		b, err := io.ReadAll(src)
		if err != nil {
			return nil, 0, fmt.Errorf("%w: inflating %q: %v (offset 0x%X)", onezip.ErrFormat, m.Name, err, m.Offset)
		}
		out, n = bytes.NewReader(b), int64(len(b))
	} else {
		f, err := scratch.CreateTemp("reborn", ".payload") // named for scratch.CleanStale
		if err != nil {
			return nil, 0, err
		}
		a.spill = f
		if n, err = io.CopyBuffer(f, src, make([]byte, 256<<10)); err != nil {
			return nil, 0, fmt.Errorf("%w: inflating %q: %v (offset 0x%X)", onezip.ErrFormat, m.Name, err, m.Offset)
		}
		out = f
	}
	if n != m.Size {
		return nil, 0, fmt.Errorf("%w: member %q inflates to %d bytes, its header says %d (offset 0x16)", onezip.ErrFormat, m.Name, n, m.Size)
	}
	a.decodedBytes += n
	a.zipCRC = h.Sum32()
	a.zipSrc = r
	a.layers = append(a.layers, Layer{Kind: "zip", Name: m.Name, Size: n, RebuildsIdentically: true})
	return out, n, nil
}

// zipReencodes says whether DEFLATE level 9 (what an edit writes) gives the
// member's stored stream back.
func (a *Archive) zipReencodes(r, payload io.ReaderAt, n int64) string {
	var mf bytes.Buffer
	w := &seekBuf{b: &mf}
	m, err := onezip.WriteMember(w, &a.member, a.member.Name, io.NewSectionReader(payload, 0, n))
	if err != nil {
		return "not checked: " + err.Error()
	}
	if m.Packed != a.member.Packed {
		return fmt.Sprintf("differs: the DEFLATE stream was made by another compressor (%d bytes, level 9 here gives %d); the game reads any valid stream", a.member.Packed, m.Packed)
	}
	orig := make([]byte, a.member.Packed)
	if _, err := r.ReadAt(orig, a.member.Offset); err != nil {
		return "not checked: " + err.Error()
	}
	if !bytes.Equal(orig, mf.Bytes()[m.Offset:m.Offset+m.Packed]) {
		return "differs: same length, other DEFLATE choices; the game reads any valid stream"
	}
	return "identical"
}

// unMLZ0 removes a whole-payload MLZ0 layer (held in memory: LZ4 blocks
// decode whole).
func (a *Archive) unMLZ0(r io.ReaderAt, size int64) (io.ReaderAt, int64, error) {
	if size > a.lim.MaxAlloc {
		return nil, 0, fmt.Errorf("%w: MLZ0 layer of %d bytes, over the %d-byte allocation cap", ErrCap, size, a.lim.MaxAlloc)
	}
	var hdr [8]byte
	if _, err := r.ReadAt(hdr[:], 0); err != nil {
		return nil, 0, fmt.Errorf("%w: %v (offset 0x0)", mlz0.ErrFormat, err)
	}
	n, err := mlz0.Size(hdr[:])
	if err != nil {
		return nil, 0, err
	}
	if a.decodedBytes+n > a.lim.MaxDecoded {
		return nil, 0, fmt.Errorf("%w: MLZ0 layer says %d bytes, over the %d-byte cap on decoded bytes per file (offset 0x4)", ErrCap, n, a.lim.MaxDecoded)
	}
	if lim := mlz0.MaxOutput(size - mlz0.HeaderSize); n > lim {
		return nil, 0, fmt.Errorf("%w: header claims %d bytes from a %d-byte LZ4 block, which can give at most %d (offset 0x4)", mlz0.ErrFormat, n, size-mlz0.HeaderSize, lim)
	}
	// The layer's bytes and what they decode to stay in memory while the
	// archive is open: the command's budget holds them until Close.
	release, err := a.lim.Budget.Take("its MLZ0 layer", size+n)
	if err != nil {
		return nil, 0, fmt.Errorf("MLZ0 layer of %d bytes decoding to %d: %w (%s)", size, n, err, limits.Hint)
	}
	a.releases = append(a.releases, release)
	in := make([]byte, size)
	if _, err := r.ReadAt(in, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, 0, err
	}
	out, err := mlz0.Decode(in, a.lim.MaxAlloc)
	if err != nil {
		return nil, 0, err
	}
	a.decodedBytes += int64(len(out))
	a.mlz0Src = size
	re := "differs: LZ4 blocks are re-made by pierrec/lz4's compressor"
	if bytes.Equal(mlz0.Encode(out), in) {
		re = "identical"
	}
	a.layers = append(a.layers, Layer{Kind: "mlz0", Size: int64(len(out)), RebuildsIdentically: true, Reencodes: re})
	return bytes.NewReader(out), int64(len(out)), nil
}

func (a *Archive) packReencodes() string {
	bad := 0
	for _, p := range a.packs {
		if !p.identical {
			bad++
		}
	}
	if bad == 0 {
		return "identical"
	}
	return fmt.Sprintf("differs: %d of %d pack headers are not laid out the way a rebuild writes them (an edited pack's header is rewritten)", bad, len(a.packs))
}

// readPack reads the pack at base (span bytes) and its nested packs. The
// entry cap is checked from the count word before any table is read.
func (a *Archive) readPack(base, span int64, prefix string, depth int, at *node) (*pack, error) {
	var hdr [8]byte
	if span >= 8 {
		if _, err := a.payload.ReadAt(hdr[:], base); err != nil {
			return nil, fmt.Errorf("pakd: reading the header: %v (offset 0x%X)", err, base)
		}
	}
	claim := int64(binary.LittleEndian.Uint32(hdr[4:]))
	if left := int64(a.lim.MaxEntries - a.count); claim > left {
		where := "the pack"
		if at != nil {
			where = "nested pack " + at.path
		}
		return nil, fmt.Errorf("%w: %s claims %d entries; with the %d read before it that is over the cap of %d entries per file (offset 0x%X)",
			ErrCap, where, claim, a.count, a.lim.MaxEntries, base+4)
	}
	r, err := pakd.NewReader(io.NewSectionReader(a.payload, base, span), span, pakd.Options{MaxEntries: a.lim.MaxEntries})
	if err != nil {
		return nil, err
	}
	a.count += len(r.Entries)
	pk := &pack{prefix: prefix, base: base, span: span, packSize: r.PackSize, hasIDs: r.HasIDs}
	a.packs[prefix] = pk
	sizes := make([]int64, len(r.Entries))
	ids := make([]uint32, len(r.Entries))
	var head [8]byte
	for i, e := range r.Entries {
		n := &node{path: prefix + fmt.Sprintf("#%d", e.Index), index: e.Index, id: e.ID, offset: base + e.Offset, size: e.Size, parent: pk}
		sizes[i], ids[i] = e.Size, e.ID
		h := head[:min(8, e.Size)]
		if _, err := a.payload.ReadAt(h, n.offset); err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("pakd: entry %s: %v (offset 0x%X)", n.path, err, n.offset)
		}
		n.kind = pakd.DetectKind(h)
		switch n.kind {
		case "pakd":
			if depth+1 >= maxDepth {
				n.bad = fmt.Errorf("packs nested deeper than %d", maxDepth)
			} else if sub, err := a.readPack(n.offset, n.size, n.path+"/", depth+1, n); errors.Is(err, ErrCap) {
				return nil, err
			} else if err != nil {
				n.bad = err
			} else {
				n.pack = sub
			}
		case "mlz0":
			if s, err := mlz0.Size(h); err != nil {
				n.bad = err
			} else if lim := mlz0.MaxOutput(n.size - mlz0.HeaderSize); s > lim {
				n.bad = fmt.Errorf("%w: header claims %d bytes from a %d-byte LZ4 block, which can give at most %d", mlz0.ErrFormat, s, n.size-mlz0.HeaderSize, lim)
			} else if s > a.lim.MaxAlloc {
				n.bad = fmt.Errorf("%w: MLZ0 entry says %d bytes, over the %d-byte allocation cap", ErrCap, s, a.lim.MaxAlloc)
			}
		}
		pk.items = append(pk.items, n)
	}
	if len(r.Entries) > 0 {
		orig := make([]byte, r.HeaderSize)
		if _, err := a.payload.ReadAt(orig, base); err == nil {
			pk.identical = bytes.Equal(orig, pakd.BuildHeader(sizes, ids))
		}
	} else {
		pk.identical = r.PackSize == pakd.HeaderSize(0, false)
	}
	return pk, nil
}

func (a *Archive) list(pk *pack) {
	for _, n := range pk.items {
		if n.pack != nil && len(n.pack.items) > 0 {
			a.list(n.pack)
			continue
		}
		a.byPath[n.path] = n
		a.entries = append(a.entries, a.entry(n))
	}
}

func (a *Archive) chain(n *node) string {
	var parts []string
	for _, l := range a.layers {
		parts = append(parts, l.String())
	}
	if a.root != nil {
		segs := strings.Split(n.path, "/")
		for i := range segs[:len(segs)-1] {
			parts = append(parts, strings.Join(segs[:i+1], "/")+" pakd")
		}
	}
	return strings.Join(parts, " > ")
}

func (a *Archive) entry(n *node) archive.Entry {
	e := archive.Entry{Path: n.path, Size: n.size, Packed: n.size, Kind: n.kind}
	extra := &EntryExtra{Layers: a.chain(n), Kind: n.kind}
	if a.root != nil {
		index, offset := n.index, n.offset
		extra.Index, extra.Offset = &index, &offset
		if n.id != 0 {
			extra.ID = fmt.Sprintf("0x%08X", n.id)
		}
	}
	if n.kind == "mlz0" && n.bad == nil {
		var h [8]byte
		if _, err := a.payload.ReadAt(h[:], n.offset); err == nil {
			if s, err := mlz0.Size(h[:]); err == nil {
				e.Size = s
			}
		}
	}
	if n.bad != nil {
		extra.Error = n.bad.Error()
	}
	e.Extra = extra
	return e
}

func (a *Archive) Family() string           { return Family }
func (a *Archive) Path() string             { return a.path }
func (a *Archive) Entries() []archive.Entry { return a.entries }

// Capabilities: a pack is rewritten whole; its entries are numbered (#3),
// not named, so nothing renames them.
func (a *Archive) Capabilities() archive.Capabilities {
	return archive.Capabilities{
		Edit:     archive.OpsOf(archive.EditReplace, archive.EditAdd, archive.EditRemove),
		NoRename: "entries of a Reborn pack are numbered, not named: they can be replaced, added as the next #N, or removed, not renamed",
		Rewrite:  a.Rewrite,
		Verify:   a.Verify,
		Info:     a.Info,
	}
}

func (a *Archive) Close() error {
	a.removeSpill()
	for _, r := range a.releases {
		r()
	}
	a.releases = nil
	if a.file != nil {
		return a.file.Close()
	}
	return nil
}

func (a *Archive) removeSpill() {
	if a.spill != nil {
		a.spill.Close()
		os.Remove(a.spill.Name())
		a.spill = nil
	}
}

func (a *Archive) find(entryPath string) (*node, error) {
	// The exact name first, from the map: archive.Find scans every entry,
	// which made opening each of a pack's 65,535 entries quadratic (an
	// extract of 262 KB took 26 s).
	if n, ok := a.byPath[entryPath]; ok {
		return n, nil
	}
	e, ok := archive.Find(a, entryPath)
	if !ok {
		return nil, &archive.EntryError{Archive: a.path, Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	return a.byPath[e.Path], nil
}

// stored returns an entry's stored bytes.
func (a *Archive) stored(n *node) ([]byte, error) {
	if n.size > a.lim.MaxAlloc {
		return nil, &archive.EntryError{Archive: a.path, Entry: n.path, Offset: n.offset,
			Err: fmt.Errorf("%w: %d bytes, over the %d-byte allocation cap", ErrCap, n.size, a.lim.MaxAlloc)}
	}
	b := make([]byte, n.size)
	if _, err := a.payload.ReadAt(b, n.offset); err != nil && !(errors.Is(err, io.EOF) && n.size == 0) {
		return nil, &archive.EntryError{Archive: a.path, Entry: n.path, Offset: n.offset, Err: err}
	}
	return b, nil
}

// decoded returns an entry's bytes with its MLZ0 wrapping removed.
func (a *Archive) decoded(n *node) ([]byte, error) {
	if n.bad != nil && n.kind == "mlz0" {
		return nil, &archive.EntryError{Archive: a.path, Entry: n.path, Offset: n.offset, Err: n.bad}
	}
	b, err := a.stored(n)
	if err != nil || n.kind != "mlz0" {
		return b, err
	}
	// What is left of the command's budget (an extract converting other
	// entries holds its share) caps the decoded bytes.
	if s, err := mlz0.Size(b); err == nil {
		if err := a.lim.Budget.Check("decoding it", n.size+s); err != nil {
			return nil, &archive.EntryError{Archive: a.path, Entry: n.path, Offset: n.offset, Err: fmt.Errorf("%w (%s)", err, limits.Hint)}
		}
	}
	out, err := mlz0.Decode(b, a.lim.MaxAlloc)
	if err != nil {
		return nil, &archive.EntryError{Archive: a.path, Entry: n.path, Offset: n.offset, Err: err}
	}
	return out, nil
}

// Open streams a stored entry from the payload; an MLZ0 entry is decoded.
func (a *Archive) Open(entryPath string) (io.ReadCloser, error) {
	n, err := a.find(entryPath)
	if err != nil {
		return nil, err
	}
	if n.kind != "mlz0" {
		return io.NopCloser(io.NewSectionReader(a.payload, n.offset, n.size)), nil
	}
	b, err := a.decoded(n)
	if err != nil {
		return nil, err
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}

// seekBuf is an io.WriteSeeker over a bytes.Buffer.
type seekBuf struct {
	b   *bytes.Buffer
	pos int64
}

func (s *seekBuf) Write(p []byte) (int, error) {
	buf := s.b.Bytes()
	if end := s.pos + int64(len(p)); end > int64(len(buf)) {
		s.b.Write(make([]byte, end-int64(len(buf))))
		buf = s.b.Bytes()
	}
	copy(buf[s.pos:], p)
	s.pos += int64(len(p))
	return len(p), nil
}

func (s *seekBuf) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += s.pos
	case io.SeekEnd:
		off += int64(s.b.Len())
	}
	s.pos = off
	return off, nil
}
