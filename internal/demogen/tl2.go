package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/mod"
)

// writeTL2Demo packs the demo's sample mod folder into a .MOD (what the
// Pack view makes) and copies its entries into a DATA.PAK + DATA.PAK.MAN
// pair, so every Torchlight II container is in the demo workspace.
func writeTL2Demo(dir string) error {
	modPath := filepath.Join(dir, "PACKSMITH_SAMPLE.MOD")
	if _, err := modpack.Pack(context.Background(), filepath.Join(dir, "sample_mod"), modpack.Options{Output: modPath}); err != nil {
		return fmt.Errorf("packing the sample mod: %w", err)
	}
	f, err := os.Open(modPath)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	r, err := mod.NewReader(f, st.Size(), nil)
	if err != nil {
		return err
	}
	pak, err := os.Create(filepath.Join(dir, "DATA.PAK"))
	if err != nil {
		return err
	}
	defer pak.Close()
	man, err := os.Create(filepath.Join(dir, "DATA.PAK.MAN"))
	if err != nil {
		return err
	}
	defer man.Close()
	w, err := mod.NewPakWriter(pak, man, nil)
	if err != nil {
		return err
	}
	for i := range r.Entries {
		e := &r.Entries[i]
		if err := w.CopyRaw(r, e, mod.FileHeader{Name: e.Path, FileTime: e.FileTime}); err != nil {
			w.Abort()
			return err
		}
	}
	return w.Close()
}
