package filetable

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Encode writes t as a FileTable.bin. Counts, fileTableOffset, totalSize,
// every batch's record offset and (Reborn) every external record offset
// are recomputed from the directories, batches and rows; the other fields
// are written as they are. Rows must be in table order: directory by
// directory, batch by batch (as Decode returns them). A Reborn table's
// external records follow totalSize in row order, each its NUL-terminated
// path and u32 size, zero-padded to 8 bytes. A table laid out that way
// (as the game's is, per the notes) comes back byte for byte.
func Encode(t *Table) ([]byte, error) {
	var bo binary.ByteOrder = binary.LittleEndian
	if t.BigEndian {
		bo = binary.BigEndian
	}
	nb := 0
	for _, d := range t.Directories {
		nb += int(d.BatchCount)
	}
	if nb != len(t.Batches) {
		return nil, fmt.Errorf("filetable: directories count %d batches, the table has %d", nb, len(t.Batches))
	}
	fto := HeaderSize + 8*len(t.Names) + 24*len(t.Directories) + 8*len(t.Batches)
	// Records, batch by batch, in directory order.
	var recs, ext []byte
	row := 0
	batches := append([]Batch(nil), t.Batches...)
	for di, d := range t.Directories {
		if int(d.BatchTableOffset)%8 != 0 || int(d.BatchTableOffset/8)+int(d.BatchCount) > len(batches) {
			return nil, fmt.Errorf("filetable: directory %d: batch table offset 0x%X out of range", d.ID, d.BatchTableOffset)
		}
		for bi := int(d.BatchTableOffset / 8); bi < int(d.BatchTableOffset/8)+int(d.BatchCount); bi++ {
			bt := &batches[bi]
			bt.RecordOffset = uint32(len(recs))
			size := recordSizes[bt.Flags&7]
			if size == 0 {
				return nil, fmt.Errorf("filetable: directory %d: batch flags %d not supported", d.ID, bt.Flags)
			}
			for j := 0; j < int(bt.FileCount); j++ {
				if row >= len(t.Rows) {
					return nil, fmt.Errorf("filetable: directory %d (#%d) needs more rows than the %d given", d.ID, di, len(t.Rows))
				}
				r := t.Rows[row]
				row++
				rec := make([]byte, size)
				if t.Reborn {
					bo.PutUint32(rec, uint32(len(ext)/8))
					e := append([]byte(r.Path), 0, 0, 0, 0, 0)
					bo.PutUint32(e[len(r.Path)+1:], r.Size)
					for len(e)%8 != 0 {
						e = append(e, 0)
					}
					ext = append(ext, e...)
				} else {
					copy(rec, r.Record)
				}
				recs = append(recs, rec...)
			}
		}
	}
	if row != len(t.Rows) {
		return nil, fmt.Errorf("filetable: %d rows given, the batches hold %d", len(t.Rows), row)
	}
	total := fto + len(recs)
	out := make([]byte, HeaderSize, total+len(ext))
	h := t.Header
	bo.PutUint16(out[0:], Magic)
	bo.PutUint16(out[2:], uint16(len(t.Names)))
	bo.PutUint16(out[4:], uint16(len(t.Directories)))
	bo.PutUint16(out[6:], h.Unknown06)
	bo.PutUint32(out[8:], uint32(fto))
	bo.PutUint32(out[12:], uint32(total))
	copy(out[0x10:0x20], h.TitleID1)
	copy(out[0x20:0x30], h.TitleID2)
	out[0x32], out[0x33] = h.Unknown32, h.ParentalLevel
	copy(out[0x34:0x44], h.InstallKey[:])
	var w [24]byte
	for _, n := range t.Names {
		bo.PutUint32(w[0:], n.Hash)
		bo.PutUint16(w[4:], n.Dir)
		bo.PutUint16(w[6:], n.File)
		out = append(out, w[:8]...)
	}
	for _, d := range t.Directories {
		w = [24]byte{}
		bo.PutUint16(w[0:], d.ID)
		w[2], w[3] = b2u(d.Encrypted), d.DataBlockSize
		bo.PutUint32(w[4:], d.DataBaseOffset)
		w[9] = b2u(d.InInstallData)
		bo.PutUint16(w[10:], d.BatchCount)
		bo.PutUint16(w[12:], d.NameTableCount)
		bo.PutUint16(w[14:], d.NameTableIndex)
		bo.PutUint32(w[16:], d.BatchTableOffset)
		bo.PutUint32(w[20:], d.DataInstallBaseOffset)
		out = append(out, w[:]...)
	}
	for _, b := range batches {
		bo.PutUint16(w[0:], b.BaseFileID)
		bo.PutUint16(w[2:], b.FileCount)
		bo.PutUint32(w[4:], b.RecordOffset&(1<<29-1)|uint32(b.Flags)<<29)
		out = append(out, w[:8]...)
	}
	out = append(out, recs...)
	return append(out, ext...), nil
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// File is one file for New.
type File struct {
	Dir  uint16
	Path string // relative to Data/, '/'-separated
	Size uint32
}

// New makes a Reborn table: one directory per distinct Dir (in order of
// first use), one batch per directory numbering its files from 0, no name
// table, external records in order.
func New(title string, files []File) *Table {
	t := &Table{Reborn: true}
	t.Unknown06 = 4
	t.TitleID1, t.TitleID2 = title, title
	dirs := map[uint16]int{}
	var order []uint16
	byDir := map[uint16][]File{}
	for _, f := range files {
		if _, ok := dirs[f.Dir]; !ok {
			dirs[f.Dir] = len(order)
			order = append(order, f.Dir)
		}
		byDir[f.Dir] = append(byDir[f.Dir], f)
	}
	for i, id := range order {
		t.Directories = append(t.Directories, Directory{ID: id, BatchCount: 1, NameTableIndex: 0xFFFF, BatchTableOffset: uint32(8 * i)})
		t.Batches = append(t.Batches, Batch{FileCount: uint16(len(byDir[id]))})
		for j, f := range byDir[id] {
			t.Rows = append(t.Rows, Row{Dir: id, File: uint16(j), Path: f.Path, Size: f.Size})
		}
	}
	return t
}

// Find returns the index of the row naming path (compared without case,
// '\' and '/' alike), or -1.
func (t *Table) Find(path string) int {
	norm := func(s string) string {
		return strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(s, "./"), `\`, "/"))
	}
	p := norm(path)
	for i, r := range t.Rows {
		if r.Path != "" && norm(r.Path) == p {
			return i
		}
	}
	return -1
}

// SetSize writes a Reborn row's new data size into the table bytes b (the
// ones t was decoded from) in place; nothing else changes.
func (t *Table) SetSize(b []byte, row int, size uint32) error {
	if row < 0 || row >= len(t.Rows) || !t.Reborn {
		return fmt.Errorf("filetable: no Reborn row %d", row)
	}
	r := &t.Rows[row]
	if r.SizeOffset <= 0 || r.SizeOffset+4 > int64(len(b)) {
		return fmt.Errorf("filetable: row %d (%s): size field at 0x%X outside the %d-byte table", row, r.Path, r.SizeOffset, len(b))
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if t.BigEndian {
		bo = binary.BigEndian
	}
	bo.PutUint32(b[r.SizeOffset:], size)
	r.Size = size
	return nil
}
