package main

import (
	"encoding/binary"
	"os"
	"path/filepath"

	"packsmith/formats/reborn/filetable"
	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
	"packsmith/formats/reborn/txte"
)

// writeRebornData writes a small Tactics Ogre: Reborn Data/ folder, built
// from the layouts in formats/reborn (no game files are available): a
// FileTable.bin naming two .dat files, one holding a nested pack (ids in
// the event-scene style) with a text table in it.
//
//	event/scene001.dat   RotXor > ZIP(pack) > pakd
//	                       #0 xlce  #1 pakd {#0 txte (id 0x10000), #1 data (id 0x11000)}  #2 data
//	menu/menu_text.dat   RotXor > ZIP(pack) > pakd
//	                       #0 txte  #1 MLZ0 (a txte)
func writeRebornData(dir string) error {
	scene := rebornDat(pakd.Build([]pakd.Item{
		{Data: pakd.Pad(demoXlce())},
		{Data: pakd.Nested(pakd.Build([]pakd.Item{
			{ID: 0x10000, Data: pakd.Pad(txte.Encode([]txte.Row{
				{Key: "scene001_msg00", Text: "Denam: We fight for Golyat."},
				{Key: "scene001_msg01", Text: "Vyce: \uF8FF\u0001Then we fight together."},
				{Key: "scene001_msg02", Text: "Catiua: Brother, be careful."},
			}))},
			{ID: 0x11000, Data: pakd.Pad([]byte("face portrait bytes"))},
		}))},
		{Data: pakd.Pad([]byte("event script bytes"))},
	}))
	menu := rebornDat(pakd.Build([]pakd.Item{
		{Data: pakd.Pad(txte.Encode([]txte.Row{{Key: "menu_new_game", Text: "New Game"}, {Key: "menu_continue", Text: "Continue"}}))},
		{Data: mlz0.Encode(txte.Encode([]txte.Row{{Key: "menu_quit", Text: "Quit to title"}}))},
	}))
	files := []struct {
		path string
		data []byte
	}{{"event/scene001.dat", scene}, {"menu/menu_text.dat", menu}}
	var rows []filetable.File
	for i, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			return err
		}
		rows = append(rows, filetable.File{Dir: uint16(1000 + i), Path: f.path, Size: uint32(len(f.data))})
	}
	tb, err := filetable.Encode(filetable.New("REBORN", rows))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "FileTable.bin"), tb, 0o644)
}

func rebornDat(payload []byte) []byte {
	z, err := onezip.Write("pack", payload)
	if err != nil {
		panic(err)
	}
	rotxor.Encrypt(z)
	return z
}

// demoXlce: 3 rows of (u32 id, u32 price).
func demoXlce() []byte {
	b := make([]byte, 16+3*8)
	copy(b, "xlce")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 3)
	le.PutUint32(b[8:], 16)
	le.PutUint32(b[12:], 8)
	for i := 0; i < 3; i++ {
		le.PutUint32(b[16+8*i:], uint32(100+i))
		le.PutUint32(b[20+8*i:], uint32(250*(i+1)))
	}
	return b
}
