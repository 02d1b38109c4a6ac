package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/workspace/settings"
)

func init() {
	register(command{
		name:  "loadorder",
		usage: "loadorder [--dir USERDIR] [--mods MODSDIR] [--install GAMEDIR] [--limit N] list [--json] | enable MOD | disable MOD | move MOD --to N|top|bottom | conflicts [--json]",
		summary: "Torchlight II load order: the mods modlauncher.sch activates, in priority order (first wins a file).\n" +
			"USERDIR is the folder holding modlauncher.sch (default: Documents\\My Games\\Runic Games\\Torchlight 2 on Windows,\n" +
			"else the folder last used in the window); MODSDIR defaults to USERDIR\\mods; GAMEDIR (optional) is searched for\n" +
			"mods the game never loads. MOD is a mod id, a file name or a title.\n" +
			"  list        every mod: place, title, version, id, file, and its problems in words\n" +
			"  enable      add MOD at the bottom of the list      disable   take MOD off the list\n" +
			"  move        put MOD at place N (1 = top, wins every shared file), top or bottom\n" +
			"  conflicts   every file two or more loaded mods ship: who wins, who loses; per mod counts\n" +
			"enable, disable and move save modlauncher.sch at once, after a backup (packsmith backups list).\n" +
			"--limit N: how many mods the game activates (default 10; a mod below it is listed as not loaded).\n" +
			"--json fields are documented in backend/tl2/loadorder/doc.go (and the README).",
		run: runLoadOrder,
	})
}

// loadOrderFlags are the flags every loadorder subcommand accepts.
type loadOrderFlags struct {
	dir, mods, install, to string
	js                     bool
	limit                  int
}

// loadOrderSub is one loadorder subcommand: whether it changes the list
// (then it is opened under the lock and takes one MOD) and what it does.
type loadOrderSub struct {
	changes bool
	run     func(c *ctx, s *loadorder.State, f loadOrderFlags, mod string) error
}

// loadOrderSubs is the dispatch table of `loadorder`.
func loadOrderSubs() map[string]loadOrderSub {
	return map[string]loadOrderSub{
		"list":      {run: loadOrderList},
		"conflicts": {run: loadOrderConflicts},
		"enable":    {changes: true, run: loadOrderEnable},
		"disable":   {changes: true, run: loadOrderDisable},
		"move":      {changes: true, run: loadOrderMove},
	}
}

func runLoadOrder(c *ctx, args []string) error {
	fs := flag.NewFlagSet("loadorder", flag.ContinueOnError)
	var f loadOrderFlags
	fs.StringVar(&f.dir, "dir", "", "the Torchlight II user folder (holds modlauncher.sch)")
	fs.StringVar(&f.mods, "mods", "", "the mods folder (default USERDIR/mods)")
	fs.StringVar(&f.install, "install", "", "the game's install folder, searched for misplaced mods")
	fs.BoolVar(&f.js, "json", false, "print JSON")
	fs.StringVar(&f.to, "to", "", "move: N, top or bottom")
	fs.IntVar(&f.limit, "limit", loadorder.DefaultLimit, "how many mods the game activates")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError{"want a subcommand: list, enable, disable, move or conflicts"}
	}
	name, rest := pos[0], pos[1:]
	sub, ok := loadOrderSubs()[name]
	if !ok {
		return usageError{fmt.Sprintf("unknown subcommand %q (list, enable, disable, move, conflicts)", name)}
	}
	if err := checkLoadOrderArgs(name, sub, rest, f.to); err != nil {
		return err
	}
	s, err := openLoadOrder(c, f, sub.changes)
	if err != nil {
		return err
	}
	defer s.Close()
	mod := ""
	if len(rest) == 1 {
		mod = rest[0]
	}
	return sub.run(c, s, f, mod)
}

// checkLoadOrderArgs checks a subcommand's MOD and --to before anything is
// opened.
func checkLoadOrderArgs(name string, sub loadOrderSub, rest []string, to string) error {
	if !sub.changes {
		if len(rest) != 0 {
			return usageError{fmt.Sprintf("%s takes no MOD", name)}
		}
		return nil
	}
	if len(rest) != 1 {
		return usageError{fmt.Sprintf("%s wants one MOD (an id, a file name or a title; quote a title with spaces)", name)}
	}
	if name == "move" && to == "" {
		return usageError{"move wants --to N, --to top or --to bottom"}
	}
	if name != "move" && to != "" {
		return usageError{"--to goes with move"}
	}
	return nil
}

// openLoadOrder opens the load order the flags name (else the folders the
// window last used), locked when the subcommand changes it.
func openLoadOrder(c *ctx, f loadOrderFlags, changes bool) (*loadorder.State, error) {
	o := loadorder.Options{UserDir: f.dir, ModsDir: f.mods, InstallDir: f.install, Limit: f.limit}
	if o.UserDir == "" {
		// The folder the window last used, else the system default.
		if st := settings.Load().Get(); st.TL2UserDir != "" {
			o.UserDir = st.TL2UserDir
			if o.ModsDir == "" {
				o.ModsDir = st.ModsDir
			}
		}
	}
	open := loadorder.Open
	if changes {
		open = loadorder.OpenLocked // read, change and save under the lock
	}
	// Every subcommand first finishes a deploy killed halfway, as the
	// window does: a list must not show two copies of one mod that are
	// only there because a deploy died between its two steps.
	o.Tidy = deploy.FinishInterrupted
	return open(c.context, o)
}

func loadOrderList(c *ctx, s *loadorder.State, f loadOrderFlags, _ string) error {
	v := s.View()
	var err error
	if f.js {
		err = writeJSON(c.stdout, v)
	} else {
		err = printList(c, v)
	}
	if err == nil && v.SchError != "" {
		// Listed as far as it goes, but a list that could not be
		// read is a failure, on stderr like every error.
		return errors.New(v.SchError)
	}
	return err
}

func loadOrderConflicts(c *ctx, s *loadorder.State, f loadOrderFlags, _ string) error {
	v := s.View()
	if f.js {
		return writeJSON(c.stdout, conflictsJSON(v))
	}
	return printConflicts(c, v)
}

func loadOrderEnable(c *ctx, s *loadorder.State, _ loadOrderFlags, mod string) error {
	return changeLoadOrder(c, s, mod, s.Enable)
}

func loadOrderDisable(c *ctx, s *loadorder.State, _ loadOrderFlags, mod string) error {
	return changeLoadOrder(c, s, mod, s.Disable)
}

func loadOrderMove(c *ctx, s *loadorder.State, f loadOrderFlags, mod string) error {
	return changeLoadOrder(c, s, mod, func(id int64) error {
		switch strings.ToLower(f.to) {
		case "top":
			return s.MoveTop(id)
		case "bottom":
			return s.MoveBottom(id)
		}
		n, perr := strconv.Atoi(f.to)
		if perr != nil || n < 1 {
			return usageError{fmt.Sprintf("--to %q: want a place 1, 2, … or top or bottom", f.to)}
		}
		return s.Move(id, n)
	})
}

// changeLoadOrder finds MOD, applies the change to it and saves
// modlauncher.sch if the list changed, saying where the mod now is.
func changeLoadOrder(c *ctx, s *loadorder.State, mod string, change func(id int64) error) error {
	id, err := s.Find(mod)
	if err != nil {
		return err
	}
	if err := change(id); err != nil {
		return err
	}
	v := s.View()
	row := findRow(v, id)
	did := "off the list"
	if row != nil && row.Active {
		did = fmt.Sprintf("at place %d of %d", row.Place, len(v.Order))
	}
	name := strconv.FormatInt(id, 10)
	if row != nil && row.Title != "" {
		name = fmt.Sprintf("%q", row.Title)
	}
	if !s.Dirty() {
		fmt.Fprintf(c.stdout, "%s is already %s; modlauncher.sch unchanged.\n", name, did)
		return nil
	}
	res, err := s.Save()
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "%s is now %s. Wrote %s", name, did, res.Path)
	if res.Backup != "" {
		fmt.Fprintf(c.stdout, " (old list kept as backup %s)", res.BackupID)
	}
	fmt.Fprintln(c.stdout, ".")
	if row != nil {
		for _, p := range row.Problems {
			fmt.Fprintf(c.stderr, "  %s: %s\n", p.Severity, escapeControls(p.Message))
		}
	}
	return nil
}

func findRow(v *loadorder.View, id int64) *loadorder.Mod {
	for i := range v.Mods {
		if v.Mods[i].ID == id && (v.Mods[i].Active || v.Mods[i].Where == loadorder.WhereMods) {
			return &v.Mods[i]
		}
	}
	for i := range v.Mods {
		if v.Mods[i].ID == id {
			return &v.Mods[i]
		}
	}
	return nil
}

func printList(c *ctx, v *loadorder.View) error {
	w := c.stdout
	state := "no modlauncher.sch yet: no mod is active"
	if v.SchExists {
		state = fmt.Sprintf("%d listed, the game activates %d at most", len(v.Order), v.Limit)
	}
	fmt.Fprintf(w, "%s (%s)\nmods folder: %s\n", v.SchPath, state, v.ModsDir)
	if len(v.Order) > v.Limit {
		fmt.Fprintf(w, "over the cap: %d mods are active and the game activates the first %d; the %d below place %d are not loaded (put many in one slot: packsmith combine --deploy; or keep smaller setups as profiles: packsmith profile)\n",
			len(v.Order), v.Limit, len(v.Order)-v.Limit, v.Limit)
	}
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note: %s\n", escapeControls(n))
	}
	fmt.Fprintln(w)
	// The table is aligned on its own; each row's problems follow it.
	var buf strings.Builder
	tw := newWideTable(&buf)
	fmt.Fprintf(tw, "#\ton\ttitle\tversion\tauthor\tid\tfile\tsize\n")
	for _, m := range v.Mods {
		place, on := "-", ""
		if m.Active {
			place, on = strconv.Itoa(m.Place), "x"
		}
		// Titles, authors and names come from the .MOD files: a control
		// character in one must not make a row or drive the terminal.
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\t%s\t%d\n", place, on, escapeControls(m.Title), m.Version, escapeControls(m.Author), m.ID, escapeControls(m.Rel), m.Size)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	fmt.Fprintln(w, lines[0])
	for i, m := range v.Mods {
		fmt.Fprintln(w, strings.TrimRight(lines[i+1], " "))
		for _, p := range m.Problems {
			fmt.Fprintf(w, "       %s %s: %s\n", sevMark(p.Severity), p.Code, escapeControls(p.Message))
		}
	}
	fmt.Fprintf(w, "\n%d mods, %d active, %d with problems, %d files shared by loaded mods (scan %d ms)\n",
		len(v.Mods), len(v.Order), v.Problems, len(v.Conflicts), v.ScanMillis)
	return nil
}

func sevMark(sev string) string {
	if sev == loadorder.SevError {
		return "!"
	}
	return "~"
}

// conflictsOut is `loadorder conflicts --json`.
type conflictsOut struct {
	SchPath     string                `json:"schPath"`
	Conflicts   []loadorder.Conflict  `json:"conflicts"`
	MergedPatch loadorder.MergedPatch `json:"mergedPatch"`
	Mods        []conflictMod         `json:"mods"`
}

type conflictMod struct {
	ID     int64  `json:"id,string"`
	Title  string `json:"title"`
	Place  int    `json:"place"`
	Files  int    `json:"files"`
	Wins   int    `json:"wins"`
	Loses  int    `json:"loses"`
	Merged int    `json:"merged"` // shared files the merged patch wins and holds its version of
	// LostInPatch: of Merged, files where the patch's merge lost some of
	// its changes to another mod's (issue 43).
	LostInPatch int  `json:"lostInPatch"`
	Unique      int  `json:"unique"`
	Overridden  bool `json:"overridden"`
}

func conflictsJSON(v *loadorder.View) conflictsOut {
	out := conflictsOut{SchPath: v.SchPath, Conflicts: v.Conflicts, MergedPatch: v.MergedPatch, Mods: []conflictMod{}}
	for _, m := range v.Mods {
		if m.Loaded {
			out.Mods = append(out.Mods, conflictMod{m.ID, m.Title, m.Place, m.Files, m.Wins, m.Loses, m.Merged, m.LostInPatch, m.Unique, m.Overridden})
		}
	}
	return out
}

// mergedRefs names the mods merged into the patch for one file, each with
// what it lost there to another mod's change (issue 43): "2. Mod A, 3.
// Mod B (1 change lost to 2. Mod A)"; "-" when none.
func mergedRefs(cf loadorder.Conflict) string {
	lost := map[int64]string{}
	for _, l := range cf.Lost {
		lost[l.ID] = l.LostText()
	}
	var out []string
	for _, x := range cf.Merged {
		s := fmt.Sprintf("%d. %s", x.Place, escapeControls(x.Title))
		if t, ok := lost[x.ID]; ok {
			s += " (" + escapeControls(t) + ")"
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ", ")
}

// printConflicts lists the shared files (who wins, who loses, whose
// version the merged patch holds), then the counts per mod.
func printConflicts(c *ctx, v *loadorder.View) error {
	w := c.stdout
	refs := func(rs []loadorder.ModRef) string {
		var l []string
		for _, x := range rs {
			l = append(l, fmt.Sprintf("%d. %s", x.Place, escapeControls(x.Title)))
		}
		if len(l) == 0 {
			return "-" // the patch took every copy: no loser (or nothing merged)
		}
		return strings.Join(l, ", ")
	}
	if v.MergedPatch.Stale != "" {
		fmt.Fprintf(w, "The merged patch is out of date (%s): the merges it holds may be out of date (marked *).\n\n", escapeControls(v.MergedPatch.Stale))
	}
	if len(v.Conflicts) == 0 {
		fmt.Fprintln(w, "No file is shipped by more than one loaded mod.")
	} else {
		tw := newWideTable(w)
		head := "file\twinner\tlosers\n"
		if v.MergedPatch.Place > 0 {
			head = "file\twinner\tlosers\tmerged into the patch\n"
		}
		fmt.Fprint(tw, head)
		for _, cf := range v.Conflicts {
			fmt.Fprintf(tw, "%s\t%d. %s\t%s", escapeControls(cf.Path), cf.Winner.Place, escapeControls(cf.Winner.Title), refs(cf.Losers))
			if v.MergedPatch.Place > 0 {
				mark := ""
				if cf.MergedStale {
					mark = " *"
				}
				fmt.Fprintf(tw, "\t%s%s", mergedRefs(cf), mark)
			}
			fmt.Fprintln(tw)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintln(w)
	tw := newWideTable(w)
	patch := v.MergedPatch.Place > 0
	if patch {
		fmt.Fprintf(tw, "#\tmod\tfiles\twins\tloses\tmerged\tunique\t\n")
	} else {
		fmt.Fprintf(tw, "#\tmod\tfiles\twins\tloses\tunique\t\n")
	}
	for _, m := range v.Mods {
		if !m.Loaded {
			continue
		}
		note := ""
		if m.Overridden {
			note = "fully overridden: none of its files is used"
		}
		if m.LostInPatch > 0 {
			note = fmt.Sprintf("merged, but changes lost in %d of those files", m.LostInPatch)
		}
		if patch {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", m.Place, escapeControls(m.Title), m.Files, m.Wins, m.Loses, m.Merged, m.Unique, note)
		} else {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%s\n", m.Place, escapeControls(m.Title), m.Files, m.Wins, m.Loses, m.Unique, note)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, m := range v.Mods {
		if m.Active && !m.Loaded {
			why := "not loaded"
			if len(m.Problems) > 0 {
				why = m.Problems[0].Message
			}
			fmt.Fprintf(w, "left out: %d. %s: %s\n", m.Place, escapeControls(m.Title), escapeControls(why))
		}
	}
	return nil
}
