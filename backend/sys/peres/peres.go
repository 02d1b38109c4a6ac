package peres

import (
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"packsmith/formats/utf16"
)

// Resource types the release tests look for.
const (
	RTIcon      = 3
	RTGroupIcon = 14
	RTVersion   = 16
	RTManifest  = 24
)

// Subsystems (IMAGE_SUBSYSTEM_*).
const (
	SubsystemGUI     = 2
	SubsystemConsole = 3
)

// Caps: a real executable's resource tree is small; these keep a damaged
// one from costing much.
const (
	maxEntries  = 4096
	maxResource = 16 << 20
	maxSection  = 64 << 20
)

// Error is a problem in the file at a known place: Offset counts from the
// start of the file. Problems debug/pe finds in the headers come as its
// own errors, which name no offset.
type Error struct {
	Offset int64
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("pe: offset %d: %s", e.Offset, e.Msg) }

// Resource is one leaf of the resource tree.
type Resource struct {
	Type uint32
	ID   uint32 // 0 when the resource has a Name
	Name string
	Lang uint32
	Data []byte
	// Offset is where Data starts in the file.
	Offset int64
}

// File is what Read finds in an executable.
type File struct {
	Machine   uint16
	Is64      bool
	Subsystem uint16
	Resources []Resource
	resDir    int64 // where the resource directory starts in the file (0: none)
}

// Find returns the resources of one type.
func (f *File) Find(typ uint32) []Resource {
	var out []Resource
	for _, r := range f.Resources {
		if r.Type == typ {
			out = append(out, r)
		}
	}
	return out
}

// Read reads the headers and the resource tree of a PE file, of every
// resource type. The program reads only the version (FileVersion); Read is for the
// release checks (internal/distcheck), which look at icons and manifests.
func Read(r io.ReaderAt) (*File, error) { return read(r, 0) }

// read reads the resources of type only (0: of every type); the branches
// of other types are not followed, so their damage does not count.
func read(r io.ReaderAt, only uint32) (*File, error) {
	var mz [2]byte
	if n, _ := r.ReadAt(mz[:], 0); n < 2 || mz != [2]byte{'M', 'Z'} {
		return nil, &Error{0, "not a Windows executable (no MZ signature)"}
	}
	pf, err := pe.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("pe: %w", err)
	}
	defer pf.Close()
	f := &File{Machine: pf.Machine}
	var dir pe.DataDirectory
	switch oh := pf.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		f.Is64, f.Subsystem = true, oh.Subsystem
		if oh.NumberOfRvaAndSizes > pe.IMAGE_DIRECTORY_ENTRY_RESOURCE {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_RESOURCE]
		}
	case *pe.OptionalHeader32:
		f.Subsystem = oh.Subsystem
		if oh.NumberOfRvaAndSizes > pe.IMAGE_DIRECTORY_ENTRY_RESOURCE {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_RESOURCE]
		}
	default:
		return nil, errors.New("pe: no optional header")
	}
	if dir.VirtualAddress == 0 || dir.Size == 0 {
		return f, nil
	}
	var sec *pe.Section
	for _, s := range pf.Sections {
		if dir.VirtualAddress >= s.VirtualAddress && dir.VirtualAddress < s.VirtualAddress+max(s.VirtualSize, s.Size) {
			sec = s
		}
	}
	if sec == nil {
		return nil, fmt.Errorf("pe: resource directory RVA %#x is in no section", dir.VirtualAddress)
	}
	if sec.Size > maxSection {
		return nil, fmt.Errorf("pe: section %s: %d bytes, more than %d", sec.Name, sec.Size, maxSection)
	}
	data := make([]byte, sec.Size)
	if n, err := sec.ReadAt(data, 0); n < len(data) {
		if err == nil || errors.Is(err, io.EOF) {
			return nil, &Error{int64(sec.Offset) + int64(n), fmt.Sprintf("the file ends inside section %s (%d of its %d bytes)", sec.Name, n, len(data))}
		}
		return nil, &Error{int64(sec.Offset), fmt.Sprintf("section %s: %v", sec.Name, err)}
	}
	t := tree{sec: data, secRVA: sec.VirtualAddress, base: dir.VirtualAddress - sec.VirtualAddress, fileOff: int64(sec.Offset), only: only}
	f.resDir = t.fileOff + int64(t.base)
	if err := t.walk(0, 0, [3]uint32{}, "", &f.Resources); err != nil {
		return nil, err
	}
	return f, nil
}

type tree struct {
	sec     []byte
	secRVA  uint32
	base    uint32 // the directory's offset in sec
	fileOff int64  // sec's offset in the file
	only    uint32 // the one type walked (0: all)
	entries int
}

// errAt is a problem at offset off of the resource directory.
func (t *tree) errAt(off uint32, format string, args ...any) error {
	return &Error{t.fileOff + int64(t.base) + int64(off), "resource tree: " + fmt.Sprintf(format, args...)}
}

func (t *tree) at(off uint32, n uint32) ([]byte, error) {
	start := uint64(t.base) + uint64(off)
	if start+uint64(n) > uint64(len(t.sec)) {
		return nil, t.errAt(off, "%d bytes here run past the section (%d bytes)", n, len(t.sec))
	}
	return t.sec[start : start+uint64(n)], nil
}

func (t *tree) walk(off uint32, level int, path [3]uint32, name string, out *[]Resource) error {
	if level > 2 {
		return t.errAt(off, "a directory deeper than 3 levels")
	}
	hdr, err := t.at(off, 16)
	if err != nil {
		return err
	}
	n := uint32(binary.LittleEndian.Uint16(hdr[12:])) + uint32(binary.LittleEndian.Uint16(hdr[14:]))
	t.entries += int(n)
	if t.entries > maxEntries {
		return t.errAt(off, "more than %d entries", maxEntries)
	}
	ents, err := t.at(off+16, n*8)
	if err != nil {
		return err
	}
	for i := uint32(0); i < n; i++ {
		id := binary.LittleEndian.Uint32(ents[i*8:])
		child := binary.LittleEndian.Uint32(ents[i*8+4:])
		if level == 0 && t.only != 0 && id != t.only {
			continue
		}
		p, nm := path, name
		if id&0x80000000 != 0 {
			s, err := t.name(id &^ 0x80000000)
			if err != nil {
				return err
			}
			p[level] = 0
			if level == 1 {
				nm = s
			}
		} else {
			p[level] = id
		}
		if child&0x80000000 != 0 {
			if err := t.walk(child&^0x80000000, level+1, p, nm, out); err != nil {
				return err
			}
			continue
		}
		if level != 2 {
			return t.errAt(child, "a data entry on level %d, want 3", level+1)
		}
		de, err := t.at(child, 16)
		if err != nil {
			return err
		}
		rva, size := binary.LittleEndian.Uint32(de), binary.LittleEndian.Uint32(de[4:])
		if size > maxResource {
			return t.errAt(child, "resource type %d id %d: %d bytes, more than %d", p[0], p[1], size, maxResource)
		}
		if rva < t.secRVA || uint64(rva-t.secRVA)+uint64(size) > uint64(len(t.sec)) {
			return t.errAt(child, "resource type %d id %d: data RVA %#x (%d bytes) is outside the resource section", p[0], p[1], rva, size)
		}
		d := t.sec[rva-t.secRVA : rva-t.secRVA+size]
		*out = append(*out, Resource{Type: p[0], ID: p[1], Name: nm, Lang: p[2], Data: d, Offset: t.fileOff + int64(rva-t.secRVA)})
	}
	return nil
}

func (t *tree) name(off uint32) (string, error) {
	h, err := t.at(off, 2)
	if err != nil {
		return "", err
	}
	n := uint32(binary.LittleEndian.Uint16(h))
	b, err := t.at(off+2, n*2)
	if err != nil {
		return "", err
	}
	return decodeUTF16(b), nil
}

// decodeUTF16 reads version strings for display: a lone surrogate is
// U+FFFD.
func decodeUTF16(b []byte) string { return utf16.ReplaceLone(utf16.Decode(b, false)) }

// IconEntry is one image of an RT_GROUP_ICON.
type IconEntry struct {
	Width, Height int // 256 for a stored 0
	BitCount      int
	Bytes         uint32
	ID            uint16 // the RT_ICON resource holding the image
}

// ParseGroupIcon reads an RT_GROUP_ICON resource (for the release checks,
// as Read).
func ParseGroupIcon(b []byte) ([]IconEntry, error) {
	if len(b) < 6 {
		return nil, fmt.Errorf("group icon: %d bytes, want at least 6", len(b))
	}
	if typ := binary.LittleEndian.Uint16(b[2:]); typ != 1 {
		return nil, fmt.Errorf("group icon: type %d at offset 2, want 1", typ)
	}
	n := int(binary.LittleEndian.Uint16(b[4:]))
	if 6+14*n > len(b) {
		return nil, fmt.Errorf("group icon: %d entries need %d bytes, have %d", n, 6+14*n, len(b))
	}
	out := make([]IconEntry, n)
	for i := range out {
		e := b[6+14*i:]
		out[i] = IconEntry{Width: int(e[0]), Height: int(e[1]), BitCount: int(binary.LittleEndian.Uint16(e[6:])), Bytes: binary.LittleEndian.Uint32(e[8:]), ID: binary.LittleEndian.Uint16(e[12:])}
		if out[i].Width == 0 {
			out[i].Width = 256
		}
		if out[i].Height == 0 {
			out[i].Height = 256
		}
	}
	return out, nil
}

// Version is a parsed RT_VERSION resource.
type Version struct {
	FileVersion, ProductVersion [4]uint16
	// Strings holds StringFileInfo's key/value pairs (of every language).
	Strings map[string]string
}

// ParseVersion reads a VS_VERSIONINFO resource.
func ParseVersion(b []byte) (*Version, error) {
	v := &Version{Strings: map[string]string{}}
	key, val, kids, err := block(b, 0)
	if err != nil {
		return nil, err
	}
	if key != "VS_VERSION_INFO" {
		return nil, fmt.Errorf("version: root key %q, want VS_VERSION_INFO", key)
	}
	if len(val) < 52 || binary.LittleEndian.Uint32(val) != 0xFEEF04BD {
		return nil, fmt.Errorf("version: no VS_FIXEDFILEINFO (value of %d bytes)", len(val))
	}
	word := func(i int) uint32 { return binary.LittleEndian.Uint32(val[i:]) }
	v.FileVersion = [4]uint16{uint16(word(8) >> 16), uint16(word(8)), uint16(word(12) >> 16), uint16(word(12))}
	v.ProductVersion = [4]uint16{uint16(word(16) >> 16), uint16(word(16)), uint16(word(20) >> 16), uint16(word(20))}
	err = children(kids, 0, func(key string, _ []byte, sub []byte, off int) error {
		if key != "StringFileInfo" {
			return nil
		}
		return children(sub, off, func(_ string, _ []byte, table []byte, off int) error {
			return children(table, off, func(k string, val []byte, _ []byte, _ int) error {
				s := decodeUTF16(val)
				for len(s) > 0 && s[len(s)-1] == 0 {
					s = s[:len(s)-1]
				}
				v.Strings[k] = s
				return nil
			})
		})
	})
	return v, err
}

func align4(n int) int { return (n + 3) &^ 3 }

// block splits one version block at the start of b (base is its offset in
// the resource, for errors) into key, value and children bytes.
func block(b []byte, base int) (key string, val, kids []byte, err error) {
	if len(b) < 6 {
		return "", nil, nil, fmt.Errorf("version: block at offset %d: %d bytes, want at least 6", base, len(b))
	}
	n := int(binary.LittleEndian.Uint16(b))
	vlen := int(binary.LittleEndian.Uint16(b[2:]))
	typ := binary.LittleEndian.Uint16(b[4:])
	if n < 6 || n > len(b) {
		return "", nil, nil, fmt.Errorf("version: block at offset %d: length %d, have %d bytes", base, n, len(b))
	}
	b = b[:n]
	i := 6
	for ; i+1 < n; i += 2 {
		if b[i] == 0 && b[i+1] == 0 {
			break
		}
	}
	if i+1 >= n {
		return "", nil, nil, fmt.Errorf("version: block at offset %d: key not terminated", base)
	}
	key = decodeUTF16(b[6:i])
	i = align4(i + 2)
	if typ == 1 {
		vlen *= 2
	}
	if i > n {
		i = n
	}
	if i+vlen > n {
		// Some writers count text values in bytes; cap at the block.
		vlen = n - i
	}
	val = b[i : i+vlen]
	j := align4(i + vlen)
	if j > n {
		j = n
	}
	return key, val, b[j:], nil
}

func children(b []byte, base int, fn func(key string, val, kids []byte, off int) error) error {
	for off := 0; off < len(b); {
		if len(b)-off < 6 {
			return nil // padding
		}
		n := int(binary.LittleEndian.Uint16(b[off:]))
		if n == 0 {
			return nil
		}
		key, val, kids, err := block(b[off:], base+off)
		if err != nil {
			return err
		}
		if err := fn(key, val, kids, base+off+(n-len(kids))); err != nil {
			return err
		}
		off += align4(n)
	}
	return nil
}

// FileVersion reads the file version of an executable (VS_FIXEDFILEINFO's
// dwFileVersionMS high and low word, then dwFileVersionLS's: major, minor,
// build, revision) from its first RT_VERSION resource: the first name, in
// its first language, as Windows Explorer shows it. Only the RT_VERSION
// branch of the resource tree is read. The game-version check reads
// Torchlight2.exe with it.
func FileVersion(r io.ReaderAt) ([4]uint16, error) {
	f, err := read(r, RTVersion)
	if err != nil {
		return [4]uint16{}, err
	}
	vr := f.Find(RTVersion)
	if len(vr) == 0 {
		return [4]uint16{}, &Error{f.resDir, "the executable has no version resource (RT_VERSION)"}
	}
	v, err := ParseVersion(vr[0].Data)
	if err != nil {
		return [4]uint16{}, &Error{vr[0].Offset, err.Error()}
	}
	return v.FileVersion, nil
}
