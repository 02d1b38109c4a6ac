package app

// Profiles (issue 43), bound for the window: Load order's profile picker.
// A thin forward to backend/tl2/profiles, as a job (saving and using hash
// every mod file of the setup).

import (
	"context"
	"fmt"
	"strings"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/profiles"
	"packsmith/backend/workspace/jobs"
)

// ProfileAnswer is what a profile action did: the profiles after it, and
// for use the result and the load order read again.
type ProfileAnswer struct {
	Profiles []profiles.Summary  `json:"profiles"`
	Saved    *profiles.Profile   `json:"saved"` // save: the profile written
	Use      *profiles.UseResult `json:"use"`   // use: what it did and what the mods folder lacks
	View     *loadorder.View     `json:"view"`  // use: the load order now
}

// LoadOrderProfile starts a job doing action on the profile named name:
// "list" (name unused), "save" (the open load order's active mods, as
// shown, unsaved changes too), "use" (modlauncher.sch of the open load
// order's user folder becomes the profile, after a backup; refused while
// the list has unsaved changes) or "rm". The job's result is a
// *ProfileAnswer.
func (s *LoadOrderService) LoadOrderProfile(action, name string) (string, error) {
	action = strings.TrimSpace(action)
	switch action {
	case "list", "save", "use", "rm":
	default:
		return "", fmt.Errorf("profile: unknown action %q (list, save, use, rm)", action)
	}
	if action != "list" {
		if err := profiles.CheckName(name); err != nil {
			return "", err
		}
	}
	title := "Profiles"
	if action != "list" {
		title = fmt.Sprintf("Profile %q: %s", name, action)
	}
	return startCall(s.jobs, "profile", title, name, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return s.profileAction(ctx, profiles.Default(), action, name)
	}), nil
}

func (s *LoadOrderService) profileAction(ctx context.Context, st profiles.Store, action, name string) (*ProfileAnswer, error) {
	out := &ProfileAnswer{}
	var err error
	switch action {
	case "save":
		out.Saved, err = s.profileSave(ctx, st, name)
	case "use":
		out.Use, out.View, err = s.profileUse(ctx, st, name)
	case "rm":
		err = st.Remove(name)
	}
	if err != nil {
		return nil, err
	}
	if out.Profiles, err = st.List(); err != nil {
		return nil, err
	}
	return out, nil
}

// openState is the load order the view has open.
func (s *LoadOrderService) openState() (*loadorder.State, *loadorder.View, error) {
	s.loadOrder.Lock()
	defer s.loadOrder.Unlock()
	if s.loadOrder.st == nil {
		return nil, nil, fmt.Errorf("profile: no load order is open")
	}
	return s.loadOrder.st, s.loadOrder.st.View(), nil
}

func (s *LoadOrderService) profileSave(ctx context.Context, st profiles.Store, name string) (*profiles.Profile, error) {
	_, v, err := s.openState()
	if err != nil {
		return nil, err
	}
	p, err := profiles.Snapshot(ctx, name, v)
	if err != nil {
		return nil, err
	}
	return p, st.Save(ctx, p)
}

// profileUse writes the profile into the open load order's user folder
// (read again, under its lock) and then shows that folder's list anew.
func (s *LoadOrderService) profileUse(ctx context.Context, st profiles.Store, name string) (*profiles.UseResult, *loadorder.View, error) {
	open, v, err := s.openState()
	if err != nil {
		return nil, nil, err
	}
	if open.Dirty() {
		return nil, nil, fmt.Errorf("profile %q: the list has unsaved changes; save or revert them first", name)
	}
	p, err := st.Get(name)
	if err != nil {
		return nil, nil, err
	}
	lo, err := loadorder.OpenLocked(ctx, loadorder.Options{UserDir: v.UserDir, ModsDir: v.ModsDir, InstallDir: v.InstallDir, Tidy: deploy.FinishInterrupted})
	if err != nil {
		return nil, nil, err
	}
	res, err := profiles.Use(ctx, p, lo)
	lo.Close()
	if err != nil {
		return nil, nil, err
	}
	nv, err := s.openLoadOrder(ctx, v.UserDir, v.ModsDir)
	return res, nv, err
}
