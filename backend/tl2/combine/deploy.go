package combine

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/profiles"
	"packsmith/backend/tl2/saves"
)

// Character is a character bound to one or more constituents: the game
// refuses it once they are no longer active, until it is moved to the
// combined mod.
type Character struct {
	File  string   `json:"file"` // relative to the user folder
	Name  string   `json:"name"`
	Mods  []string `json:"mods"` // the constituents' ids it is bound to, decimal
	Moved bool     `json:"moved"`
	// Backup is the ID that restores the save as it was before the move.
	Backup string `json:"backup,omitempty"`
}

// Deployed is what Deploy did.
type Deployed struct {
	*Report
	Deployed string `json:"deployed"` // the combined mod in the mods folder
	// Profile is the profile saved with the load order before the
	// combine: `packsmith profile use NAME` goes back.
	Profile string `json:"profile"`
	// Replaced are the ids whose lines in modlauncher.sch the combined
	// mod's one line replaced, at Place (1-based).
	Replaced    []string    `json:"replaced"`
	Place       int         `json:"place"`
	SchBackupID string      `json:"schBackupId,omitempty"`
	Characters  []Character `json:"characters"`
}

// Deploy builds the combined mod (Build; o.Output "" = a scratch file),
// puts it in the mods folder, saves the load order before as a profile
// and replaces the constituents' lines in modlauncher.sch by its one line,
// at the first constituent's place. The characters bound to the
// constituents are named; with move, each is moved to the combined mod
// (saves.Move: read back, backed up). The steps run in that order; one
// that fails stops the rest and says what was done.
func Deploy(ctx context.Context, o Options, move bool) (*Deployed, error) {
	done, err := deploy.Output(&o.Output, "combine", FileName)
	if err != nil {
		return nil, err
	}
	defer done()
	rep, err := Build(ctx, o)
	if err != nil {
		return nil, err
	}
	d := &Deployed{Report: rep, Replaced: []string{}, Characters: []Character{}}
	if d.Characters, err = bound(ctx, o, rep); err != nil {
		return nil, err
	}
	before, err := keepSetup(ctx, o, d)
	if err != nil {
		return nil, err
	}
	modsDir := deploy.ModsDirOf(o.UserDir, o.ModsDir)
	res, err := deploy.Mod(ctx, rep.Output, rep.ID, modsDir, false)
	if err != nil {
		return nil, fmt.Errorf("deploy (the profile %q keeps the setup before): %w", d.Profile, err)
	}
	d.Deployed = res.Path
	if err := recordBuild(ctx, before, rep, modsDir, d.Deployed); err != nil {
		return nil, err
	}
	if err := replaceLines(ctx, o, d); err != nil {
		return nil, fmt.Errorf("%w (the combined mod is deployed at %s; the profile %q keeps the setup before)", err, d.Deployed, d.Profile)
	}
	if move {
		if err := moveCharacters(ctx, o, d); err != nil {
			return d, err
		}
	}
	return d, nil
}

// Bound lists the characters of the user folder bound to the mods Build
// would combine (o.Mods, or the active mods): the window asks before
// moving them.
func Bound(ctx context.Context, o Options) ([]Character, error) {
	srcs, err := Constituents(ctx, o)
	if err != nil {
		return nil, err
	}
	return bound(ctx, o, &Report{Sources: srcs})
}

// bound lists the characters bound to any constituent.
func bound(ctx context.Context, o Options, rep *Report) ([]Character, error) {
	l, err := saves.ListCharacters(ctx, saves.Options{UserDir: o.UserDir, ModsDir: o.ModsDir})
	if err != nil {
		return nil, err
	}
	ids := map[int64]bool{}
	for _, s := range rep.Sources {
		ids[s.ID] = true
	}
	out := []Character{}
	for _, c := range l.Characters {
		var mods []string
		for _, b := range c.Bound {
			if ids[b.ID] {
				mods = append(mods, strconv.FormatInt(b.ID, 10))
			}
		}
		if len(mods) > 0 {
			out = append(out, Character{File: c.File, Name: c.Name, Mods: mods})
		}
	}
	return out, nil
}

// keepSetup saves the load order as it is as a profile named after the
// time ("before combine 2026-12-06 05.25.00").
func keepSetup(ctx context.Context, o Options, d *Deployed) (*profiles.Profile, error) {
	st, err := loadorder.Open(ctx, loadorder.Options{UserDir: o.UserDir, ModsDir: o.ModsDir})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	name := "before combine " + time.Now().UTC().Format("2006-01-02 15.04.05")
	p, err := profiles.Snapshot(ctx, name, st.View())
	if err != nil {
		return nil, err
	}
	if err := profiles.Default().Put(p); err != nil {
		return nil, fmt.Errorf("saving the setup before as profile %q: %w", name, err)
	}
	d.Profile = name
	return p, nil
}

// recordBuild records in the profile of the setup before the combined
// build of its mods (profiles.Combined: file, SHA-256, id, the
// constituents and which of them provides each unit GUID: a character
// moved back gets, per object, that constituent's id).
func recordBuild(ctx context.Context, p *profiles.Profile, rep *Report, modsDir, deployed string) error {
	rel, err := filepath.Rel(modsDir, deployed)
	if err != nil {
		rel = filepath.Base(deployed)
	}
	p.Combined = &profiles.Combined{File: filepath.ToSlash(rel), SHA256: rep.sha, ID: rep.ID}
	for _, s := range rep.Sources {
		p.Combined.Mods = append(p.Combined.Mods, strconv.FormatInt(s.ID, 10))
	}
	if p.Combined.Units, err = profiles.Providers(ctx, rep.Sources); err != nil {
		return fmt.Errorf("recording which mod provides each unit: %w", err)
	}
	if err := profiles.Default().Put(p); err != nil {
		return fmt.Errorf("recording the combined build in profile %q: %w", p.Name, err)
	}
	return nil
}

// replaceLines makes modlauncher.sch list the combined mod, once, where
// its first constituent was, instead of the constituents (and of the
// merged patch when the combined mod merged itself), under the list's
// lock, backed up as every save of the list is.
func replaceLines(ctx context.Context, o Options, d *Deployed) error {
	st, err := loadorder.OpenLocked(ctx, loadorder.Options{UserDir: o.UserDir, ModsDir: o.ModsDir})
	if err != nil {
		return err
	}
	defer st.Close()
	gone := map[int64]bool{}
	for _, s := range d.Sources {
		gone[s.ID] = true
	}
	if o.BaseDir != "" || o.GameDir != "" {
		gone[mergepatch.PatchID] = true
	}
	gone[d.ID] = true // a rebuild: its own line keeps its place
	for _, m := range st.View().Mods {
		if _, combined := RecordedFile(m.File); combined && m.Active {
			gone[m.ID] = true // an earlier combine of these mods (and others)
		}
	}
	var order []int64
	for _, id := range st.Order() {
		if !gone[id] {
			order = append(order, id)
			continue
		}
		if id != d.ID {
			d.Replaced = append(d.Replaced, strconv.FormatInt(id, 10))
		}
		if d.Place == 0 {
			d.Place = len(order) + 1
			order = append(order, d.ID)
		}
	}
	if d.Place == 0 {
		d.Place = 1
		order = slices.Insert(order, 0, d.ID)
	}
	if err := st.SetOrder(order); err != nil {
		return err
	}
	res, err := st.Save()
	if err != nil {
		return err
	}
	d.SchBackupID = res.BackupID
	return nil
}

// moveCharacters moves each bound character from the constituents to
// the combined mod.
func moveCharacters(ctx context.Context, o Options, d *Deployed) error {
	for i := range d.Characters {
		c := &d.Characters[i]
		r, err := saves.Move(ctx, saves.MoveOptions{Options: saves.Options{UserDir: o.UserDir, ModsDir: o.ModsDir},
			Save: filepath.Join(o.UserDir, filepath.FromSlash(c.File)), From: c.Mods, To: strconv.FormatInt(d.ID, 10)})
		if err != nil {
			return fmt.Errorf("moving %s (%s) to the combined mod: %w", c.Name, c.File, err)
		}
		c.Moved, c.Backup = true, r.BackupID
	}
	return nil
}
