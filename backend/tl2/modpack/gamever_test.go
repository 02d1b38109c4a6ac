package modpack

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"

	"packsmith/formats/tl2/mod"
)

// buildPE hand-builds the smallest PE image with a version resource: a
// DOS header, the PE headers (PE32 or PE32+), one .rsrc section holding a
// resource tree with an RT_ICON entry (to be skipped) and RT_VERSION →
// name 1 → language 0x409 → VS_VERSIONINFO.
func buildPE(t testing.TB, plus bool, ms, ls uint32) []byte {
	t.Helper()
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

func TestReadPEVersion(t *testing.T) {
	for _, plus := range []bool{false, true} {
		b := buildPE(t, plus, 1<<16|25, 9<<16|5)
		v, err := ReadPEVersion(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatalf("PE32+=%v: %v", plus, err)
		}
		if v != (mod.GameVersion{1, 25, 9, 5}) {
			t.Errorf("PE32+=%v: %v, want 1.25.9.5", plus, v)
		}
	}
	// The install-folder route, with the exe name in another case.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "TORCHLIGHT2.EXE"), buildPE(t, false, 1<<16|25, 5<<16|6), 0o644)
	v, from, err := ResolveGameVersion("", dir)
	if err != nil || v != DefaultGameVersion || filepath.Base(from) != "TORCHLIGHT2.EXE" {
		t.Errorf("ResolveGameVersion(dir) = %v %q %v", v, from, err)
	}
	if v, from, _ := ResolveGameVersion("1.26.0.1", dir); v != (mod.GameVersion{1, 26, 0, 1}) || from != "given" {
		t.Errorf("explicit version: %v %s", v, from)
	}
	if v, from, _ := ResolveGameVersion("", ""); v != DefaultGameVersion || from != "default" {
		t.Errorf("default: %v %s", v, from)
	}
	if _, _, err := ResolveGameVersion("", t.TempDir()); err == nil {
		t.Error("no exe in the folder: want an error")
	}
}

func TestReadPEVersionErrors(t *testing.T) {
	good := buildPE(t, false, 1, 2)
	cases := map[string][]byte{
		"empty":     {},
		"not MZ":    append([]byte("ZM"), good[2:]...),
		"truncated": good[:0x250],
	}
	noVer := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(noVer[0x200+16+8:], 17) // RT_VERSION → 17
	cases["no RT_VERSION"] = noVer
	badSig := append([]byte(nil), good...)
	copy(badSig[0x200+0x90+40:], []byte{1, 2, 3, 4})
	cases["bad signature"] = badSig
	for name, b := range cases {
		_, err := ReadPEVersion(bytes.NewReader(b), int64(len(b)))
		var pe *PEError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %v, want a *PEError naming the offset", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

func TestParseGameVersion(t *testing.T) {
	if v, err := ParseGameVersion(" 1.25.5.6 "); err != nil || v != DefaultGameVersion {
		t.Errorf("%v %v", v, err)
	}
	for _, s := range []string{"", "1.2.3", "1.2.3.4.5", "1.2.3.x", "1.2.3.70000", "-1.2.3.4"} {
		if _, err := ParseGameVersion(s); err == nil {
			t.Errorf("%q: want an error", s)
		}
	}
}
