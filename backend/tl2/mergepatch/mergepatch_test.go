package mergepatch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

func TestDescriptionRoundTrip(t *testing.T) {
	srcs := []Source{{ID: -5, Title: "A | b", Hash: "0123456789abcdef"}, {ID: 7, Title: "B", Hash: "fedcba9876543210"}}
	got, ok := Recorded(Description(srcs))
	want := []Source{{ID: -5, Hash: "0123456789abcdef"}, {ID: 7, Hash: "fedcba9876543210"}}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("Recorded(%q) = %+v %v", Description(srcs), got, ok)
	}
	if _, ok := Recorded("a mod of its own"); ok {
		t.Error("a foreign description read as a patch's")
	}
}

func TestNoBase(t *testing.T) {
	if _, err := Build(context.Background(), Options{UserDir: t.TempDir()}); !errors.Is(err, ErrNoBase) {
		t.Fatalf("err %v, want ErrNoBase", err)
	}
}

// A shared source that is not text (the generated demo mods hold junk
// under .DAT names) is skipped with its reason, not a failure; with nothing
// left to merge no patch is written.
func TestUnreadableSkipped(t *testing.T) {
	user := t.TempDir()
	if err := loadordertest.Write(user, []loadordertest.Spec{
		{Rel: "mods/A.MOD", Title: "A", ID: 1, Files: []string{"MEDIA/X.DAT"}},
		{Rel: "mods/B.MOD", Title: "B", ID: 2, Files: []string{"MEDIA/X.DAT"}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{1, 2}); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(t.TempDir(), "MEDIA")
	if err := os.MkdirAll(base, 0o755); err != nil {
		t.Fatal(err)
	}
	rep, err := Build(context.Background(), Options{UserDir: user, BaseDir: base})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Shared != 1 || len(rep.Files) != 0 || len(rep.Skipped) != 1 || rep.Skipped[0].Path != "MEDIA/X.DAT" ||
		!strings.Contains(rep.Skipped[0].Reason, "A's version cannot be read") {
		t.Fatalf("shared %d files %d skipped %+v", rep.Shared, len(rep.Files), rep.Skipped)
	}
	_, err = Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: filepath.Join(t.TempDir(), "P.MOD")})
	if err == nil || !strings.Contains(err.Error(), "nothing to merge") {
		t.Errorf("err %v", err)
	}
}
