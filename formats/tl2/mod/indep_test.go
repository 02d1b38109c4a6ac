package mod

// A second, independent reading of the spec (tl2-notes §2), used to check
// what the Writer produces without going through the package's Reader: it
// parses with encoding/binary + unicode/utf16, inflates with the standard
// library's compress/zlib and recomputes rollingHash from the formula.

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"sort"
	"unicode/utf16"
)

type indepFile struct {
	path           string
	typ            byte
	crc, off, size uint32
	stored         bool
	data           []byte
	packed         uint32
}

type indepMod struct {
	rollingStored, maxBlock uint32
	files                   []indepFile
}

func indepString(b []byte, p *int) (string, error) {
	if *p+2 > len(b) {
		return "", fmt.Errorf("short string count at %d", *p)
	}
	n := int(binary.LittleEndian.Uint16(b[*p:]))
	*p += 2
	if *p+2*n > len(b) {
		return "", fmt.Errorf("short string at %d", *p)
	}
	u := make([]uint16, n)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(b[*p+2*i:])
	}
	*p += 2 * n
	return string(utf16.Decode(u)), nil
}

// indepRolling is the spec's formula, written out in 32-bit arithmetic.
func indepRolling(d []byte) uint32 {
	n := uint32(len(d))
	if n <= 8 {
		return 0
	}
	div := 25 + (695696193*n)%51
	stride := n / div
	if stride < 2 {
		stride = 2
	}
	h := n
	for off := uint32(8); off < n; off += stride {
		h = uint32(int32(int8(d[off]))) + 33*h
	}
	return uint32(int32(int8(d[n-1]))) + 33*h
}

// indepCheck parses a whole version-4 .MOD (or, with man != nil, a PAK)
// and checks rollingHash, maxCompressedBlockSize, each block's bounds,
// size and CRC-32, and that blocks do not overlap.
func indepCheck(file, man []byte) (*indepMod, error) {
	var data, mb []byte
	if man == nil {
		if len(file) < 20 || binary.LittleEndian.Uint16(file) != 4 {
			return nil, fmt.Errorf("not a version-4 header")
		}
		offData := binary.LittleEndian.Uint32(file[12:])
		offMan := binary.LittleEndian.Uint32(file[16:])
		if offData > offMan || int(offMan) > len(file) {
			return nil, fmt.Errorf("offsets %d %d outside %d", offData, offMan, len(file))
		}
		data, mb = file[offData:offMan], file[offMan:]
	} else {
		data, mb = file, man
	}
	m := &indepMod{maxBlock: binary.LittleEndian.Uint32(data), rollingStored: binary.LittleEndian.Uint32(data[4:])}
	if got := indepRolling(data); got != m.rollingStored {
		return nil, fmt.Errorf("rollingHash stored 0x%X, independent 0x%X", m.rollingStored, got)
	}
	p := 0
	if binary.LittleEndian.Uint16(mb) != 2 {
		return nil, fmt.Errorf("manifest version %d", binary.LittleEndian.Uint16(mb))
	}
	p = 6
	if _, err := indepString(mb, &p); err != nil {
		return nil, err
	}
	p += 4 // fileCount
	dirs := binary.LittleEndian.Uint32(mb[p:])
	p += 4
	var maxSeen uint32
	for i := uint32(0); i < dirs; i++ {
		dir, err := indepString(mb, &p)
		if err != nil {
			return nil, err
		}
		n := binary.LittleEndian.Uint32(mb[p:])
		p += 4
		for j := uint32(0); j < n; j++ {
			var f indepFile
			f.crc = binary.LittleEndian.Uint32(mb[p:])
			f.typ = mb[p+4]
			p += 5
			name, err := indepString(mb, &p)
			if err != nil {
				return nil, err
			}
			f.path = dir + name
			f.off = binary.LittleEndian.Uint32(mb[p:])
			f.size = binary.LittleEndian.Uint32(mb[p+4:])
			p += 16
			if f.typ == 7 {
				continue
			}
			if int(f.off)+8 > len(data) {
				return nil, fmt.Errorf("%s: offset %d outside data (%d)", f.path, f.off, len(data))
			}
			us := binary.LittleEndian.Uint32(data[f.off:])
			cs := binary.LittleEndian.Uint32(data[f.off+4:])
			if us != f.size {
				return nil, fmt.Errorf("%s: block size %d, manifest %d", f.path, us, f.size)
			}
			start := int(f.off) + 8
			if cs == 0 {
				f.stored = true
				if start+int(us) > len(data) {
					return nil, fmt.Errorf("%s: stored block past the end", f.path)
				}
				f.data = data[start : start+int(us)]
				f.packed = us
			} else {
				if start+int(cs) > len(data) {
					return nil, fmt.Errorf("%s: zlib block past the end", f.path)
				}
				zr, err := zlib.NewReader(bytes.NewReader(data[start : start+int(cs)]))
				if err != nil {
					return nil, fmt.Errorf("%s: %v", f.path, err)
				}
				f.data, err = io.ReadAll(zr)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", f.path, err)
				}
				f.packed = cs
				if cs > maxSeen {
					maxSeen = cs
				}
			}
			if uint32(len(f.data)) != f.size {
				return nil, fmt.Errorf("%s: inflated %d bytes, manifest %d", f.path, len(f.data), f.size)
			}
			if c := crc32.ChecksumIEEE(f.data); c != f.crc {
				return nil, fmt.Errorf("%s: CRC 0x%08X, manifest 0x%08X", f.path, c, f.crc)
			}
			m.files = append(m.files, f)
		}
	}
	if p != len(mb) {
		return nil, fmt.Errorf("manifest has %d trailing bytes", len(mb)-p)
	}
	if maxSeen != m.maxBlock {
		return nil, fmt.Errorf("maxCompressedBlockSize %d, largest block %d", m.maxBlock, maxSeen)
	}
	// Blocks tile the data section: no overlap, no gap.
	fs := append([]indepFile(nil), m.files...)
	sort.Slice(fs, func(i, j int) bool { return fs[i].off < fs[j].off })
	next := uint32(8)
	for _, f := range fs {
		if f.off != next {
			return nil, fmt.Errorf("%s: block at %d, expected %d", f.path, f.off, next)
		}
		next = f.off + 8 + f.packed
	}
	if int(next) != len(data) {
		return nil, fmt.Errorf("blocks end at %d, data section is %d", next, len(data))
	}
	return m, nil
}
