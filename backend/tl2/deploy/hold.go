package deploy

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// The hold: a pack whose units inherit fields that were guessed (no
// base-game data for them) does not deploy over a copy already in the mods
// folder, which is likely the user's working one. Pack (backend/tl2/modpack,
// Options.HoldGuessedDeploy) asks Hold, reports the Held deploy, and the
// window asks the user, then deploys with Mod (app/packhold.go).

// Held is a deploy not done: inherited fields were guessed and it would
// have replaced a copy already deployed.
type Held struct {
	ModsDir string   `json:"modsDir"`
	Copies  []string `json:"copies"` // the deployed .MODs it would replace
	Enable  bool     `json:"enable"`
	Reason  string   `json:"reason"`
}

// Hold decides whether the deploy of the .MOD named name (MOD_ID modID)
// into modsDir ("" = DefaultModsDir) waits for the user: only when guessed
// units (that many) inherit guessed fields and a deployed copy of the mod (the same
// MOD_ID, or the same file name) is there to be replaced. nil: deploy.
func Hold(modsDir string, modID int64, name string, enable bool, guessed int) *Held {
	if guessed == 0 {
		return nil
	}
	if modsDir == "" {
		modsDir = DefaultModsDir()
	}
	copies := Copies(modsDir, modID, name)
	if len(copies) == 0 {
		return nil
	}
	return &Held{ModsDir: modsDir, Copies: copies, Enable: enable,
		Reason: fmt.Sprintf("%d unit%s inherit fields that were guessed (no base-game data for them); deploying would replace %s", guessed, map[bool]string{true: "", false: "s"}[guessed == 1], strings.Join(copies, ", "))}
}

// Copies lists the .MODs in modsDir (searched as Mod does) that a deploy
// of the mod would replace: the same MOD_ID, or the file name.
func Copies(modsDir string, modID int64, name string) []string {
	var out []string
	if modsDir == "" {
		return out
	}
	filepath.WalkDir(modsDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".mod") {
			return nil
		}
		if filepath.Dir(p) == filepath.Clean(modsDir) && strings.EqualFold(d.Name(), name) {
			out = append(out, p)
			return nil
		}
		if h, err := ReadHeader(p); err == nil && h.ModID == modID {
			out = append(out, p)
		}
		return nil
	})
	return out
}
