package modpack

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// HeldDeploy is a deploy Pack did not do: inherited fields were guessed
// and it would have replaced a copy already deployed (the user's working
// one). The window asks, then calls Deploy.
type HeldDeploy struct {
	ModsDir string   `json:"modsDir"`
	Copies  []string `json:"copies"` // the deployed .MODs it would replace
	Enable  bool     `json:"enable"`
	Reason  string   `json:"reason"`
}

// holdDeploy decides whether Pack holds the deploy (Options.HoldGuessedDeploy):
// only when fields were guessed and a deployed copy of the mod (same
// MOD_ID, or the same file name) is there to be replaced.
func holdDeploy(opt *Options, res *Result) bool {
	if !opt.HoldGuessedDeploy || len(res.Unresolved) == 0 {
		return false
	}
	modsDir := opt.ModsDir
	if modsDir == "" {
		modsDir = DefaultModsDir()
	}
	copies := DeployedCopies(modsDir, res.ModID, filepath.Base(res.Output))
	if len(copies) == 0 {
		return false
	}
	res.DeployHeld = &HeldDeploy{ModsDir: modsDir, Copies: copies, Enable: opt.Enable,
		Reason: fmt.Sprintf("%d unit%s inherit fields that were guessed (no base-game data for them); deploying would replace %s", len(res.Unresolved), map[bool]string{true: "", false: "s"}[len(res.Unresolved) == 1], strings.Join(copies, ", "))}
	res.Findings = append(res.Findings, Finding{Severity: SevWarning, Stage: StageDeploy,
		Message: "not deployed yet: " + res.DeployHeld.Reason + "; confirm to replace it, or pack with the game folder so nothing is guessed"})
	return true
}

// DeployedCopies lists the .MODs in modsDir (searched as Deploy does) that
// a deploy of the mod would replace: the same MOD_ID, or the file name.
func DeployedCopies(modsDir string, modID int64, name string) []string {
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
		if h, err := readHeader(p); err == nil && h.ModID == modID {
			out = append(out, p)
		}
		return nil
	})
	return out
}
