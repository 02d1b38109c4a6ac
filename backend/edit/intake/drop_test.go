package intake

import (
	"testing"

	"packsmith/backend/archive"
)

// kindedArchive is memArchive whose entries carry the kinds a driver found.
type kindedArchive struct {
	memArchive
	kinds map[string]string
}

func (k *kindedArchive) Entries() []archive.Entry {
	var es []archive.Entry
	for p, b := range k.files {
		es = append(es, archive.Entry{Path: p, Size: int64(len(b)), Kind: k.kinds[p]})
	}
	return es
}

// A picture dropped on a texture replaces it (the window's drop asks
// PictureOnTexture); anything else dropped, or dropped on another entry,
// does not.
func TestPictureOnTexture(t *testing.T) {
	a := &kindedArchive{memArchive: memArchive{files: map[string][]byte{"MEDIA/A.DDS": nil, "#3": nil, "#4": nil, "MEDIA/B.PNG": nil}},
		kinds: map[string]string{"#3": "btx", "#4": "txte"}}
	for _, c := range []struct {
		entry, file string
		want        bool
	}{
		{"MEDIA/A.DDS", "/tmp/new.png", true},
		{"MEDIA/A.DDS", "/tmp/NEW.JPG", true},
		{"MEDIA/A.DDS", "/tmp/new.jpeg", true},
		{"MEDIA/A.DDS", `C:\pics\new.tga`, true},
		{"media/a.dds", "new.png", true}, // the entry's extension in any case
		{"#3", "new.png", true},          // a Reborn btx, told by its kind
		{"MEDIA/A.DDS", "new.dds", false},
		{"MEDIA/A.DDS", "new.bmp", false},
		{"MEDIA/A.DDS", "png", false},
		{"#4", "new.png", false},
		{"MEDIA/B.PNG", "new.png", false}, // a PNG entry is not a texture the write encodes into
		{"#9", "new.png", false},
	} {
		if got := PictureOnTexture(a, c.entry, c.file); got != c.want {
			t.Errorf("PictureOnTexture(%q, %q) = %v, want %v", c.entry, c.file, got, c.want)
		}
	}
}
