// Package perestest builds small Windows executables for tests of what
// reads them (backend/sys/peres and the game-version check).
package perestest

import (
	"bytes"
	"encoding/binary"
	"unicode/utf16"
)

// VersionExe hand-builds the smallest PE image with a version resource: a
// DOS header, the PE headers (PE32 or PE32+), one .rsrc section holding a
// resource tree with an RT_ICON entry (to be skipped) and RT_VERSION →
// name 1 → language 0x409 → VS_VERSIONINFO, whose
// VS_FIXEDFILEINFO holds the file version ms (dwFileVersionMS) and ls
// (dwFileVersionLS). plus makes it PE32+. The layout the error tests
// damage: the resource section at file offset 0x200, its RT_VERSION
// directory entry at 0x200+16+8, VS_VERSIONINFO at 0x200+0x90.
func VersionExe(plus bool, ms, ls uint32) []byte {
	le := binary.LittleEndian
	optSize := 224
	if plus {
		optSize = 240
	}
	const rsrcRVA, rsrcRaw = 0x1000, 0x200
	// Resource section.
	rs := make([]byte, 0x100)
	dir := func(at int, ids []uint32, tos []uint32) {
		le.PutUint16(rs[at+14:], uint16(len(ids)))
		for i := range ids {
			le.PutUint32(rs[at+16+8*i:], ids[i])
			le.PutUint32(rs[at+16+8*i+4:], tos[i])
		}
	}
	dir(0x00, []uint32{3, 16}, []uint32{0x80000000 | 0x28, 0x80000000 | 0x40}) // root: ICON, VERSION
	dir(0x28, []uint32{1}, []uint32{0x70})                                     // ICON → a data entry (unused)
	dir(0x40, []uint32{1}, []uint32{0x80000000 | 0x58})                        // VERSION → name 1
	dir(0x58, []uint32{0x409}, []uint32{0x80})                                 // → language → data entry
	// VS_VERSIONINFO at 0x90.
	var vi bytes.Buffer
	vi.Write([]byte{0, 0, 52, 0, 0, 0}) // length (patched), value length 52, type 0
	for _, u := range utf16.Encode([]rune("VS_VERSION_INFO\x00")) {
		binary.Write(&vi, le, u)
	}
	for vi.Len()%4 != 0 {
		vi.WriteByte(0)
	}
	ff := make([]byte, 52)
	le.PutUint32(ff, 0xFEEF04BD)
	le.PutUint32(ff[4:], 0x10000)
	le.PutUint32(ff[8:], ms)
	le.PutUint32(ff[12:], ls)
	le.PutUint32(ff[16:], 0xAAAA0000) // product version: must not be read
	vi.Write(ff)
	vb := vi.Bytes()
	le.PutUint16(vb, uint16(len(vb)))
	le.PutUint32(rs[0x80:], rsrcRVA+0x90)
	le.PutUint32(rs[0x84:], uint32(len(vb)))
	le.PutUint32(rs[0x70:], rsrcRVA+0x90) // the icon's entry, never followed
	rs = append(rs[:0x90], vb...)

	img := make([]byte, rsrcRaw)
	img[0], img[1] = 'M', 'Z'
	le.PutUint32(img[0x3C:], 0x40)
	copy(img[0x40:], "PE\x00\x00")
	coff := img[0x44:]
	le.PutUint16(coff, 0x14C)
	le.PutUint16(coff[2:], 1)
	le.PutUint16(coff[16:], uint16(optSize))
	opt := img[0x58:]
	dd := 96
	if plus {
		le.PutUint16(opt, 0x20B)
		dd = 112
	} else {
		le.PutUint16(opt, 0x10B)
	}
	le.PutUint32(opt[dd-4:], 16)
	le.PutUint32(opt[dd+16:], rsrcRVA)
	le.PutUint32(opt[dd+20:], uint32(len(rs)))
	sec := img[0x58+optSize:]
	copy(sec, ".rsrc")
	le.PutUint32(sec[8:], uint32(len(rs)))
	le.PutUint32(sec[12:], rsrcRVA)
	le.PutUint32(sec[16:], uint32(len(rs)))
	le.PutUint32(sec[20:], rsrcRaw)
	return append(img, rs...)
}
