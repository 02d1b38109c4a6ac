// Package reborndrv opens Tactics Ogre: Reborn ".dat" files: RotXor around
// a one-member ZIP around (usually) a pakd archive of numbered entries, or a
// raw pakd, or an MLZ0-wrapped payload. The whole file is unwrapped on open
// (RotXor needs all of it); pakd headers are read then, nested packs are
// listed as #i/#j, and MLZ0 entries are only decoded when opened.
package reborndrv

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
)

func init() { archive.Register(Driver{}) }

// Family is the driver name.
const Family = "reborn-dat"

// DefaultMaxAlloc caps the file and any decoded layer.
const DefaultMaxAlloc = 1 << 30

// maxDepth caps pack nesting.
const maxDepth = 16

// Driver is the archive.Driver for Reborn .dat files.
type Driver struct{}

func (Driver) Name() string { return Family }

var zipSig = []byte("PK\x03\x04")

// Detect accepts a raw pakd, an MLZ0 wrapper, or anything whose first
// bytes deobfuscate to a ZIP local header.
func (Driver) Detect(name string, head []byte) bool {
	if pakd.Is(head) || mlz0.Is(head) {
		return true
	}
	return bytes.Equal(rotxor.DecryptHead(head, 4), zipSig)
}

// Layer names one wrapping, outermost first.
type Layer struct {
	Kind string `json:"kind"`           // rotxor, zip, mlz0, pakd
	Name string `json:"name,omitempty"` // the ZIP member name
	Size int64  `json:"size"`           // bytes inside this layer once removed
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
	data   []byte
	kind   string
	bad    error // a pakd entry whose header did not read
	pack   *pack
}

type pack struct {
	items     []*node
	trailing  []byte // bytes after pack_size in its span (16 zeros when nested)
	identical bool   // Build(items) reproduces the header and body
}

// Archive is an opened .dat.
type Archive struct {
	path     string
	fileSize int64
	layers   []Layer
	member   onezip.Member
	payload  []byte
	root     *pack // nil when the payload is not a pakd
	single   string
	entries  []archive.Entry
	byPath   map[string]*node
	maxAlloc int64
	packs    int
}

func (Driver) Open(p string, opts archive.OpenOptions) (archive.Archive, error) {
	max := opts.MaxAlloc
	if max <= 0 {
		max = DefaultMaxAlloc
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%s: %d bytes, over the %d-byte cap", p, st.Size(), max)
	}
	data := make([]byte, st.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	a, err := openBytes(p, data, max)
	if err != nil {
		return nil, err
	}
	return a, nil
}

func openBytes(p string, data []byte, max int64) (*Archive, error) {
	a := &Archive{path: p, fileSize: int64(len(data)), maxAlloc: max, byPath: map[string]*node{}}
	fail := func(off int64, err error) (*Archive, error) {
		return nil, &archive.EntryError{Archive: p, Offset: off, Err: err}
	}
	payload := data
	switch {
	case pakd.Is(data):
	case mlz0.Is(data):
	case bytes.Equal(rotxor.DecryptHead(data, 4), zipSig):
		plain := append([]byte(nil), data...)
		rotxor.Decrypt(plain)
		a.layers = append(a.layers, Layer{Kind: "rotxor", Size: int64(len(plain))})
		m, out, err := onezip.Read(plain, max)
		if err != nil {
			return fail(-1, fmt.Errorf("zip layer: %w", err))
		}
		a.member = m
		a.layers = append(a.layers, Layer{Kind: "zip", Name: m.Name, Size: int64(len(out))})
		payload = out
	default:
		return fail(0, fmt.Errorf("%w: not RotXor+ZIP, pakd or MLZ0", archive.ErrUnknownFormat))
	}
	if mlz0.Is(payload) {
		out, err := mlz0.Decode(payload, max)
		if err != nil {
			return fail(-1, err)
		}
		a.layers = append(a.layers, Layer{Kind: "mlz0", Size: int64(len(out))})
		payload = out
	}
	a.payload = payload
	if !pakd.Is(payload) {
		a.single = a.member.Name
		if a.single == "" {
			a.single = "payload"
		}
		n := &node{path: a.single, data: payload, kind: pakd.DetectKind(payload)}
		a.byPath[n.path] = n
		a.entries = append(a.entries, a.entry(n))
		return a, nil
	}
	a.layers = append(a.layers, Layer{Kind: "pakd", Size: int64(len(payload))})
	root, err := a.readPack(payload, 0, "", 0)
	if err != nil {
		return fail(-1, err)
	}
	a.root = root
	a.list(root)
	return a, nil
}

// readPack reads the pack in b (at base in the payload) and its nested packs.
func (a *Archive) readPack(b []byte, base int64, prefix string, depth int) (*pack, error) {
	r, err := pakd.NewReader(bytes.NewReader(b), int64(len(b)), pakd.Options{})
	if err != nil {
		return nil, err
	}
	a.packs++
	pk := &pack{trailing: b[r.PackSize:]}
	for _, e := range r.Entries {
		n := &node{
			path:   prefix + fmt.Sprintf("#%d", e.Index),
			index:  e.Index,
			id:     e.ID,
			offset: base + e.Offset,
			data:   b[e.Offset : e.Offset+e.Size],
		}
		n.kind = pakd.DetectKind(n.data)
		if n.kind == "pakd" {
			if depth+1 >= maxDepth {
				n.bad = fmt.Errorf("packs nested deeper than %d", maxDepth)
			} else if sub, err := a.readPack(n.data, n.offset, n.path+"/", depth+1); err != nil {
				n.bad = err
			} else if len(sub.items) > 0 {
				n.pack = sub
			}
		}
		pk.items = append(pk.items, n)
	}
	pk.identical = bytes.Equal(buildPack(pk, nil), b)
	return pk, nil
}

func (a *Archive) list(pk *pack) {
	for _, n := range pk.items {
		if n.pack != nil {
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
	e := archive.Entry{Path: n.path, Size: int64(len(n.data)), Packed: int64(len(n.data)), Kind: n.kind}
	extra := map[string]any{"layers": a.chain(n), "kind": n.kind}
	if a.root != nil {
		extra["index"] = n.index
		extra["offset"] = n.offset
		if n.id != 0 {
			extra["id"] = fmt.Sprintf("0x%08X", n.id)
		}
	}
	if n.kind == "mlz0" {
		if s, err := mlz0.Size(n.data); err == nil {
			e.Size = s
		}
	}
	if n.bad != nil {
		extra["error"] = n.bad.Error()
	}
	e.Extra = extra
	return e
}

func (a *Archive) Family() string           { return Family }
func (a *Archive) Path() string             { return a.path }
func (a *Archive) Entries() []archive.Entry { return a.entries }
func (a *Archive) Close() error             { return nil }

func (a *Archive) find(entryPath string) (*node, error) {
	e, ok := archive.Find(a, entryPath)
	if !ok {
		return nil, &archive.EntryError{Archive: a.path, Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	return a.byPath[e.Path], nil
}

// decoded returns an entry's bytes with its MLZ0 wrapping removed.
func (a *Archive) decoded(n *node) ([]byte, error) {
	if n.kind != "mlz0" {
		return n.data, nil
	}
	out, err := mlz0.Decode(n.data, a.maxAlloc)
	if err != nil {
		return nil, &archive.EntryError{Archive: a.path, Entry: n.path, Offset: n.offset, Err: err}
	}
	return out, nil
}

func (a *Archive) Open(entryPath string) (io.ReadCloser, error) {
	n, err := a.find(entryPath)
	if err != nil {
		return nil, err
	}
	b, err := a.decoded(n)
	if err != nil {
		return nil, err
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}

// buildPack writes a pack from its (possibly edited) nodes.
// repl holds replacement bytes by node.
func buildPack(pk *pack, repl map[*node][]byte) []byte {
	items := make([]pakd.Item, len(pk.items))
	for i, n := range pk.items {
		d := n.data
		if r, ok := repl[n]; ok {
			d = r
		} else if n.pack != nil {
			d = buildPack(n.pack, repl)
		}
		items[i] = pakd.Item{ID: n.id, Data: d}
	}
	return append(pakd.Build(items), pk.trailing...)
}
