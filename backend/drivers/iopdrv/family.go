package iopdrv

import (
	"context"
	"fmt"

	"packsmith/backend/archive"
)

// The family this package opens (backend/archive/family.go); it also
// creates packs from a folder (Create).
func init() {
	archive.RegisterFamily(archive.Family{Name: "iop", Title: "Lost Saga", Exts: []string{".iop"},
		Description: "Lost Saga resource pack", Hint: "Lost Saga .iop", Class: "LostSagaIop",
		Create: func(ctx context.Context, out, dir, password string, p archive.Progress) (fmt.Stringer, error) {
			return Create(ctx, out, dir, password, p)
		},
		CreateResult: CreateResult{}})
}

// Counts gives the pack's entries and size (archive.Counts).
func (in Info) Counts() (int, int64) { return in.Entries, in.FileSize }

// String is the CLI's line for a new pack. The pack's own size first: the
// files' plain size can be a thousand times more (a gigabyte of zeros
// packs into a megabyte).
func (r CreateResult) String() string {
	enc := "not encrypted"
	if r.Encrypted {
		enc = "encrypted"
	}
	return fmt.Sprintf("wrote %s: %d entries, %d bytes (%d bytes of files before compression), %s, %d .ini scrambled",
		r.Output, r.Entries, r.Size, r.Bytes, enc, r.Scrambled)
}
