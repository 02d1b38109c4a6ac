package tl2drv

// EntryExtra is what a .MOD or DATA.PAK's manifest says of one entry
// (archive.Entry.Extra). Fields are in the order of their JSON keys.
type EntryExtra struct {
	CRC32    string `json:"crc32"`    // of the decoded bytes, 8 hex digits
	FileTime uint64 `json:"fileTime"` // the source's mtime as a Windows FILETIME
	Offset   uint32 `json:"offset"`   // of the block, within the data section
	Type     string `json:"type"`     // the manifest type's name
	TypeCode int    `json:"typeCode"` // the manifest type code
}

// Shadowed: a later copy of a path is found by its listing position, not
// marked (Archive.Shadowed lists them).
func (*EntryExtra) Shadowed() bool { return false }
func (*EntryExtra) From() string   { return "" }
