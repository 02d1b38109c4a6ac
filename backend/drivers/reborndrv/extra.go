package reborndrv

// EntryExtra is what a Reborn .dat says of one entry (archive.Entry.Extra).
// Fields are in the order of their JSON keys; the ones marked omitempty
// appear only when they apply.
type EntryExtra struct {
	Error string `json:"error,omitempty"` // why the entry did not decode
	ID    string `json:"id,omitempty"`    // the pakd id, 0x%08X, when not 0
	// Index and Offset place an entry of a nested pack: its number and
	// its offset in the payload (absent for a single-file .dat).
	Index  *int   `json:"index,omitempty"`
	Kind   string `json:"kind"`   // what the bytes are (mlz0, btx, …)
	Layers string `json:"layers"` // the wrappers read, outermost first
	Offset *int64 `json:"offset,omitempty"`
}

func (*EntryExtra) Shadowed() bool { return false }
func (*EntryExtra) From() string   { return "" }

// DataExtra is what FileTable.bin says of one file of a Reborn data folder
// (folder.go), and what the disk says of it.
type DataExtra struct {
	Dir      uint16 `json:"dir"`
	DiskPath string `json:"diskPath"` // where the file should be
	DiskSize *int64 `json:"diskSize,omitempty"`
	File     uint16 `json:"file"`
	// Problem says what disagrees (a missing file, another size); "" when
	// nothing does.
	Problem   string `json:"problem,omitempty"`
	TableSize uint32 `json:"tableSize"`
}

func (*DataExtra) Shadowed() bool { return false }
func (*DataExtra) From() string   { return "" }
