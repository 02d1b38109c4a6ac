package zipdrv

// EntryExtra is what a zip's central directory says of one entry
// (archive.Entry.Extra). Fields are in the order of their JSON keys.
type EntryExtra struct {
	CRC32  uint32 `json:"crc32"`  // of the decoded bytes
	Method string `json:"method"` // "stored", "deflate", or "method N"
}

func (*EntryExtra) Shadowed() bool { return false }
func (*EntryExtra) From() string   { return "" }
