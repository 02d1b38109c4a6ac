package app

// Load order → Characters (issue 48), bound for the window: thin forwards
// to backend/tl2/saves, each a job (a user folder's saves are read whole).

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/saves"
	"packsmith/backend/workspace/jobs"
)

// Characters starts a job listing the characters of userDir (save\ and
// modsave\) with their bound mods resolved against modsDir ("" =
// userDir/mods) and the load order; its result is a *saves.List.
func (s *LoadOrderService) Characters(userDir, modsDir string) (string, error) {
	if strings.TrimSpace(userDir) == "" {
		return "", fmt.Errorf("characters: give the Torchlight II user folder (the one holding save and modsave)")
	}
	return startCall(s.jobs, "characters", "Reading the characters of "+filepath.Base(userDir), userDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return saves.ListCharacters(ctx, saves.Options{UserDir: userDir, ModsDir: modsDir})
	}), nil
}

// MoveCharacter starts a job binding the character saved in savePath to
// mod to instead of the from mods (ids as decimal strings); the old save
// goes to the backups first. Its result is a *saves.MoveResult.
func (s *LoadOrderService) MoveCharacter(userDir, modsDir, savePath string, from []string, to string) (string, error) {
	if strings.TrimSpace(savePath) == "" || len(from) == 0 || strings.TrimSpace(to) == "" {
		return "", fmt.Errorf("move character: give the save, the mods to move from and the mod to move to")
	}
	return startCall(s.jobs, "char-move", "Moving "+filepath.Base(savePath), savePath, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return saves.Move(ctx, saves.MoveOptions{Options: saves.Options{UserDir: userDir, ModsDir: modsDir}, Save: savePath, From: from, To: to})
	}), nil
}
