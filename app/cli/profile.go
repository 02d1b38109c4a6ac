package cli

import (
	"errors"
	"flag"
	"fmt"

	"strings"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/profiles"
	"packsmith/backend/tl2/saves"
)

func init() {
	register(command{
		name:  "profile",
		usage: "profile [--dir USERDIR] [--mods MODSDIR] [--json] list | save NAME | use NAME [--move-characters] | rm NAME | diff A B",
		summary: "Torchlight II: named mod setups. A profile is the ordered list of active mods (by MOD_ID and the SHA-256 of\n" +
			"each .MOD), kept in the settings folder (profiles/NAME.json).\n" +
			"  list        every profile: name, mods, when saved\n" +
			"  save NAME   the load order of USERDIR's modlauncher.sch as profile NAME (replaces one of that name)\n" +
			"  use NAME    set modlauncher.sch to the profile (after a backup: packsmith backups list) and say what the\n" +
			"              mods folder lacks: a mod gone (left out; exit 1), a file changed since (kept), or moved. A\n" +
			"              combined build the profile activates is put back in the mods folder when it was removed or\n" +
			"              rebuilt. The characters bound to mods the switch replaces (a combined mod by its mods, or\n" +
			"              the other way) are named; --move-characters moves them (back: the save's backup restored\n" +
			"              when it was not played since, else each object to the mod providing its unit)\n" +
			"  rm NAME     delete the profile\n" +
			"  diff A B    mods only in A, only in B, moved, with another file; exit 0 same, 1 differ\n" +
			"USERDIR and MODSDIR as for loadorder. --json fields: backend/tl2/profiles/doc.go and the README.",
		run: runProfile,
	})
}

// profileArgs is how many names each subcommand takes.
func profileArgs() map[string]int {
	return map[string]int{"list": 0, "save": 1, "use": 1, "rm": 1, "diff": 2}
}

func runProfile(c *ctx, args []string) error {
	fs := flag.NewFlagSet("profile", flag.ContinueOnError)
	var f loadOrderFlags
	fs.StringVar(&f.dir, "dir", "", "the Torchlight II user folder (holds modlauncher.sch)")
	fs.StringVar(&f.mods, "mods", "", "the mods folder (default USERDIR/mods)")
	fs.BoolVar(&f.js, "json", false, "print JSON")
	move := fs.Bool("move-characters", false, "use: move the characters bound to the mods the switch replaces")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError{"want a subcommand: list, save, use, rm or diff"}
	}
	sub, names := pos[0], pos[1:]
	n, ok := profileArgs()[sub]
	if !ok {
		return usageError{fmt.Sprintf("unknown subcommand %q (list, save, use, rm, diff)", sub)}
	}
	if len(names) != n {
		return usageError{fmt.Sprintf("%s wants %d profile name(s), got %d (quote a name with spaces)", sub, n, len(names))}
	}
	for _, name := range names {
		if err := profiles.CheckName(name); err != nil {
			return usageError{err.Error()}
		}
	}
	if *move && sub != "use" {
		return usageError{"--move-characters goes with use"}
	}
	f.limit = loadorder.DefaultLimit
	st := profiles.Default()
	switch sub {
	case "list":
		return profileList(c, st, f.js)
	case "save":
		return profileSave(c, st, f, names[0])
	case "use":
		return profileUse(c, st, f, names[0], *move)
	case "rm":
		if err := st.Remove(names[0]); err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "Removed profile %q.\n", names[0])
		return nil
	}
	return profileDiff(c, st, f.js, names[0], names[1])
}

func profileList(c *ctx, st profiles.Store, js bool) error {
	l, err := st.List()
	if err != nil {
		return err
	}
	if js {
		return writeJSON(c.stdout, struct {
			Dir      string             `json:"dir"`
			Profiles []profiles.Summary `json:"profiles"`
		}{st.Dir, l})
	}
	if len(l) == 0 {
		fmt.Fprintf(c.stdout, "No profiles yet (%s). Save the current load order with: packsmith profile save NAME\n", st.Dir)
		return nil
	}
	tw := newWideTable(c.stdout)
	fmt.Fprintln(tw, "name\tmods\tsaved")
	for _, s := range l {
		if s.Error != "" {
			fmt.Fprintf(tw, "%s\t-\tunreadable: %s\n", escapeControls(s.Name), escapeControls(s.Error))
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\n", escapeControls(s.Name), s.Mods, s.Saved.Local().Format("2006-01-02 15:04"))
	}
	return tw.Flush()
}

func profileSave(c *ctx, st profiles.Store, f loadOrderFlags, name string) error {
	s, err := openLoadOrder(c, f, false)
	if err != nil {
		return err
	}
	v := s.View()
	s.Close()
	if v.SchError != "" {
		return errors.New(v.SchError)
	}
	p, err := profiles.Snapshot(c.context, name, v)
	if err != nil {
		return err
	}
	if err := st.Save(c.context, p); err != nil {
		return err
	}
	if f.js {
		return writeJSON(c.stdout, p)
	}
	fmt.Fprintf(c.stdout, "Saved profile %q: %d mod%s, from %s.\n", name, len(p.Mods), plural(len(p.Mods)), v.SchPath)
	for i, m := range p.Mods {
		file := m.File
		if file == "" {
			file = "(no file)"
		}
		fmt.Fprintf(c.stdout, "  %d. %s  (id %d, %s)\n", i+1, escapeControls(m.Title), m.ID, escapeControls(file))
	}
	return nil
}

func profileUse(c *ctx, st profiles.Store, f loadOrderFlags, name string, move bool) error {
	p, err := st.Get(name)
	if err != nil {
		return err
	}
	s, err := openLoadOrder(c, f, false)
	if err != nil {
		return err
	}
	o := loadorder.Options{UserDir: s.UserDir(), ModsDir: s.ModsDir(), InstallDir: f.install, Limit: f.limit, Tidy: deploy.FinishInterrupted}
	s.Close()
	res, err := saves.UseProfile(c.context, saves.UseOptions{Load: o, Profiles: st, Profile: p, Move: move})
	if err != nil {
		return err
	}
	if f.js {
		err = writeJSON(c.stdout, res)
	} else {
		printUse(c, res.UseResult)
		printStranded(c, res.Characters, move)
	}
	if err != nil {
		return err
	}
	gone := 0
	for _, n := range res.Needs {
		if n.Kind == profiles.NeedGone {
			gone++
		}
	}
	if gone > 0 {
		return fmt.Errorf("profile %q: %d of its %d mods are gone from the mods folder", p.Name, gone, len(p.Mods))
	}
	for _, ch := range res.Characters {
		if ch.Error != "" {
			return fmt.Errorf("profile %q is in use; %s was not moved", p.Name, escapeControls(ch.Name))
		}
	}
	return nil
}

func printUse(c *ctx, res *profiles.UseResult) {
	if r := res.Redeployed; r != nil {
		fmt.Fprintf(c.stdout, "Put the profile's combined build back: %s (from %s).\n", r.File, r.From)
	}
	switch {
	case res.Save.Written && res.Save.BackupID != "":
		fmt.Fprintf(c.stdout, "Profile %q: %d mod%s active. Wrote %s (old list kept as backup %s).\n", res.Profile, len(res.Order), plural(len(res.Order)), res.Save.Path, res.Save.BackupID)
	case res.Save.Written:
		fmt.Fprintf(c.stdout, "Profile %q: %d mod%s active. Wrote %s.\n", res.Profile, len(res.Order), plural(len(res.Order)), res.Save.Path)
	default:
		fmt.Fprintf(c.stdout, "Profile %q: %d mod%s active; %s already held this list.\n", res.Profile, len(res.Order), plural(len(res.Order)), res.Save.Path)
	}
	for _, n := range res.Needs {
		fmt.Fprintf(c.stderr, "  %s: %s\n", n.Kind, escapeControls(n.Message))
	}
}

// printStranded names the characters bound to mods the switch replaced,
// and what the move did with each.
func printStranded(c *ctx, cs []saves.StrandedCharacter, move bool) {
	for _, ch := range cs {
		name, file := escapeControls(ch.Name), escapeControls(ch.File)
		switch {
		case ch.Error != "":
			fmt.Fprintf(c.stderr, "  %s (%s): not moved: %s\n", name, file, escapeControls(ch.Error))
		case ch.Moved != nil && ch.Moved.Restored:
			fmt.Fprintf(c.stdout, "  %s (%s): restored as it was before its move to mod %s (not played since; the save replaced is backup %s)\n",
				name, file, strings.Join(ch.Swap.From, ", "), ch.Moved.BackupID)
		case ch.Moved != nil:
			fmt.Fprintf(c.stdout, "  %s (%s): moved from mod %s to %s, %d objects (%d by the mod providing their unit); old save kept as backup %s\n",
				name, file, strings.Join(ch.Swap.From, ", "), strings.Join(ch.Swap.To, ", "), ch.Moved.Objects, ch.Moved.ByUnit, ch.Moved.BackupID)
		}
	}
	if !move && len(cs) > 0 {
		if len(cs) == 1 {
			fmt.Fprintln(c.stderr, "1 character is bound to mods this profile replaces; the game will not play it as it is:")
		} else {
			fmt.Fprintf(c.stderr, "%d characters are bound to mods this profile replaces; the game will not play them as they are:\n", len(cs))
		}
		for _, ch := range cs {
			fmt.Fprintf(c.stderr, "  %s (%s): bound to %s, now replaced by %s\n", escapeControls(ch.Name), escapeControls(ch.File),
				strings.Join(ch.Bound, ", "), strings.Join(ch.Swap.To, ", "))
		}
		fmt.Fprintln(c.stderr, "Use the profile again with --move-characters to move them.")
	}
}

func profileDiff(c *ctx, st profiles.Store, js bool, a, b string) error {
	pa, err := st.Get(a)
	if err != nil {
		return err
	}
	pb, err := st.Get(b)
	if err != nil {
		return err
	}
	d := profiles.Diff(pa, pb)
	if js {
		if err := writeJSON(c.stdout, d); err != nil {
			return err
		}
	} else {
		printProfileDiff(c, d)
	}
	if d.Same() {
		return nil
	}
	return diffExit{code: ExitFailure} // as diff: 1 when they differ
}

func printProfileDiff(c *ctx, d *profiles.Difference) {
	w := c.stdout
	if d.Same() {
		fmt.Fprintf(w, "Profiles %q and %q list the same mods, files and order.\n", d.A, d.B)
		return
	}
	for _, m := range d.OnlyA {
		fmt.Fprintf(w, "- %s (id %d): only in %q\n", escapeControls(m.Title), m.ID, d.A)
	}
	for _, m := range d.OnlyB {
		fmt.Fprintf(w, "+ %s (id %d): only in %q\n", escapeControls(m.Title), m.ID, d.B)
	}
	for _, m := range d.Moved {
		fmt.Fprintf(w, "~ %s (id %d): place %d in %q, %d in %q\n", escapeControls(m.Title), m.ID, m.From, d.A, m.To, d.B)
	}
	for _, m := range d.Changed {
		fmt.Fprintf(w, "* %s (id %d): another file: %s %s in %q, %s %s in %q\n", escapeControls(m.Title), m.ID,
			escapeControls(m.A.File), shortHash(m.A.SHA256), d.A, escapeControls(m.B.File), shortHash(m.B.SHA256), d.B)
	}
}

func shortHash(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	return h
}
