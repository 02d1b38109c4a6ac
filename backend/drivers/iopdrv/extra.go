package iopdrv

// EntryExtra is what a pack's central directory says of one entry
// (archive.Entry.Extra). Fields are in the order of their JSON keys; the
// ones marked omitempty appear only when they apply.
type EntryExtra struct {
	Comment   string `json:"comment"`           // the entry comment, shown from CP949
	CRC       string `json:"crc"`               // CRC-32 of the decoded bytes, 8 hex digits
	Deleted   bool   `json:"deleted,omitempty"` // the delete list beside rs.iop/map.iop hides it
	Encrypted bool   `json:"encrypted"`         // ZipCrypto
	Index     int    `json:"index"`             // position in the central directory
	// INIScrambled: an .ini stored with the client's byte scramble.
	INIScrambled bool   `json:"iniScrambled"`
	Method       string `json:"method"` // "stored", "deflate", or "method N"
	// Pack names the pack a game folder's entry comes from (gamedir.go).
	Pack string `json:"pack,omitempty"`
	// IsShadowed: a later copy of the name wins (Winner is its index) and
	// Wasted the bytes this one takes, when they could be measured.
	IsShadowed bool   `json:"shadowed,omitempty"`
	Wasted     *int64 `json:"wasted,omitempty"`
	Winner     int    `json:"winner,omitempty"` // never 0: a later copy wins
}

func (x *EntryExtra) Shadowed() bool { return x.IsShadowed }
func (x *EntryExtra) From() string   { return x.Pack }
