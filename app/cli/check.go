package cli

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/check"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/workspace/settings"
)

func init() {
	register(command{
		name:  "check",
		usage: "check MOD|MODDIR [--dir USERDIR] [--mods DIR] [--base DIR | --game DIR] [--all] [--json]",
		summary: "Torchlight II: find what breaks between MOD (a .MOD or a mod folder), the other active mods and the game.\n" +
			"It lists two units with one UNIT_GUID or two skills with one UNIQUE_GUID (the game keeps one), and references no active\n" +
			"mod and not the game provide (BASEFILE, RESOURCEDIRECTORY, MESHFILE, a material's textures, .ANIMATION FILEs),\n" +
			"each with its mod, file and line. The other active mods come from USERDIR's modlauncher.sch and the mods folder\n" +
			"(as loadorder reads them; MOD takes the place of its deployed build, else goes first). The game's data: --game\n" +
			"(its folder, PAKS or DATA.PAK), --base (the same or a MEDIA folder), else the game folder of the settings;\n" +
			"without it, references into the base game are notes (not checked), not errors.\n" +
			"Lists what concerns MOD (its files, and another mod's duplicate of its GUIDs); --all lists every active mod's.\n" +
			"What was read of each .MOD is kept in the user's cache folder (Packsmith/checkcache) by the file's hash: a mod that did\n" +
			"not change is not read again.\n" +
			"First, whatever MOD: two .MOD files with one MOD_ID, more active mods than the game's 10. One finding per place.\n" +
			"Exit 1 when an error is listed. A compiled source's line is that of its decompiled text (extract --decompile).\n" +
			"--json: target, mods [{name, path, id, place, target}], game, findings [{kind, severity, status, mod, file,\n" +
			"line, ref, other, message}], errors, notChecked, others (findings not listed), millis.",
		run: runCheck,
	})
}

// checkJSON is `check --json`.
type checkJSON struct {
	Target     string          `json:"target"`
	Mods       []check.Source  `json:"mods"`
	Game       string          `json:"game"`
	Findings   []check.Finding `json:"findings"`
	Errors     int             `json:"errors"`
	NotChecked int             `json:"notChecked"`
	Others     int             `json:"others"`
	Millis     int64           `json:"millis"`
}

func runCheck(c *ctx, args []string) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	var lf loadOrderFlags
	fs.StringVar(&lf.dir, "dir", "", "the Torchlight II user folder (holds modlauncher.sch)")
	fs.StringVar(&lf.mods, "mods", "", "the mods folder (default USERDIR/mods)")
	baseDir := fs.String("base", "", "the game's data: its folder or DATA.PAK, or a MEDIA folder")
	game := fs.String("game", "", "the game's install folder (PAKS/DATA.PAK)")
	all := fs.Bool("all", false, "list every active mod's findings")
	js := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"want one MOD: a .MOD file or a mod folder (MOD.DAT + MEDIA/)"}
	}
	if *baseDir != "" && *game != "" {
		return usageError{"give --base or --game, not both"}
	}
	lf.limit = loadorder.DefaultLimit
	s, err := openLoadOrder(c, lf, false)
	if err != nil {
		return err
	}
	v := s.View()
	s.Close()
	o := check.RunOptions{Target: pos[0], Active: check.ActiveMods(v), LoadOrder: check.LoadOrderFindings(v), BaseDir: *baseDir, GameDir: *game, Budget: c.budget, CacheDir: check.DefaultCacheDir()}
	if o.BaseDir == "" && o.GameDir == "" {
		o.GameDir = settings.Load().Get().GameDir
	}
	rep, err := check.Run(c.context, o)
	if err != nil {
		return err
	}
	out := checkJSON{Target: rep.Target, Mods: rep.Mods, Game: rep.Game, Findings: []check.Finding{}, Millis: rep.Millis}
	for _, f := range rep.Findings {
		if !*all && !check.Concerns(f, rep.Target) && !check.AboutLoadOrder(f) {
			out.Others++
			continue
		}
		out.Findings = append(out.Findings, f)
		switch f.Severity {
		case check.SevError:
			out.Errors++
		case check.SevInfo:
			out.NotChecked++
		}
	}
	if *js {
		err = writeJSON(c.stdout, out)
	} else {
		printCheck(c, v, out, *all)
	}
	if err == nil && out.Errors > 0 {
		// The list is on stdout; the verdict, like every error, on stderr.
		fmt.Fprintf(c.stderr, "packsmith check: %d error%s about %q (listed above)\n", out.Errors, plural(out.Errors), rep.Target)
		return errFindings
	}
	return err
}

// printCheck lists the findings per mod, in load order, each as
// "severity FILE:LINE: message".
func printCheck(c *ctx, v *loadorder.View, r checkJSON, all bool) {
	w := c.stdout
	game := "none: references into the base game are not checked (give --game or --base)"
	if r.Game != "" {
		game = r.Game
	}
	fmt.Fprintf(w, "checked %q against %d active mod%s of %s\ngame data: %s\n", escapeControls(r.Target), len(r.Mods)-1, plural(len(r.Mods)-1), v.SchPath, game)
	var order []string
	for _, f := range r.Findings {
		if check.AboutLoadOrder(f) {
			order = append(order, fmt.Sprintf("  %-5s %s", f.Severity, escapeControls(f.Message)))
		}
	}
	if len(order) > 0 {
		fmt.Fprintf(w, "\nthe load order (%s):\n%s\n", escapeControls(v.SchPath), strings.Join(order, "\n"))
	}
	for _, m := range r.Mods {
		lines := checkLines(r.Findings, m.Name)
		if len(lines) == 0 {
			continue
		}
		what := fmt.Sprintf("place %d, %s", m.Place, filepath.Base(m.Path))
		if m.Target {
			what = "the mod checked, place " + fmt.Sprint(m.Place)
		}
		fmt.Fprintf(w, "\n%s (%s):\n%s\n", escapeControls(m.Name), escapeControls(what), strings.Join(lines, "\n"))
	}
	about := fmt.Sprintf("about %q", r.Target)
	if all {
		about = "in the active mods"
	}
	fmt.Fprintf(w, "\n%d error%s, %d not checked %s", r.Errors, plural(r.Errors), r.NotChecked, escapeControls(about))
	if r.Others > 0 {
		fmt.Fprintf(w, "; the other mods have %d finding%s of their own (--all lists them)", r.Others, plural(r.Others))
	}
	fmt.Fprintf(w, " (%d ms)\n", r.Millis)
}

// foldNotes is how many notes of one kind a mod's list shows before the
// rest fold into one line with their count (as the window's findings
// fold): a mod naming the base game's animations has hundreds. Errors are
// always listed one by one; --json lists everything.
const foldNotes = 3

// checkLines are one mod's findings, "severity FILE:LINE: message".
func checkLines(fs []check.Finding, mod string) []string {
	var lines []string
	notes := map[check.Kind]int{}
	for _, f := range fs {
		if f.Mod != mod || check.AboutLoadOrder(f) {
			continue
		}
		sev := f.Severity
		if sev == check.SevInfo {
			notes[f.Kind]++
			if notes[f.Kind] > foldNotes {
				continue
			}
			sev = "note"
		}
		loc := f.File
		if f.Line > 0 {
			loc = fmt.Sprintf("%s:%d", f.File, f.Line)
		}
		lines = append(lines, fmt.Sprintf("  %-5s %s: %s", sev, escapeControls(loc), escapeControls(f.Message)))
	}
	for _, k := range []check.Kind{check.Reference, check.DupUnitGUID, check.DupSkillGUID} {
		if n := notes[k] - foldNotes; n > 0 {
			lines = append(lines, fmt.Sprintf("  note  … and %d more like them (--json lists every one)", n))
		}
	}
	return lines
}
