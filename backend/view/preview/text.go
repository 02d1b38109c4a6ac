// Package preview decides how an entry is shown and produces what the window
// displays: decoded text, image bytes, or raw bytes for the hex view.
// Families and format packages add renderers (textures, walk grids,
// decompiled binaries) through Register.
package preview

import "packsmith/formats/gametext"

// Text is an entry decoded for the text view (formats/gametext decodes it,
// so a bake below view reads text as the preview shows it).
type Text = gametext.Text

// DecodeText turns bytes into text (gametext.Decode): the encoding from a
// BOM, BOM-less UTF-16LE from its zero bytes, CP949 when it reads as
// Korean. ok is false when the bytes do not look like text.
func DecodeText(b []byte) (Text, bool) { return gametext.Decode(b) }

// LooksText is DecodeText's ok without the decoding (gametext.LooksText).
func LooksText(b []byte) bool { return gametext.LooksText(b) }
