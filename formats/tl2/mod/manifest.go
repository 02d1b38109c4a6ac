package mod

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
)

// Entry is one manifest record with its directory joined on.
type Entry struct {
	Path     string   // directory + name, as stored: "MEDIA/UNITS/FOO.DAT"
	Type     FileType // manifest type code
	CRC32    uint32   // IEEE CRC-32 of the uncompressed bytes
	Offset   uint32   // of the block, relative to the data section
	Size     uint32   // uncompressed size
	FileTime uint64   // source mtime as a Windows FILETIME; never checked
	// Packed is the space the block's payload takes (excluding its 8-byte
	// head), derived from the gap to the next block's offset; -1 when the
	// offset is outside the data section.
	Packed int64
	// Index is the record's position in the manifest (files and folders
	// counted together, in stored order).
	Index int
}

// Name is the last element of the path.
func (e *Entry) Name() string {
	p := strings.TrimSuffix(e.Path, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return e.Path[i+1:]
	}
	return e.Path
}

// Dir is the directory part of the path, with its trailing slash.
func (e *Entry) Dir() string { return e.Path[:len(e.Path)-len(e.Name())] }

// manifest is a parsed manifest (DATA.PAK.MAN, or the tail of a .MOD).
type manifest struct {
	version    uint16
	mhash      uint32
	root       string
	fileCount  uint32
	dirRecords int      // directory records as stored (GUTS repeats paths)
	dirs       []string // unique directory paths, first-seen order
	files      []Entry
	folders    []Entry // type-7 placeholders, merged by path
}

// Smallest encodings, to reject counts a buffer cannot hold before
// allocating for them.
const (
	minDirBytes    = 2 + 4
	minRecordBytes = 4 + 1 + 2 + 4 + 4 + 8
)

// parseManifest decodes manifest bytes; base is their absolute offset.
func parseManifest(b []byte, base int64, maxEntries int) (*manifest, error) {
	d := &dec{b: b, base: base, what: "manifest"}
	m := &manifest{}
	m.version = d.u16("version")
	if m.version >= 2 {
		m.mhash = d.u32("mhash")
	}
	m.root = d.ss("root")
	m.fileCount = d.u32("fileCount")
	nd := d.u32("dirCount")
	if d.err != nil {
		return nil, d.err
	}
	if int64(nd)*minDirBytes > int64(d.left()) {
		return nil, formatErr("", base+int64(d.off), ErrFormat, "manifest: %d directories cannot fit in %d bytes", nd, d.left())
	}
	m.dirRecords = int(nd)
	// fileCount is only a hint, so trust it no further than the bytes allow.
	if hint := min(int(m.fileCount), d.left()/minRecordBytes, maxEntries); hint > 0 {
		m.files = make([]Entry, 0, hint)
	}
	seenDir := make(map[string]bool)
	seenFolder := make(map[string]bool)
	index := 0
	var pathBuf []byte // dir + name, decoded in place: one allocation per entry
	for i := 0; i < int(nd); i++ {
		dir := d.ss("directory path")
		nr := d.u32("record count")
		if d.err != nil {
			return nil, d.err
		}
		if int64(nr)*minRecordBytes > int64(d.left()) {
			return nil, formatErr(dir, base+int64(d.off), ErrFormat, "manifest: %d records cannot fit in %d bytes", nr, d.left())
		}
		if len(m.files)+len(m.folders)+int(nr) > maxEntries {
			return nil, formatErr(dir, base+int64(d.off), ErrTooLarge, "manifest: more than %d records", maxEntries)
		}
		if !seenDir[dir] {
			seenDir[dir] = true
			m.dirs = append(m.dirs, dir)
		}
		for j := 0; j < int(nr); j++ {
			var e Entry
			e.CRC32 = d.u32("crc32")
			e.Type = FileType(d.u8("type"))
			pathBuf = d.ssAppend(append(pathBuf[:0], dir...), "name")
			e.Offset = d.u32("offset")
			e.Size = d.u32("size")
			e.FileTime = d.u64("filetime")
			if d.err != nil {
				return nil, d.err
			}
			e.Path = string(pathBuf)
			e.Index = index
			index++
			if e.Type == TypeFolder {
				// GUTS lists each directory twice; placeholders merge by path.
				if !seenFolder[e.Path] {
					seenFolder[e.Path] = true
					m.folders = append(m.folders, e)
				}
				continue
			}
			m.files = append(m.files, e)
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	return m, nil
}

// setPacked fills Entry.Packed from the gaps between block offsets.
func setPacked(files []Entry, dataLen int64) {
	offs := make([]int64, 0, len(files))
	for i := range files {
		offs = append(offs, int64(files[i].Offset))
	}
	sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
	for i := range files {
		o := int64(files[i].Offset)
		if o < 8 || o+8 > dataLen {
			files[i].Packed = -1
			continue
		}
		k := sort.Search(len(offs), func(j int) bool { return offs[j] > o })
		end := dataLen
		if k < len(offs) {
			end = offs[k]
		}
		files[i].Packed = end - o - 8
	}
}

// manRecord is one record the writer puts in the manifest.
type manRecord struct {
	name     string // within its directory; folders end in '/'
	typ      FileType
	crc      uint32
	offset   uint32
	size     uint32
	filetime uint64
	order    int // position within the directory
	seq      int // tie-breaker: add order

	// Writer only: the block as written, for VerifyWritten.
	packed     uint32 // the head's compressed-size field (0 = stored)
	payloadCRC uint32 // CRC-32 of the payload bytes after the head
}

// buildManifest lays out directory records the way GUTS does (tl2-notes
// §2.4): for a .MOD, first "" holding the MEDIA/ placeholder (a PAK starts
// right at MEDIA/); then every directory that holds files, sorted by path,
// listing only its files; then every directory that has subdirectories,
// sorted by path, listing only type-7 placeholders for its children.
// recs are the writer's records, names full paths; they are listed as
// they are, not copied (two copies of 37,000 records were 8 MB of fresh
// memory on the write stage's one goroutine).
func buildManifest(recs []*manRecord, mhashStep int, fileCount uint32, pak bool) ([]byte, error) {
	t := &manTree{files: map[string][]*manRecord{}, subdirs: map[string]map[string]bool{}}
	for _, r := range recs {
		dir := r.name[:strings.LastIndexByte(r.name, '/')+1]
		t.files[dir] = append(t.files[dir], r)
		t.addDir(dir)
	}
	return encodeManifest(t.dirRecords(pak), mhashStep, fileCount)
}

// listedName is the name a directory record lists r under: a folder's
// own ("UNITS/"), a file's after its folder's path.
func (r *manRecord) listedName() string {
	if r.typ == TypeFolder {
		return r.name
	}
	return r.name[strings.LastIndexByte(r.name, '/')+1:]
}

// manTree is the folders of a manifest being built: each one's files, each
// one's subfolders, and the top-level folders.
type manTree struct {
	files   map[string][]*manRecord
	subdirs map[string]map[string]bool
	tops    []string
}

// manDir is one directory record: its path and its records.
type manDir struct {
	path string
	recs []*manRecord
}

// addDir registers dir (ending in '/') with its parent, up to the root.
func (t *manTree) addDir(dir string) {
	for dir != "" {
		trim := strings.TrimSuffix(dir, "/")
		parent := ""
		if i := strings.LastIndexByte(trim, '/'); i >= 0 {
			parent = trim[:i+1]
		}
		child := dir[len(parent):]
		if parent == "" {
			found := false
			for _, top := range t.tops {
				if top == child {
					found = true
				}
			}
			if !found {
				t.tops = append(t.tops, child)
			}
			return
		}
		if t.subdirs[parent] == nil {
			t.subdirs[parent] = map[string]bool{}
		}
		if t.subdirs[parent][child] {
			return
		}
		t.subdirs[parent][child] = true
		dir = parent
	}
}

// dirRecords orders the directory records as GUTS does: the root's (for
// a .MOD), the folders holding files, then the folders holding folders.
func (t *manTree) dirRecords(pak bool) []manDir {
	files := t.files
	var out []manDir
	if !pak || files[""] != nil {
		var rs []*manRecord
		sort.Strings(t.tops)
		for _, top := range t.tops {
			rs = append(rs, &manRecord{name: top, typ: TypeFolder})
		}
		if !pak {
			out = append(out, manDir{"", rs})
		}
		if files[""] != nil {
			// Files outside any folder: unusual, but keep them.
			out = append(out, manDir{"", files[""]})
		}
	}
	fileDirs := make([]string, 0, len(files))
	for d := range files {
		if d != "" {
			fileDirs = append(fileDirs, d)
		}
	}
	sort.Slice(fileDirs, func(i, j int) bool { return lessUTF16(fileDirs[i], fileDirs[j]) })
	for _, d := range fileDirs {
		rs := files[d]
		sort.SliceStable(rs, func(i, j int) bool {
			if rs[i].order != rs[j].order {
				return rs[i].order < rs[j].order
			}
			return rs[i].seq < rs[j].seq
		})
		out = append(out, manDir{d, rs})
	}
	parentDirs := make([]string, 0, len(t.subdirs))
	for d := range t.subdirs {
		parentDirs = append(parentDirs, d)
	}
	sort.Slice(parentDirs, func(i, j int) bool { return lessUTF16(parentDirs[i], parentDirs[j]) })
	for _, d := range parentDirs {
		names := make([]string, 0, len(t.subdirs[d]))
		for c := range t.subdirs[d] {
			names = append(names, c)
		}
		sort.Slice(names, func(i, j int) bool { return lessUTF16(names[i], names[j]) })
		rs := make([]*manRecord, len(names))
		for i, c := range names {
			rs[i] = &manRecord{name: c, typ: TypeFolder}
		}
		out = append(out, manDir{d, rs})
	}
	return out
}

// encodeManifest writes the manifest bytes (tl2-notes §2.4): version,
// mhash, "MEDIA/", file count (the records' when 0), then each directory
// record; the mhash is filled last.
func encodeManifest(out []manDir, mhashStep int, fileCount uint32) ([]byte, error) {
	total := 0
	for _, d := range out {
		total += len(d.recs)
	}
	if fileCount == 0 {
		fileCount = uint32(total)
	}
	le := binary.LittleEndian
	b := make([]byte, 0, 64+total*64)
	b = le.AppendUint16(b, 2)
	b = le.AppendUint32(b, 0) // mhash, filled below
	b = appendSS(b, "MEDIA/")
	b = le.AppendUint32(b, fileCount)
	b = le.AppendUint32(b, uint32(len(out)))
	for _, d := range out {
		if utf16Len(d.path) > 0xFFFF {
			return nil, fmt.Errorf("%w: directory path %q longer than 65535 UTF-16 units", ErrTooLarge, d.path)
		}
		b = appendSS(b, d.path)
		b = le.AppendUint32(b, uint32(len(d.recs)))
		for _, r := range d.recs {
			name := r.listedName()
			if utf16Len(name) > 0xFFFF {
				return nil, fmt.Errorf("%w: name %q longer than 65535 UTF-16 units", ErrTooLarge, name)
			}
			b = le.AppendUint32(b, r.crc)
			b = append(b, byte(r.typ))
			b = appendSS(b, name)
			b = le.AppendUint32(b, r.offset)
			b = le.AppendUint32(b, r.size)
			b = le.AppendUint64(b, r.filetime)
		}
	}
	// Offsets 2..5 (the field itself) are never sampled for a step >= 6,
	// so the hash of the finished bytes is stable once written.
	if mhashStep >= 6 {
		le.PutUint32(b[2:], MHash(b, mhashStep))
	}
	return b, nil
}

// lessUTF16 orders strings by UTF-16 code units, as GUTS' std::map<wstring>.
func lessUTF16(a, b string) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < 0x80 && b[i] < 0x80 {
				return a[i] < b[i]
			}
			return compareUTF16(a, b) < 0
		}
	}
	return len(a) < len(b)
}

func compareUTF16(a, b string) int {
	ua, _ := encodeUTF16(nil, a)
	ub, _ := encodeUTF16(nil, b)
	for i := 0; i+1 < len(ua) && i+1 < len(ub); i += 2 {
		x, y := binary.LittleEndian.Uint16(ua[i:]), binary.LittleEndian.Uint16(ub[i:])
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return len(ua) - len(ub)
}
