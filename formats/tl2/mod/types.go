package mod

import (
	"fmt"
	"path"
	"strings"
)

// FileType is the manifest's type byte. The game and GUTS classify by the
// upper-cased extension; see TypeFromName.
type FileType uint8

// Type codes (tl2-notes §2.7).
const (
	TypeDAT            FileType = 0 // .DAT .TEMPLATE, compiled BINDAT
	TypeLayout         FileType = 1 // .LAYOUT, compiled BINLAYOUT
	TypeMesh           FileType = 2
	TypeSkeleton       FileType = 3
	TypeDDS            FileType = 4
	TypePNG            FileType = 5
	TypeSound          FileType = 6 // .WAV .OGG
	TypeFolder         FileType = 7 // directory placeholder, not a file
	TypeMaterial       FileType = 8
	TypeRAW            FileType = 9
	TypeUILayout       FileType = 10
	TypeImageset       FileType = 11
	TypeTTF            FileType = 12
	TypeFont           FileType = 13
	TypeDATSource      FileType = 14 // TL2Lib only: text .DAT
	TypeLayoutSource   FileType = 15 // TL2Lib only: text .LAYOUT
	TypeAnimation      FileType = 16 // compiled BINDAT
	TypeHIE            FileType = 17 // compiled BINDAT
	TypeOther          FileType = 18 // unknown extension (.PSD seen)
	TypeScheme         FileType = 19
	TypeLookNFeel      FileType = 20
	TypeMPP            FileType = 21
	TypeTemplateSource FileType = 22 // TL2Lib only: text .TEMPLATE
	TypeBIK            FileType = 23
	TypeJPG            FileType = 24 // the one type GUTS stores uncompressed
)

var typeNames = [...]string{
	"DAT", "LAYOUT", "MESH", "SKELETON", "DDS", "PNG", "SOUND", "FOLDER", "MATERIAL", "RAW",
	"UILAYOUT", "IMAGESET", "TTF", "FONT", "DAT_SOURCE", "LAYOUT_SOURCE", "ANIMATION", "HIE",
	"OTHER", "SCHEME", "LOOKNFEEL", "MPP", "TEMPLATE_SOURCE", "BIK", "JPG",
}

// String names the type ("DAT", "FOLDER", …; unknown codes as "TYPE_<n>").
func (t FileType) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("TYPE_%d", uint8(t))
}

// typeByExt: the text sources' rows come from sources (source.go).
var typeByExt = withSources(map[string]FileType{
	".MESH": TypeMesh, ".SKELETON": TypeSkeleton, ".DDS": TypeDDS, ".PNG": TypePNG, ".WAV": TypeSound, ".OGG": TypeSound,
	".MATERIAL": TypeMaterial, ".RAW": TypeRAW, ".UILAYOUT": TypeUILayout, ".IMAGESET": TypeImageset,
	".TTF": TypeTTF, ".TTC": TypeTTF, ".FONT": TypeFont,
	".SCHEME": TypeScheme, ".LOOKNFEEL": TypeLookNFeel, ".MPP": TypeMPP, ".MPD": TypeMPP,
	".BIK": TypeBIK, ".JPG": TypeJPG,
})

func withSources(m map[string]FileType) map[string]FileType {
	for _, s := range sources {
		m[s.ext] = s.kind
	}
	return m
}

// TypeFromName classifies a file by its upper-cased extension, the way GUTS
// does; a compiled FOO.DAT.BINDAT is classified by .DAT.
func TypeFromName(name string) FileType {
	n := strings.ToUpper(name)
	n = strings.TrimSuffix(strings.TrimSuffix(n, ".BINDAT"), ".BINLAYOUT")
	if t, ok := typeByExt[path.Ext(n)]; ok {
		return t
	}
	return TypeOther
}

// Compiled reports whether GUTS stores this type as compiled binary
// (BINDAT or BINLAYOUT) under the source name.
func (t FileType) Compiled() bool {
	return t == TypeDAT || t == TypeLayout || t == TypeAnimation || t == TypeHIE
}
