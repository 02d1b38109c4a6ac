// Package rebornwrite saves a Reborn text table (txte) edited with
// rebornedit back into its .dat: in place after a backup, or to another
// file, through writeback (atomic rename, the FileTable.bin record that
// names the .dat updated to its new size). Apart from rebornedit so that
// the Reborn driver, which supplies rebornedit's tables, imports no
// writer (writeback's importers stand below the drivers).
package rebornwrite

import (
	"context"
	"os"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
	"packsmith/backend/sys/scratch"
	"packsmith/formats/reborn/txte"
)

// Save replaces the txte at entry of the .dat at datPath with rows: in
// place (out "") after a backup, or written to out. Through writeback, so
// the FileTable.bin naming the file gets its new size.
func Save(ctx context.Context, datPath, out, entry string, rows []txte.Row) (writeback.Result, error) {
	tmp, err := scratch.CreateTemp("txte", "") // named for scratch.CleanStale
	if err != nil {
		return writeback.Result{}, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(txte.Encode(rows)); err != nil {
		tmp.Close()
		return writeback.Result{}, err
	}
	if err := tmp.Close(); err != nil {
		return writeback.Result{}, err
	}
	return writeback.Apply(ctx, datPath, out, []archive.Edit{{Op: archive.EditReplace, Path: entry, Source: tmp.Name()}}, archive.OpenOptions{}, nil)
}
