package tl2drv

import (
	"context"
	"fmt"

	"packsmith/backend/archive"
	"packsmith/backend/sys/usermsg"
	"packsmith/formats/tl2/mod"
)

// Info is what `info --json` prints and the window's header card shows.
type Info struct {
	Family       string            `json:"family"` // "tl2-mod" or "tl2-pak"
	Path         string            `json:"path"`
	ManifestPath string            `json:"manifestPath,omitempty"` // DATA.PAK.MAN
	Header       *HeaderInfo       `json:"header,omitempty"`       // nil for a PAK
	Hashes       Hashes            `json:"hashes"`
	Manifest     ManifestInfo      `json:"manifest"`
	Checks       []archive.Finding `json:"checks"` // the checks that need no inflating
}

// HeaderInfo is every .MOD header field.
type HeaderInfo struct {
	Version        uint16            `json:"version"`
	ModVersion     uint16            `json:"modVersion"`
	GameVersion    string            `json:"gameVersion"` // a.b.c.d; "" before header version 4
	DataOffset     uint32            `json:"dataOffset"`
	ManifestOffset uint32            `json:"manifestOffset"`
	Title          string            `json:"title"`
	Author         string            `json:"author"`
	Description    string            `json:"description"`
	Website        string            `json:"website"`
	DownloadURL    string            `json:"downloadUrl"`
	ModID          int64             `json:"modId,string"` // a string: JavaScript numbers lose int64 precision
	Flags          uint32            `json:"flags"`
	Required       []mod.Dependency  `json:"requiredMods"`
	RemoveFiles    []string          `json:"removeFiles"`
	VersionGUIDs   []mod.VersionGUID `json:"versionGuids,omitempty"`
}

// Hashes holds each hash as stored and as recomputed ("0x…" hex).
type Hashes struct {
	RollingHashStored   string `json:"rollingHashStored"`
	RollingHashComputed string `json:"rollingHashComputed"`
	RollingHashOK       bool   `json:"rollingHashOk"`
	ReqHashStored       string `json:"reqHashStored,omitempty"`
	ReqHashComputed     string `json:"reqHashComputed,omitempty"`
	ReqHashOK           bool   `json:"reqHashOk"`
	MHashStored         string `json:"mhashStored,omitempty"`
	// MHashStep is the sampling step that reproduces mhash (0: none does;
	// harmless, the game never checks it).
	MHashStep              int    `json:"mhashStep"`
	MaxCompressedBlockSize uint32 `json:"maxCompressedBlockSize"`
}

// ManifestInfo summarises the manifest.
type ManifestInfo struct {
	Version          uint16 `json:"version"`
	Root             string `json:"root"`
	FileCountStored  uint32 `json:"fileCountStored"` // ignored by the game
	Files            int    `json:"files"`
	Folders          int    `json:"folders"`
	DirectoryRecords int    `json:"directoryRecords"` // GUTS lists directories twice
	DataSize         int64  `json:"dataSize"`
	UnpackedSize     int64  `json:"unpackedSize"`
}

// Info reports the header, both hashes stored and computed, and the
// checks that need no inflating. It returns *Info.
func (a *Archive) Info() any { return a.InfoTyped() }

// InfoTyped is Info without the interface.
func (a *Archive) InfoTyped() *Info {
	r := a.r
	in := &Info{Family: a.family, Path: a.path, ManifestPath: a.manPath}
	if h := r.Header; h != nil {
		hi := &HeaderInfo{
			Version: h.Version, ModVersion: h.ModVersion, DataOffset: h.DataOffset, ManifestOffset: h.ManifestOffset,
			Title: h.Title, Author: h.Author, Description: h.Description, Website: h.Website, DownloadURL: h.DownloadURL,
			ModID: h.ModID, Flags: h.Flags, Required: h.Required, RemoveFiles: h.Remove, VersionGUIDs: h.VersionGUIDs,
		}
		if hi.Required == nil {
			hi.Required = []mod.Dependency{}
		}
		if hi.RemoveFiles == nil {
			hi.RemoveFiles = []string{}
		}
		if h.Version >= 4 {
			hi.GameVersion = h.GameVersion.String()
		}
		in.Header = hi
		computed := mod.ReqHash(h.Required)
		in.Hashes.ReqHashStored = fmt.Sprintf("0x%016X", h.ReqHash)
		in.Hashes.ReqHashComputed = fmt.Sprintf("0x%016X", computed)
		in.Hashes.ReqHashOK = computed == h.ReqHash
	} else {
		in.Hashes.ReqHashOK = true
	}
	in.Hashes.RollingHashStored = fmt.Sprintf("0x%08X", r.RollingHashStored)
	if got, err := r.RollingHash(); err == nil {
		in.Hashes.RollingHashComputed = fmt.Sprintf("0x%08X", got)
		in.Hashes.RollingHashOK = got == r.RollingHashStored
	}
	if r.ManifestVersion >= 2 {
		in.Hashes.MHashStored = fmt.Sprintf("0x%08X", r.MHash)
		if mb, err := r.ManifestBytes(); err == nil {
			in.Hashes.MHashStep = mod.FindMHashStep(mb, r.MHash)
		}
	}
	in.Hashes.MaxCompressedBlockSize = r.MaxCompressedBlockSize
	in.Manifest = ManifestInfo{
		Version: r.ManifestVersion, Root: r.Root, FileCountStored: r.FileCount,
		Files: len(r.Entries), Folders: len(r.Folders), DirectoryRecords: r.DirRecords,
		DataSize: r.DataSection().Size(),
	}
	for i := range r.Entries {
		in.Manifest.UnpackedSize += int64(r.Entries[i].Size)
	}
	in.Checks = convert(r.Check())
	return in
}

// Verify runs every check: hashes, bounds, names, level walk grids, and
// each entry's size and CRC-32 after inflating (on all cores).
func (a *Archive) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	fs, err := a.r.Verify(ctx, func(done, total int64, what string) { p.Progress(done, total, what) })
	return convert(fs), err
}

// convert words the findings for players (no Go package prefixes).
func convert(fs []mod.Finding) []archive.Finding {
	out := make([]archive.Finding, len(fs))
	for i, f := range fs {
		out[i] = archive.Finding{Severity: archive.Severity(f.Severity), Check: f.Check, Entry: f.Entry, Offset: f.Offset, Message: usermsg.Plain(f.Message)}
	}
	return out
}
