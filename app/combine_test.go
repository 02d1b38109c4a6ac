package app

import (
	"slices"
	"testing"

	"packsmith/backend/tl2/combine"
	"packsmith/backend/tl2/loadorder"
	"packsmith/internal/savetest"
)

// The window's Combine into one mod: the characters bound to the active
// mods are listed first (Hero and Wolf, bound to Alpha); the combine job
// deploys, lists the combined mod alone and moves them.
func TestCombineJob(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	if err := savetest.UserDir(dir); err != nil {
		t.Fatal(err)
	}
	a := testApp(t, &events{}, nil, nil)
	req := CombineRequest{UserDir: dir, Name: "Alpha and Combined", MoveCharacters: true}
	chars, err := result[[]combine.Character](a)(a.CombineCharacters(req))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range chars {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"Hero", "Wolf"}) {
		t.Fatalf("bound characters %v, want Hero and Wolf", names)
	}
	d, err := result[*combine.Deployed](a)(a.Combine(req))
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != "Alpha and Combined" || d.Profile == "" || len(d.Characters) != 2 || !d.Characters[0].Moved || !d.Characters[1].Moved {
		t.Errorf("%+v", d)
	}
	st, err := loadorder.Open(t.Context(), loadorder.Options{UserDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if got := st.Order(); !slices.Equal(got, []int64{d.ID}) {
		t.Errorf("modlauncher.sch lists %v, want %d alone", got, d.ID)
	}
	if _, err := a.Combine(CombineRequest{}); err == nil {
		t.Error("a combine without a user folder started")
	}
}
