package loadorder

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

func TestPatchDescriptionRoundTrip(t *testing.T) {
	srcs := []PatchSource{{ID: -5, Title: "A | b\r\nc", Hash: "0123456789abcdef"}, {ID: 7, Title: "B", Hash: "fedcba9876543210"}}
	desc := PatchDescription(srcs)
	if want := "Packsmith merged patch of 2 mods, first wins: -5=0123456789abcdef ; 7=fedcba9876543210 | A / b  c ; B"; desc != want {
		t.Fatalf("description %q, want %q", desc, want)
	}
	got, ok := RecordedSources(desc)
	want := []PatchSource{{ID: -5, Hash: "0123456789abcdef"}, {ID: 7, Hash: "fedcba9876543210"}}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("RecordedSources(%q) = %+v %v", desc, got, ok)
	}
	if _, ok := RecordedSources("a mod of its own"); ok {
		t.Error("a foreign description read as a patch's")
	}
}

// patchFolder writes mods A (1) and B (2) and a merged patch recording
// them as they are now, listed as sch says.
func patchFolder(t *testing.T, sch []int64) (user string) {
	t.Helper()
	user = t.TempDir()
	mods := filepath.Join(user, "mods")
	var rec []PatchSource
	for _, m := range []struct {
		id    int64
		title string
	}{{1, "Mod A"}, {2, "Mod B"}} {
		p := filepath.Join(mods, m.title[4:]+".MOD")
		if err := loadordertest.WriteMod(p, loadordertest.Spec{Title: m.title, ID: m.id, Files: []string{"MEDIA/X.DAT"}}); err != nil {
			t.Fatal(err)
		}
		h, err := FileHash(p)
		if err != nil {
			t.Fatal(err)
		}
		rec = append(rec, PatchSource{ID: m.id, Hash: h, Title: m.title})
	}
	if err := loadordertest.WriteMod(filepath.Join(mods, "PATCH.MOD"), loadordertest.Spec{
		Title: "Merged patch", ID: MergedPatchID, Files: []string{"MEDIA/X.DAT"}, Description: PatchDescription(rec)}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), sch); err != nil {
		t.Fatal(err)
	}
	return user
}

// staleOf is the stale problem on the patch's row ("" = none) and the
// view's MergedPatch.Stale.
func staleOf(t *testing.T, user string) (row, loaded string) {
	t.Helper()
	s := open(t, Options{UserDir: user})
	defer s.Close()
	v := s.View()
	for _, m := range v.Mods {
		if m.ID != MergedPatchID {
			continue
		}
		for _, p := range m.Problems {
			if p.Code == ProbMergedPatchStale {
				row = p.Message
			}
		}
	}
	return row, v.MergedPatch.Stale
}

// One check decides whether the merged patch is stale, for the patch the
// game loads and for one it does not (inactive): the same order, the same
// mods, but a source rewritten since the build is stale through its hash
// alone. Turning that hash comparison off fails both halves.
func TestPatchStaleByHash(t *testing.T) {
	for _, c := range []struct {
		name string
		sch  []int64
	}{{"loaded", []int64{MergedPatchID, 1, 2}}, {"inactive", []int64{1, 2}}} {
		t.Run(c.name, func(t *testing.T) {
			user := patchFolder(t, c.sch)
			if row, _ := staleOf(t, user); row != "" {
				t.Fatalf("a current patch is stale: %s", row)
			}
			// Mod B rewritten: same id, same title, other bytes.
			if err := loadordertest.WriteMod(filepath.Join(user, "mods", "B.MOD"), loadordertest.Spec{
				Title: "Mod B", ID: 2, Files: []string{"MEDIA/X.DAT", "MEDIA/Y.DAT"}}); err != nil {
				t.Fatal(err)
			}
			why := `"Mod B" changed since it was built: build it again (packsmith merge)`
			row, loaded := staleOf(t, user)
			if row != "The merged patch is out of date: "+why+"." {
				t.Errorf("row problem %q", row)
			}
			if c.name == "loaded" && loaded != why {
				t.Errorf("MergedPatch.Stale %q, want %q", loaded, why)
			}
			if c.name == "inactive" && loaded != "" {
				t.Errorf("MergedPatch.Stale %q for a patch the game does not load", loaded)
			}
		})
	}
}

// An inactive patch is judged against what is loaded now, worded as the
// loaded one is: another order. The reason is data too (issue 46: the
// window rewrote "place 1 was 1" into a title): which mod, its title,
// its place then and now, its row and the mod now in its place.
func TestInactivePatchStaleByOrder(t *testing.T) {
	user := patchFolder(t, []int64{2, 1})
	row, _ := staleOf(t, user)
	if want := `The merged patch is out of date: the load order changed since it was built (place 1 was "Mod A", is now "Mod B"): build it again (packsmith merge).`; row != want {
		t.Errorf("row problem %q, want %q", row, want)
	}
	s := open(t, Options{UserDir: user})
	defer s.Close()
	var got *StaleReason
	for _, m := range s.View().Mods {
		for _, p := range m.Problems {
			if p.Code == ProbMergedPatchStale {
				got = p.Stale
			}
		}
	}
	want := StaleReason{What: StaleOrder, Mod: 1, Title: "Mod A", PlaceThen: 1, PlaceNow: 2, Row: 2, Other: 2, OtherTitle: "Mod B"}
	if got == nil || *got != want {
		t.Fatalf("reason %+v, want %+v", got, want)
	}
	b, _ := json.Marshal(got)
	if js := `{"what":"order","mod":"1","title":"Mod A","placeThen":1,"placeNow":2,"row":2,"other":"2","otherTitle":"Mod B"}`; string(b) != js {
		t.Errorf("JSON %s, want %s", b, js)
	}
}
