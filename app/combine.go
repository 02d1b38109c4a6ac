package app

// Load order → Combine into one mod (issue 43, with 48's characters),
// bound for the window in a service of its own (LoadOrderService is at
// its bound-method cap): thin forwards to backend/tl2/combine, each a job.

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/combine"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/workspace/jobs"
)

// CombineRequest is what the window's Combine dialog sends.
type CombineRequest struct {
	UserDir string `json:"userDir"`
	ModsDir string `json:"modsDir"` // "" = UserDir/mods
	BaseDir string `json:"baseDir"` // the game's MEDIA folder, to merge shared text ("" with GameDir "": the winner's)
	GameDir string `json:"gameDir"`
	Name    string `json:"name"` // the combined mod's title ("" = the default)
	// MoveCharacters moves the characters bound to the combined mods to
	// it (the window asks first, listing CombineCharacters' answer).
	MoveCharacters bool `json:"moveCharacters"`
}

func (r CombineRequest) options() (combine.Options, error) {
	if strings.TrimSpace(r.UserDir) == "" {
		return combine.Options{}, fmt.Errorf("combine: give the Torchlight II user folder (the one holding modlauncher.sch)")
	}
	w, err := mergepatch.LoadWinners(r.UserDir)
	if err != nil {
		return combine.Options{}, err
	}
	return combine.Options{UserDir: r.UserDir, ModsDir: r.ModsDir, BaseDir: r.BaseDir, GameDir: r.GameDir, Name: r.Name, Winners: w}, nil
}

// CombineCharacters starts a job listing the characters bound to the
// active mods a combine would hold (the game refuses them once those mods
// give way to the combined one); its result is a []combine.Character.
func (s *CombineService) CombineCharacters(r CombineRequest) (string, error) {
	o, err := r.options()
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "combine-characters", "Finding the characters bound to the active mods", r.UserDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return combine.Bound(ctx, o)
	}), nil
}

// Combine starts a job combining the active mods into one and deploying
// it: the mods folder gets the combined mod, modlauncher.sch lists it
// instead of them, the setup before is saved as a profile, and, asked,
// the bound characters move to it. Progress: the merge, the pack of the
// merged files, the block copy. Its result is a *combine.Deployed.
func (s *CombineService) Combine(r CombineRequest) (string, error) {
	o, err := r.options()
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "combine", "Combining the active mods of "+filepath.Base(r.UserDir), r.UserDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		o.Progress, o.Budget = progressTo(p), s.budget
		return combine.Deploy(ctx, o, r.MoveCharacters)
	}), nil
}
