package mod

import (
	"encoding/binary"
	"fmt"
)

// GameVersion is the game build a mod was packed for, as four words
// major.minor.build.revision (stored in that order).
type GameVersion [4]uint16

func (v GameVersion) String() string {
	return fmt.Sprintf("%d.%d.%d.%d", v[0], v[1], v[2], v[3])
}

// Uint64 packs the version the way the spec quotes it: 1.25.9.5 =
// 0x0005000900190001 (the little-endian u64 of the stored words).
func (v GameVersion) Uint64() uint64 {
	return uint64(v[0]) | uint64(v[1])<<16 | uint64(v[2])<<32 | uint64(v[3])<<48
}

// Dependency is one REQUIRED_MODS item.
type Dependency struct {
	Name    string `json:"name"`
	ID      int64  `json:"id,string"`
	Version uint16 `json:"version"` // absent (0) in version-1 headers
}

// VersionGUID is one per-version record of a version-1 header.
type VersionGUID struct {
	GUID  uint64 `json:"guid,string"`
	Major uint8  `json:"major"`
}

// Header is the .MOD header. Strings hold the stored UTF-16 exactly
// (lone surrogates survive as WTF-8, see strings.go).
type Header struct {
	Version        uint16        `json:"version"`        // 1–4; the writer always writes 4
	ModVersion     uint16        `json:"modVersion"`     // GUTS stores MOD.DAT VERSION+1
	GameVersion    GameVersion   `json:"gameVersion"`    // version 4 only
	DataOffset     uint32        `json:"dataOffset"`     // = header length
	ManifestOffset uint32        `json:"manifestOffset"` // data section is [DataOffset, ManifestOffset)
	Title          string        `json:"title"`
	Author         string        `json:"author"`
	Description    string        `json:"description"`
	Website        string        `json:"website"`
	DownloadURL    string        `json:"downloadUrl"`
	ModID          int64         `json:"modId,string"` // signed: launchers must not treat it as unsigned
	Flags          uint32        `json:"flags"`
	ReqHash        uint64        `json:"reqHash"`
	Required       []Dependency  `json:"required"`
	Remove         []string      `json:"remove"`                 // REMOVE_FILES
	VersionGUIDs   []VersionGUID `json:"versionGuids,omitempty"` // version 1 only
}

// minHeaderV4 is the size of a version-4 header with empty strings/lists.
const minHeaderV4 = 2 + 2 + 8 + 4 + 4 + 5*2 + 8 + 4 + 8 + 2 + 2

// parseHeader decodes a header from b (which holds at least the header).
// It returns the number of bytes the header took.
func parseHeader(b []byte) (*Header, int, error) {
	d := &dec{b: b, what: "header"}
	h := &Header{}
	h.Version = d.u16("version")
	if d.err != nil {
		return nil, 0, d.err
	}
	if h.Version == 0 || h.Version > 4 {
		return nil, 0, formatErr("", 0, ErrHeaderVersion, "header version %d (want 1–4)", h.Version)
	}
	h.ModVersion = d.u16("modver")
	if h.Version >= 4 {
		for i := range h.GameVersion {
			h.GameVersion[i] = d.u16("gamever")
		}
	}
	if h.Version == 1 {
		n := int(h.ModVersion) + 1
		if d.left() < n*9 {
			d.fail("header: %d version GUIDs do not fit", n)
		} else {
			h.VersionGUIDs = make([]VersionGUID, n)
			for i := range h.VersionGUIDs {
				h.VersionGUIDs[i] = VersionGUID{GUID: d.u64("version GUID"), Major: d.u8("version major")}
			}
		}
	}
	h.DataOffset = d.u32("offData")
	h.ManifestOffset = d.u32("offMan")
	h.Title = d.ss("title")
	h.Author = d.ss("author")
	h.Description = d.ss("description")
	h.Website = d.ss("website")
	h.DownloadURL = d.ss("download URL")
	h.ModID = int64(d.u64("mod id"))
	h.Flags = d.u32("flags")
	h.ReqHash = d.u64("reqHash")
	n := int(d.u16("REQUIRED_MODS count"))
	minReq := 2 + 8 + 2
	if h.Version == 1 {
		minReq = 2 + 8
	}
	if d.err == nil && n*minReq > d.left() {
		d.fail("header: %d REQUIRED_MODS do not fit in %d bytes", n, d.left())
	}
	if d.err == nil && n > 0 {
		h.Required = make([]Dependency, n)
		for i := range h.Required {
			r := &h.Required[i]
			r.Name = d.ss("REQUIRED_MODS name")
			r.ID = int64(d.u64("REQUIRED_MODS id"))
			if h.Version != 1 {
				r.Version = d.u16("REQUIRED_MODS version")
			}
		}
	}
	if h.Version >= 3 {
		n := int(d.u16("REMOVE_FILES count"))
		if d.err == nil && n*2 > d.left() {
			d.fail("header: %d REMOVE_FILES do not fit in %d bytes", n, d.left())
		}
		if d.err == nil && n > 0 {
			h.Remove = make([]string, n)
			for i := range h.Remove {
				h.Remove[i] = d.ss("REMOVE_FILES path")
			}
		}
	}
	if d.err != nil {
		return nil, 0, d.err
	}
	return h, d.off, nil
}

// dataOffsetField is where offData sits in a header of the given version
// (version 1 depends on modver, so it needs the first 4 bytes).
func dataOffsetField(ver, modver uint16) int {
	switch {
	case ver >= 4:
		return 12
	case ver == 1:
		return 4 + (int(modver)+1)*9
	}
	return 4
}

// appendHeaderV4 encodes h as a version-4 header with the given offsets.
// reqHash is written as given.
func appendHeaderV4(dst []byte, h *Header, offData, offMan uint32) ([]byte, error) {
	for _, f := range []struct{ name, s string }{{"title", h.Title}, {"author", h.Author},
		{"description", h.Description}, {"website", h.Website}, {"download URL", h.DownloadURL}} {
		if utf16Len(f.s) > 0xFFFF {
			return nil, fmt.Errorf("%w: header %s longer than 65535 UTF-16 units", ErrTooLarge, f.name)
		}
	}
	if len(h.Required) > 0xFFFF || len(h.Remove) > 0xFFFF {
		return nil, fmt.Errorf("%w: more than 65535 REQUIRED_MODS or REMOVE_FILES", ErrTooLarge)
	}
	for _, r := range h.Required {
		if utf16Len(r.Name) > 0xFFFF {
			return nil, fmt.Errorf("%w: REQUIRED_MODS name too long", ErrTooLarge)
		}
	}
	for _, s := range h.Remove {
		if utf16Len(s) > 0xFFFF {
			return nil, fmt.Errorf("%w: REMOVE_FILES path too long", ErrTooLarge)
		}
	}
	le := binary.LittleEndian
	dst = le.AppendUint16(dst, 4)
	dst = le.AppendUint16(dst, h.ModVersion)
	for _, w := range h.GameVersion {
		dst = le.AppendUint16(dst, w)
	}
	dst = le.AppendUint32(dst, offData)
	dst = le.AppendUint32(dst, offMan)
	for _, s := range []string{h.Title, h.Author, h.Description, h.Website, h.DownloadURL} {
		dst = appendSS(dst, s)
	}
	dst = le.AppendUint64(dst, uint64(h.ModID))
	dst = le.AppendUint32(dst, h.Flags)
	dst = le.AppendUint64(dst, h.ReqHash)
	dst = le.AppendUint16(dst, uint16(len(h.Required)))
	for _, r := range h.Required {
		dst = appendSS(dst, r.Name)
		dst = le.AppendUint64(dst, uint64(r.ID))
		dst = le.AppendUint16(dst, r.Version)
	}
	dst = le.AppendUint16(dst, uint16(len(h.Remove)))
	for _, s := range h.Remove {
		dst = appendSS(dst, s)
	}
	return dst, nil
}

// ParseHeader decodes a .MOD header from the start of b and returns it
// with the number of bytes it took. It checks only the header itself.
func ParseHeader(b []byte) (*Header, int, error) { return parseHeader(b) }

// LooksLikeMod reports whether head (the first bytes of a file) starts
// with a plausible version-4 header whose offData matches its length, a
// signature strong enough to recognise a .MOD under any name.
func LooksLikeMod(head []byte) bool {
	if len(head) < minHeaderV4 || binary.LittleEndian.Uint16(head) != 4 {
		return false
	}
	offData := binary.LittleEndian.Uint32(head[12:])
	offMan := binary.LittleEndian.Uint32(head[16:])
	if offData < minHeaderV4 || offData > uint32(len(head)) || offMan < offData+8 {
		return false
	}
	_, n, err := parseHeader(head[:offData])
	return err == nil && n == int(offData)
}
