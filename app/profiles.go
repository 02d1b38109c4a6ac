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
	"packsmith/backend/tl2/saves"
	"packsmith/backend/workspace/jobs"
)

// ProfileAnswer is what a profile action did: the profiles after it, and
// for use the result and the load order read again.
type ProfileAnswer struct {
	Profiles []profiles.Summary  `json:"profiles"`
	Saved    *profiles.Profile   `json:"saved"` // save: the profile written
	Use      *profiles.UseResult `json:"use"`   // use: what it did and what the mods folder lacks
	View     *loadorder.View     `json:"view"`  // use: the load order now
	// Characters: use, the characters bound to mods the switch replaced
	// (not moved: the window asks); move-characters, the same moved, each
	// with its result or error.
	Characters []saves.StrandedCharacter `json:"characters"`
}

// LoadOrderProfile starts a job doing action on the profile named name:
// "list" (name unused), "save" (the open load order's active mods, as
// shown, unsaved changes too), "use" (modlauncher.sch of the open load
// order's user folder becomes the profile, after a backup; refused while
// the list has unsaved changes; a combined build it activates is put
// back, the characters it strands listed), "move-characters" (move the
// characters the load order strands, after the window asked) or "rm".
// The job's result is a *ProfileAnswer.
func (s *LoadOrderService) LoadOrderProfile(action, name string) (string, error) {
	action = strings.TrimSpace(action)
	switch action {
	case "list", "save", "use", "rm", "move-characters":
	default:
		return "", fmt.Errorf("profile: unknown action %q (list, save, use, rm, move-characters)", action)
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
		err = s.profileUse(ctx, st, name, out)
	case "move-characters":
		err = s.profileMoveCharacters(ctx, st, out)
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
// (read again, under its lock, after its combined build is put back when
// needed) and then shows that folder's list anew, with the characters the
// switch strands.
func (s *LoadOrderService) profileUse(ctx context.Context, st profiles.Store, name string, out *ProfileAnswer) error {
	open, v, err := s.openState()
	if err != nil {
		return err
	}
	if open.Dirty() {
		return fmt.Errorf("profile %q: the list has unsaved changes; save or revert them first", name)
	}
	p, err := st.Get(name)
	if err != nil {
		return err
	}
	res, err := saves.UseProfile(ctx, saves.UseOptions{Profiles: st, Profile: p,
		Load: loadorder.Options{UserDir: v.UserDir, ModsDir: v.ModsDir, InstallDir: v.InstallDir, Tidy: deploy.FinishInterrupted}})
	if err != nil {
		return err
	}
	out.Use, out.Characters = res.UseResult, res.Characters
	out.View, err = s.openLoadOrder(ctx, v.UserDir, v.ModsDir)
	return err
}

// profileMoveCharacters moves the characters the open load order
// strands (bound to a combined mod it replaced by the mods it holds, or
// the other way): what the window does once the player said yes.
func (s *LoadOrderService) profileMoveCharacters(ctx context.Context, st profiles.Store, out *ProfileAnswer) error {
	_, v, err := s.openState()
	if err != nil {
		return err
	}
	o := saves.Options{UserDir: v.UserDir, ModsDir: v.ModsDir}
	if out.Characters, err = saves.Stranded(ctx, o, saves.Swaps(v)); err != nil {
		return err
	}
	saves.MoveStranded(ctx, o, st, out.Characters, nil)
	out.View, err = s.openLoadOrder(ctx, v.UserDir, v.ModsDir)
	return err
}
