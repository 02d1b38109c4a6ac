package app

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/tl2/saves"
	"packsmith/internal/savetest"
)

// The window's Characters: Wolf asks for Beta; moved from Alpha and Beta
// to Combined it plays, and the listing says so.
func TestCharactersAndMove(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	if err := savetest.UserDir(dir); err != nil {
		t.Fatal(err)
	}
	a := testApp(t, &events{}, nil, nil)
	states := func() map[string]string {
		l, err := result[*saves.List](a)(a.Characters(dir, ""))
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, c := range l.Characters {
			m[c.Name] = c.State
		}
		return m
	}
	if got := states()["Wolf"]; got != saves.StateAsks {
		t.Fatalf("Wolf %q before", got)
	}
	p := filepath.Join(dir, "modsave", "7656", "WOLF_{CD34}.SVB")
	r, err := result[*saves.MoveResult](a)(a.MoveCharacter(dir, "", p, []string{"101", "202"}, "-303"))
	if err != nil {
		t.Fatal(err)
	}
	if r.State != saves.StatePlays || r.BackupID == "" {
		t.Fatalf("%+v", r)
	}
	if _, err := os.Stat(r.Backup); err != nil {
		t.Fatal(err)
	}
	if got := states()["Wolf"]; got != saves.StatePlays {
		t.Fatalf("Wolf %q after", got)
	}
	if _, err := a.MoveCharacter(dir, "", p, nil, "1"); err == nil {
		t.Fatal("a move without from mods started")
	}
}
