// Package preview decides how an entry is shown and produces what the window
// displays: decoded text, image bytes, or raw bytes for the hex view.
// Families and format packages add renderers (textures, walk grids,
// decompiled binaries) through Register.
package preview

import "packsmith/formats/gametext"

// Text is an entry decoded for the text view (formats/gametext decodes it,
// so a bake below view reads text as the preview shows it). It is its own
// type, not gametext.Text, because the window's bindings name it
// preview.Text (frontend/wailsjs/go/models.ts).
type Text struct {
	Text      string `json:"text"`
	Encoding  string `json:"encoding"` // "UTF-8", "UTF-8 BOM", "UTF-16LE BOM", "UTF-16LE", "UTF-16BE BOM", "CP949"
	Truncated bool   `json:"truncated"`
}

// DecodeText turns bytes into text (gametext.Decode): the encoding from a
// BOM, BOM-less UTF-16LE from its zero bytes, CP949 when it reads as
// Korean. ok is false when the bytes do not look like text.
func DecodeText(b []byte) (Text, bool) {
	t, ok := gametext.Decode(b)
	return Text{Text: t.Text, Encoding: t.Encoding}, ok
}

// LooksText is DecodeText's ok without the decoding (gametext.LooksText).
func LooksText(b []byte) bool { return gametext.LooksText(b) }
