package app

// The deploy a pack held back (issue 11): inherited fields were guessed and
// deploying would replace the user's deployed copy. The Pack view asks,
// then calls DeployHeld.

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/workspace/jobs"
)

// HeldDeployRequest names a packed .MOD whose deploy was held.
type HeldDeployRequest struct {
	Output  string `json:"output"`
	ModID   string `json:"modId"` // decimal: int64 does not fit a JavaScript number
	ModsDir string `json:"modsDir"`
	Enable  bool   `json:"enable"`
}

// DeployHeld starts a job deploying a .MOD after the user agreed to
// replace the deployed copy (older copies are moved aside, as every deploy
// does). Its result is a *deploy.Result.
func (s *PackService) DeployHeld(req HeldDeployRequest) (string, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(req.ModID), 10, 64)
	if err != nil {
		return "", fmt.Errorf("deploy: MOD_ID %q is not a 64-bit integer", req.ModID)
	}
	out := strings.TrimSpace(req.Output)
	return startCall(s.jobs, "deploy", "Deploying "+filepath.Base(out), out, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return deploy.Mod(ctx, out, id, strings.TrimSpace(req.ModsDir), req.Enable)
	}), nil
}
