package modpack

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf16"

	"packsmith/formats/tl2/mod"
)

// DefaultGameVersion is what GUTS stamped into the 2022–24 builds in the
// fixtures (Steam's 1.25.5.6), used when no install folder or version is given.
var DefaultGameVersion = mod.GameVersion{1, 25, 5, 6}

// GameExe is the game's executable, whose version resource GUTS copies
// into every .MOD header.
const GameExe = "Torchlight2.exe"

// ParseGameVersion reads "a.b.c.d" (each 0–65535).
func ParseGameVersion(s string) (mod.GameVersion, error) {
	var v mod.GameVersion
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) != 4 {
		return v, fmt.Errorf("game version %q: want four numbers a.b.c.d, such as 1.25.5.6", s)
	}
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return v, fmt.Errorf("game version %q: %q is not a number from 0 to 65535", s, p)
		}
		v[i] = uint16(n)
	}
	return v, nil
}

// FindGameExe finds Torchlight2.exe (any case) in an install folder; a path
// to the .exe itself is accepted as is.
func FindGameExe(install string) (string, error) {
	st, err := os.Stat(install)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return install, nil
	}
	ents, err := os.ReadDir(install)
	if err != nil {
		return "", err
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), GameExe) {
			return filepath.Join(install, e.Name()), nil
		}
	}
	return "", fmt.Errorf("%s: no %s in the game folder", install, GameExe)
}

// ResolveGameVersion picks the game version for the header: an explicit
// "a.b.c.d" first, then the version resource of Torchlight2.exe in the
// install folder, then DefaultGameVersion. from says which ("flag",
// "Torchlight2.exe", "default").
func ResolveGameVersion(explicit, install string) (v mod.GameVersion, from string, err error) {
	if strings.TrimSpace(explicit) != "" {
		v, err = ParseGameVersion(explicit)
		return v, "given", err
	}
	if strings.TrimSpace(install) != "" {
		exe, err := FindGameExe(install)
		if err != nil {
			return v, "", err
		}
		v, err = ExeVersion(exe)
		return v, exe, err
	}
	return DefaultGameVersion, "default", nil
}

// ExeVersion reads the file version from a Windows executable's
// VS_VERSIONINFO resource.
func ExeVersion(path string) (mod.GameVersion, error) {
	f, err := os.Open(path)
	if err != nil {
		return mod.GameVersion{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return mod.GameVersion{}, err
	}
	v, err := ReadPEVersion(f, st.Size())
	if err != nil {
		return v, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// PEError locates a problem in a PE file.
type PEError struct {
	Offset int64
	Msg    string
}

func (e *PEError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

const (
	rtVersion      = 16
	vsFixedSig     = 0xFEEF04BD
	maxResDepth    = 3
	maxVersionInfo = 1 << 20
)

// ReadPEVersion finds the RT_VERSION resource of a PE image (PE32 or
// PE32+) and returns VS_FIXEDFILEINFO's file version as major.minor.build.
// revision (dwFileVersionMS high/low word, dwFileVersionLS high/low word),
// the order the .MOD header stores.
func ReadPEVersion(r io.ReaderAt, size int64) (mod.GameVersion, error) {
	var v mod.GameVersion
	p := &peFile{r: r, size: size}
	dos, err := p.read(0, 64)
	if err != nil {
		return v, err
	}
	if dos[0] != 'M' || dos[1] != 'Z' {
		return v, &PEError{0, "not a Windows executable (no MZ signature)"}
	}
	peOff := int64(binary.LittleEndian.Uint32(dos[0x3C:]))
	hdr, err := p.read(peOff, 24)
	if err != nil {
		return v, err
	}
	if string(hdr[:4]) != "PE\x00\x00" {
		return v, &PEError{peOff, "no PE signature where the DOS header points"}
	}
	nsec := int(binary.LittleEndian.Uint16(hdr[6:]))
	optSize := int64(binary.LittleEndian.Uint16(hdr[20:]))
	optOff := peOff + 24
	opt, err := p.read(optOff, int(optSize))
	if err != nil {
		return v, err
	}
	if len(opt) < 2 {
		return v, &PEError{optOff, "optional header missing"}
	}
	var ddOff int
	switch magic := binary.LittleEndian.Uint16(opt); magic {
	case 0x10B:
		ddOff = 96
	case 0x20B:
		ddOff = 112
	default:
		return v, &PEError{optOff, fmt.Sprintf("unknown optional header magic 0x%X", magic)}
	}
	if len(opt) < ddOff {
		return v, &PEError{optOff, "optional header too short for its data directories"}
	}
	nDirs := int(binary.LittleEndian.Uint32(opt[ddOff-4:]))
	if nDirs < 3 || len(opt) < ddOff+3*8 {
		return v, &PEError{optOff, "the executable has no resource directory"}
	}
	resRVA := binary.LittleEndian.Uint32(opt[ddOff+16:])
	if resRVA == 0 {
		return v, &PEError{optOff + int64(ddOff) + 16, "the executable has no resources"}
	}
	secOff := optOff + optSize
	secs, err := p.read(secOff, nsec*40)
	if err != nil {
		return v, err
	}
	for i := 0; i < nsec; i++ {
		s := secs[i*40:]
		p.secs = append(p.secs, peSection{
			va:     binary.LittleEndian.Uint32(s[12:]),
			vsize:  binary.LittleEndian.Uint32(s[8:]),
			rawLen: binary.LittleEndian.Uint32(s[16:]),
			raw:    binary.LittleEndian.Uint32(s[20:]),
		})
	}
	resBase, err := p.rvaOffset(resRVA)
	if err != nil {
		return v, err
	}
	// Walk type → name → language, taking RT_VERSION and then the first
	// entry at each deeper level.
	dirOff := resBase
	want := int64(rtVersion)
	for depth := 0; ; depth++ {
		if depth >= maxResDepth {
			return v, &PEError{dirOff, "resource tree deeper than type/name/language"}
		}
		d, err := p.read(dirOff, 16)
		if err != nil {
			return v, err
		}
		n := int(binary.LittleEndian.Uint16(d[12:])) + int(binary.LittleEndian.Uint16(d[14:]))
		ents, err := p.read(dirOff+16, n*8)
		if err != nil {
			return v, err
		}
		found := -1
		for i := 0; i < n; i++ {
			name := binary.LittleEndian.Uint32(ents[i*8:])
			if want < 0 || name&0x80000000 == 0 && int64(name) == want {
				found = i
				break
			}
		}
		if found < 0 {
			return v, &PEError{dirOff, "the executable has no version resource (RT_VERSION)"}
		}
		to := binary.LittleEndian.Uint32(ents[found*8+4:])
		want = -1
		if to&0x80000000 != 0 {
			dirOff = resBase + int64(to&0x7FFFFFFF)
			continue
		}
		leaf, err := p.read(resBase+int64(to), 16)
		if err != nil {
			return v, err
		}
		dataRVA := binary.LittleEndian.Uint32(leaf)
		dataLen := binary.LittleEndian.Uint32(leaf[4:])
		if dataLen > maxVersionInfo {
			return v, &PEError{resBase + int64(to), fmt.Sprintf("version resource of %d bytes is implausibly large", dataLen)}
		}
		off, err := p.rvaOffset(dataRVA)
		if err != nil {
			return v, err
		}
		data, err := p.read(off, int(dataLen))
		if err != nil {
			return v, err
		}
		return parseVersionInfo(data, off)
	}
}

// parseVersionInfo reads VS_VERSIONINFO: u16 length, u16 valueLength, u16
// type, "VS_VERSION_INFO\0" in UTF-16, padding to 4 bytes, then
// VS_FIXEDFILEINFO.
func parseVersionInfo(b []byte, at int64) (mod.GameVersion, error) {
	var v mod.GameVersion
	if len(b) < 6 {
		return v, &PEError{at, "version resource too short"}
	}
	valLen := int(binary.LittleEndian.Uint16(b[2:]))
	i := 6
	var key []uint16
	for ; i+1 < len(b); i += 2 {
		c := binary.LittleEndian.Uint16(b[i:])
		if c == 0 {
			i += 2
			break
		}
		key = append(key, c)
	}
	if string(utf16.Decode(key)) != "VS_VERSION_INFO" {
		return v, &PEError{at + 6, fmt.Sprintf("version resource key is %q, not VS_VERSION_INFO", string(utf16.Decode(key)))}
	}
	i = (i + 3) &^ 3
	if valLen < 52 || i+52 > len(b) {
		return v, &PEError{at + int64(i), "version resource has no VS_FIXEDFILEINFO"}
	}
	ff := b[i:]
	if sig := binary.LittleEndian.Uint32(ff); sig != vsFixedSig {
		return v, &PEError{at + int64(i), fmt.Sprintf("VS_FIXEDFILEINFO signature 0x%08X, want 0x%08X", sig, vsFixedSig)}
	}
	ms := binary.LittleEndian.Uint32(ff[8:])
	ls := binary.LittleEndian.Uint32(ff[12:])
	return mod.GameVersion{uint16(ms >> 16), uint16(ms), uint16(ls >> 16), uint16(ls)}, nil
}

type peSection struct{ va, vsize, raw, rawLen uint32 }

type peFile struct {
	r    io.ReaderAt
	size int64
	secs []peSection
}

func (p *peFile) read(off int64, n int) ([]byte, error) {
	if off < 0 || n < 0 || off+int64(n) > p.size {
		return nil, &PEError{off, fmt.Sprintf("reading %d bytes here runs past the end of the %d-byte file", n, p.size)}
	}
	b := make([]byte, n)
	if _, err := p.r.ReadAt(b, off); err != nil && !(err == io.EOF && n == 0) {
		return nil, &PEError{off, err.Error()}
	}
	return b, nil
}

func (p *peFile) rvaOffset(rva uint32) (int64, error) {
	for _, s := range p.secs {
		span := s.vsize
		if s.rawLen > span {
			span = s.rawLen
		}
		if rva >= s.va && rva-s.va < span {
			d := rva - s.va
			if d >= s.rawLen {
				return 0, &PEError{int64(s.raw), fmt.Sprintf("RVA 0x%X lies in a section's uninitialised tail", rva)}
			}
			return int64(s.raw) + int64(d), nil
		}
	}
	return 0, &PEError{0, fmt.Sprintf("RVA 0x%X is in no section", rva)}
}
