package saves

import (
	"context"
	"errors"
	"fmt"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/profiles"
	"packsmith/backend/workspace/backups"
)

// UseOptions say which profile to use where, and whether to move the
// characters it strands.
type UseOptions struct {
	Load     loadorder.Options // the user folder (opened twice: before, then locked)
	Profiles profiles.Store
	Profile  *profiles.Profile
	// Move moves each stranded character across its swap; without, they
	// are listed (the command line names them and goes on, the window
	// asks and calls MoveAcross).
	Move    bool
	Backups *backups.Store
}

// UseResult is what UseProfile did.
type UseResult struct {
	*profiles.UseResult
	Swaps      []Swap              `json:"swaps"`
	Characters []StrandedCharacter `json:"characters"`
}

// UseProfile switches the user folder to a profile: its combined build put
// back when the mods folder lost it (Store.Redeploy), modlauncher.sch
// written (profiles.Use, backed up), then the characters bound to the
// mods the switch replaces (Swaps) listed, and with o.Move moved. A
// character that fails to move is listed with its error; the others
// still move.
func UseProfile(ctx context.Context, o UseOptions) (*UseResult, error) {
	before, err := loadorder.Open(ctx, o.Load)
	if err != nil {
		return nil, err
	}
	v0 := before.View()
	before.Close()
	red, err := o.Profiles.Redeploy(ctx, o.Profile, v0)
	noCopy := errors.Is(err, profiles.ErrNoKeptBuild)
	if err != nil && !noCopy {
		return nil, err
	}
	lo := o.Load
	lo.UserDir, lo.ModsDir = v0.UserDir, v0.ModsDir
	s, err := loadorder.OpenLocked(ctx, lo)
	if err != nil {
		return nil, err
	}
	used, err := profiles.Use(ctx, o.Profile, s)
	var v1 *loadorder.View
	if err == nil {
		v1 = s.View()
	}
	s.Close()
	if err != nil {
		return nil, err
	}
	used.Redeployed = red
	for i, n := range used.Needs {
		if noCopy && n.ID == o.Profile.Combined.ID {
			used.Needs[i].Message += "; the profile keeps no copy of that combined build: combine its mods again"
		}
	}
	res := &UseResult{UseResult: used, Swaps: Swaps(v1)}
	opts := Options{UserDir: v0.UserDir, ModsDir: v0.ModsDir}
	if res.Characters, err = Stranded(ctx, opts, res.Swaps); err != nil {
		return nil, fmt.Errorf("profile %q is in use; listing the characters it strands: %w", o.Profile.Name, err)
	}
	if o.Move {
		MoveStranded(ctx, opts, o.Profiles, res.Characters, o.Backups)
	}
	return res, nil
}

// MoveStranded moves each character across its swap (MoveAcross), the
// unit record of the combined build taken from the profiles when one has
// it; each gets its result or its error.
func MoveStranded(ctx context.Context, o Options, st profiles.Store, cs []StrandedCharacter, store *backups.Store) {
	units := map[string]map[string]string{}
	for i := range cs {
		c := &cs[i]
		if ctx.Err() != nil {
			c.Error = ctx.Err().Error()
			continue
		}
		var u map[string]string
		if c.Swap.Back {
			if _, ok := units[c.Swap.Combined]; !ok {
				units[c.Swap.Combined] = RecordedUnits(st, c.Swap.Combined)
			}
			u = units[c.Swap.Combined]
		}
		r, err := MoveAcross(ctx, o, *c, u, store)
		if err != nil {
			c.Error = err.Error()
			continue
		}
		c.Moved = r
	}
}
