// Package kind names what an entry is from its file name, so previews and
// the entry list can say "texture" or "text" for any family.
package kind

import (
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/tl2/mod"
)

// Kinds shared across families. Families may use their own (BINDAT, txte…).
const (
	Text    = "text"
	Image   = "image"
	Texture = "texture" // DDS, TGA: needs our own decoder
	Audio   = "audio"
	Archive = "archive"
	Binary  = "binary"
)

// byExt: TL2's text sources (.dat, .layout, …) are added from the one
// list in formats/tl2/mod.
var byExt = withSources(map[string]string{
	".txt": Text, ".ini": Text, ".xml": Text, ".json": Text, ".csv": Text, ".lua": Text,
	".md": Text, ".cfg": Text, ".log": Text, ".htm": Text, ".html": Text, ".material": Text,
	".program": Text, ".fontdef": Text, ".imageset": Text, ".scheme": Text, ".font": Text,
	".png": Image, ".jpg": Image, ".jpeg": Image, ".gif": Image, ".bmp": Image,
	".dds": Texture, ".tga": Texture, ".btx": Texture,
	".wav": Audio, ".ogg": Audio, ".mp3": Audio,
	// Archives (.zip, .mod, .pak, .iop, …) are not listed: FromName asks
	// the registered families (backend/archive/family.go), so a new family
	// is an archive here without an edit. ".dat" stays text above: a TL2
	// .DAT entry is text (the Reborn family says NotArchiveInside).
	".bindat": "BINDAT", ".binlayout": "BINLAYOUT", ".raw": "RAW", ".mpp": "walkgrid",
	// Ogre binaries: named so in a folder as in a .MOD (issue 34: a .MESH
	// was "binary" in a folder and "mesh" in the .MOD built from it).
	".mesh": "mesh", ".skeleton": "skeleton",
})

func withSources(m map[string]string) map[string]string {
	for _, x := range mod.SourceExts() {
		m[strings.ToLower(x)] = Text
	}
	return m
}

// FromName guesses an entry's kind from its extension (case-insensitive).
func FromName(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if k, ok := byExt[ext]; ok {
		return k
	}
	if archive.IsArchiveInside(ext) {
		return Archive
	}
	return Binary
}
