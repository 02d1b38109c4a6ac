package app

import (
	"context"
	"errors"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/view/meshview"
	"packsmith/internal/modelgen"
)

// unitArchive is a generated unit listing n animations, each its own
// .SKELETON, opened as a folder archive, and its mesh's entry.
func unitArchive(t *testing.T, n int) (*App, archive.Archive, archive.Entry) {
	t.Helper()
	u, err := modelgen.Unit()
	if err != nil {
		t.Fatal(err)
	}
	f := u.Under("MEDIA/MODELS/BOX/")
	if err := f.Animations(n); err != nil {
		t.Fatal(err)
	}
	a := folderArchive(t, f)
	e, ok := archive.Find(a, "MEDIA/MODELS/BOX/BOX.MESH")
	if !ok {
		t.Fatal("no BOX.MESH")
	}
	return testApp(t, &events{}, nil, nil), a, e
}

// The window's model view (/api/mesh) stops when its request ends and
// reads a unit's skeletons within the window's memory budget (issue 44: a
// unit listing 12,000 animations held the window, with no cancel and no
// budget).
func TestModelViewCancelAndBudget(t *testing.T) {
	const n = 1500
	s, a, e := unitArchive(t, n)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if b, err := s.assets.meshPack(ctx, a, e); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled request: %d bytes, %v; want context.Canceled", len(b), err)
	}
	b, err := s.assets.meshPack(context.Background(), a, e)
	if err != nil {
		t.Fatal(err)
	}
	h, _, err := meshview.ParsePack(b)
	if err != nil || h.Meshes[0].Skin == nil || len(h.Meshes[0].Skin.Animations) != n {
		t.Fatalf("%v: skin %+v", err, h.Meshes[0].Skin)
	}
	for i, an := range h.Meshes[0].Skin.Animations {
		if an.Problem != "" {
			t.Fatalf("animation %d: %s", i, an.Problem)
		}
	}
	// The window's budget nearly all taken by other work: the skeletons
	// that do not fit are problems of their animations, not read.
	budget := s.assets.budget
	release, err := budget.Take("other work", budget.Available()-64<<10)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	b, err = s.assets.meshPack(context.Background(), a, e)
	if err != nil {
		t.Fatal(err)
	}
	h, _, _ = meshview.ParsePack(b)
	over := 0
	for _, an := range h.Meshes[0].Skin.Animations {
		if strings.Contains(an.Problem, "memory") {
			over++
		}
	}
	if over == 0 || over == n {
		t.Errorf("%d of %d animations over the budget, want some (64 KB left)", over, n)
	}
}

// The level view (/api/level) bakes a layout with no .MPP within its
// request: a closed request stops the bake and sends nothing, where the
// bake ran on a background context to the end.
func TestLevelViewCancel(t *testing.T) {
	f, err := modelgen.Mod(3, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	a := folderArchive(t, f)
	e, _ := archive.Find(a, modelgen.LevelFile)
	s := testApp(t, &events{}, nil, nil)
	if _, err := s.assets.levelPack(context.Background(), a, e); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if b, err := s.assets.levelPack(ctx, a, e); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled request: %d bytes, %v; want context.Canceled", len(b), err)
	}
}
