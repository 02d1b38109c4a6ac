package extract

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

// A cancelled extract into a folder that did not exist removes the folders
// it made: a SIGTERM during extract --png left an empty target folder.
// A folder that was there before stays.
func TestCancelRemovesTheFolderItMade(t *testing.T) {
	a := drivertest.NewMem("small.zip", map[string][]byte{"one.bin": make([]byte, 1<<10)})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	parent := t.TempDir()
	dir := filepath.Join(parent, "out", "deep")
	if _, err := Extract(ctx, a, dir, nil, nil, Options{Workers: 1}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want canceled", err)
	}
	if _, err := os.Stat(filepath.Join(parent, "out")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the cancelled extract left its target folder: %v", err)
	}
	if _, err := Extract(ctx, a, parent, nil, nil, Options{Workers: 1}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(parent); err != nil {
		t.Fatal("a folder that was there before was removed")
	}
}
