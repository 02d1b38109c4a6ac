package app

// Checks between mods (issue 32), bound for the window: the Pack view's
// "Between mods" findings (a mod folder checked against the active mods)
// and Load order's "Check between mods" (every active mod, shown on the
// rows' problems). A thin forward to backend/tl2/check, as a job: it
// reads every active .MOD. Nothing is kept in the service.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/check"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/workspace/jobs"
)

// CheckMods starts a job checking target (a mod folder or a .MOD; "" =
// the active mods alone) against the active mods and the game's data. The
// active mods are those of the load order open in the Load order view,
// with its unsaved changes (what the user is about to save), else of the
// user folder in Settings (else the system's default; none there: the
// target alone). base is the game (its folder, PAKS or DATA.PAK) or a
// MEDIA folder; "" = Settings' game folder, else none (references into the
// game are then notes, not checked). The job's result is a *check.Report.
func (s *LoadOrderService) CheckMods(target, base string) (string, error) {
	target = strings.TrimSpace(target)
	what := "the active mods"
	if target != "" {
		what = filepath.Base(target)
	}
	return startCall(s.jobs, "check", "Checking "+what+" between mods", what, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		active, err := s.activeMods(ctx)
		if err != nil {
			return nil, err
		}
		o := check.RunOptions{Target: target, Active: active, BaseDir: strings.TrimSpace(base), Budget: s.budget, CacheDir: check.DefaultCacheDir()}
		if o.BaseDir == "" {
			o.GameDir = s.settings.Get().GameDir
		}
		if target == "" && len(active) == 0 {
			return nil, fmt.Errorf("check: no mod is active: nothing to check")
		}
		return check.Run(ctx, o)
	}), nil
}

// activeMods are the loaded mods of the open load order, else of the
// settings' user folder.
func (s *LoadOrderService) activeMods(ctx context.Context) ([]check.Source, error) {
	s.loadOrder.Lock()
	st := s.loadOrder.st
	var v *loadorder.View
	if st != nil {
		v = st.View()
	}
	s.loadOrder.Unlock()
	if v != nil {
		return check.ActiveMods(v), nil
	}
	set := s.settings.Get()
	user, mods := set.TL2UserDir, set.ModsDir
	if user == "" {
		d, err := loadorder.DefaultUserDir()
		if err != nil {
			return nil, nil // no user folder on this system: the target alone
		}
		user, mods = d, ""
	}
	if _, err := os.Stat(user); err != nil {
		return nil, nil // no such user folder: the target alone
	}
	lo, err := loadorder.Open(ctx, loadorder.Options{UserDir: user, ModsDir: mods})
	if err != nil {
		return nil, err
	}
	defer lo.Close()
	return check.ActiveMods(lo.View()), nil
}
