package filetable

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Magic is the first u16 in the table's byte order.
const Magic = 0x1EF1

// HeaderSize is the fixed header before the name table.
const HeaderSize = 0x44

// ErrFormat is wrapped by every decoding error.
var ErrFormat = errors.New("filetable: malformed")

func errf(off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s (offset 0x%X)", ErrFormat, fmt.Sprintf(format, args...), off)
}

// Header is the fixed part.
type Header struct {
	NameCount       uint16
	DirectoryCount  uint16
	Unknown06       uint16
	FileTableOffset uint32
	TotalSize       uint32
	TitleID1        string
	TitleID2        string
	Unknown32       uint8
	ParentalLevel   uint8
	InstallKey      [16]byte
}

// Directory is one DirectoryHeader.
type Directory struct {
	ID                    uint16
	Encrypted             bool
	DataBlockSize         uint8
	DataBaseOffset        uint32
	InInstallData         bool
	BatchCount            uint16
	NameTableCount        uint16
	NameTableIndex        uint16
	BatchTableOffset      uint32
	DataInstallBaseOffset uint32
}

// Name is one NameHeader.
type Name struct {
	Hash uint32
	Dir  uint16
	File uint16
}

// Batch is one BatchHeader.
type Batch struct {
	BaseFileID   uint16
	FileCount    uint16
	RecordOffset uint32 // from FileTableOffset
	Flags        uint8
}

// Row is one file.
type Row struct {
	Dir      uint16 `json:"dir"`
	File     uint16 `json:"file"`
	NameHash uint32 `json:"nameHash,omitempty"` // 0: no name
	Path     string `json:"path,omitempty"`     // Reborn: the external file
	Size     uint32 `json:"size,omitempty"`     // Reborn: its data size
	Record   []byte `json:"-"`                  // the raw per-file record
	// SizeOffset is where, in the file, the u32 data size of a Reborn
	// row's external record sits (0 on PSP).
	SizeOffset int64 `json:"-"`
}

// Table is a decoded FileTable.bin.
type Table struct {
	Header
	BigEndian   bool
	Reborn      bool
	Names       []Name
	Directories []Directory
	Batches     []Batch
	Rows        []Row
}

var recordSizes = [8]int{0: 4, 2: 4, 3: 6, 4: 6, 5: 8}

// Decode reads a whole FileTable.bin. Every count is checked against the
// length of b before anything is allocated.
func Decode(b []byte) (*Table, error) {
	if len(b) < HeaderSize {
		return nil, errf(0, "%d bytes, shorter than the header", len(b))
	}
	var bo binary.ByteOrder = binary.LittleEndian
	t := &Table{}
	switch {
	case binary.LittleEndian.Uint16(b) == Magic:
	case binary.BigEndian.Uint16(b) == Magic:
		bo, t.BigEndian = binary.BigEndian, true
	default:
		return nil, errf(0, "magic %02X%02X is not 0x1EF1", b[1], b[0])
	}
	h := &t.Header
	h.NameCount = bo.Uint16(b[2:])
	h.DirectoryCount = bo.Uint16(b[4:])
	h.Unknown06 = bo.Uint16(b[6:])
	h.FileTableOffset = bo.Uint32(b[8:])
	h.TotalSize = bo.Uint32(b[12:])
	h.TitleID1 = cstr(b[0x10:0x20])
	h.TitleID2 = cstr(b[0x20:0x30])
	h.Unknown32 = b[0x32]
	h.ParentalLevel = b[0x33]
	copy(h.InstallKey[:], b[0x34:0x44])
	if int64(h.TotalSize) > int64(len(b)) || h.FileTableOffset > h.TotalSize {
		return nil, errf(8, "record span 0x%X..0x%X outside the %d-byte file", h.FileTableOffset, h.TotalSize, len(b))
	}
	t.Reborn = int64(len(b)) > int64(h.TotalSize)
	pos := int64(HeaderSize)
	need := pos + 8*int64(h.NameCount) + 24*int64(h.DirectoryCount)
	if need > int64(h.FileTableOffset) {
		return nil, errf(2, "%d names and %d directories run past fileTableOffset 0x%X", h.NameCount, h.DirectoryCount, h.FileTableOffset)
	}
	t.Names = make([]Name, h.NameCount)
	for i := range t.Names {
		t.Names[i] = Name{Hash: bo.Uint32(b[pos:]), Dir: bo.Uint16(b[pos+4:]), File: bo.Uint16(b[pos+6:])}
		pos += 8
	}
	t.Directories = make([]Directory, h.DirectoryCount)
	batches := 0
	for i := range t.Directories {
		d := b[pos:]
		t.Directories[i] = Directory{
			ID: bo.Uint16(d), Encrypted: d[2] != 0, DataBlockSize: d[3], DataBaseOffset: bo.Uint32(d[4:]),
			InInstallData: d[9] != 0, BatchCount: bo.Uint16(d[10:]), NameTableCount: bo.Uint16(d[12:]),
			NameTableIndex: bo.Uint16(d[14:]), BatchTableOffset: bo.Uint32(d[16:]), DataInstallBaseOffset: bo.Uint32(d[20:]),
		}
		batches += int(t.Directories[i].BatchCount)
		pos += 24
	}
	if pos+8*int64(batches) != int64(h.FileTableOffset) {
		return nil, errf(pos, "%d batches end at 0x%X, fileTableOffset is 0x%X", batches, pos+8*int64(batches), h.FileTableOffset)
	}
	t.Batches = make([]Batch, batches)
	for i := range t.Batches {
		v := bo.Uint32(b[pos+4:])
		t.Batches[i] = Batch{BaseFileID: bo.Uint16(b[pos:]), FileCount: bo.Uint16(b[pos+2:]), RecordOffset: v & (1<<29 - 1), Flags: uint8(v >> 29)}
		pos += 8
	}
	recs := b[h.FileTableOffset:h.TotalSize]
	ext := b[h.TotalSize:]
	for di, d := range t.Directories {
		if d.BatchTableOffset%8 != 0 || int64(d.BatchTableOffset/8)+int64(d.BatchCount) > int64(batches) {
			return nil, errf(HeaderSize+8*int64(h.NameCount)+24*int64(di)+16, "directory %d: batch table offset 0x%X out of range", d.ID, d.BatchTableOffset)
		}
		for _, bt := range t.Batches[d.BatchTableOffset/8:][:d.BatchCount] {
			size := recordSizes[bt.Flags]
			if size == 0 {
				return nil, errf(int64(h.FileTableOffset)+int64(bt.RecordOffset), "directory %d: batch flags %d not supported", d.ID, bt.Flags)
			}
			if int64(bt.RecordOffset)+int64(bt.FileCount)*int64(size) > int64(len(recs)) {
				return nil, errf(int64(h.FileTableOffset)+int64(bt.RecordOffset), "directory %d: %d records past totalSize", d.ID, bt.FileCount)
			}
			for j := 0; j < int(bt.FileCount); j++ {
				ro := int64(bt.RecordOffset) + int64(j*size)
				r := Row{Dir: d.ID, File: bt.BaseFileID + uint16(j), Record: recs[ro : ro+int64(size)]}
				r.NameHash = t.nameHash(d, r.File)
				if t.Reborn {
					eo := int64(bo.Uint32(r.Record)) * 8
					p, n, err := extRecord(ext, eo, bo)
					if err != nil {
						return nil, errf(int64(h.TotalSize)+eo, "directory %d file %d: %v", d.ID, r.File, err)
					}
					r.Path, r.Size = p, n
					r.SizeOffset = int64(h.TotalSize) + eo + int64(len(p)) + 1
				}
				t.Rows = append(t.Rows, r)
			}
		}
	}
	return t, nil
}

func (t *Table) nameHash(d Directory, file uint16) uint32 {
	if d.NameTableCount == 0 || d.NameTableIndex == 0xFFFF {
		return 0
	}
	lo := int(d.NameTableIndex)
	hi := min(lo+int(d.NameTableCount), len(t.Names))
	for i := lo; i < hi; i++ {
		if t.Names[i].Dir == d.ID && t.Names[i].File == file {
			return t.Names[i].Hash
		}
	}
	return 0
}

func extRecord(ext []byte, off int64, bo binary.ByteOrder) (string, uint32, error) {
	if off >= int64(len(ext)) {
		return "", 0, fmt.Errorf("external record at 0x%X past the end", off)
	}
	s := ext[off:]
	nul := bytes.IndexByte(s, 0)
	if nul < 0 || nul+5 > len(s) {
		return "", 0, fmt.Errorf("external record cut short")
	}
	return string(s[:nul]), bo.Uint32(s[nul+1:]), nil
}

func cstr(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}
