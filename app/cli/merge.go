package cli

import (
	"flag"
	"fmt"
	"strings"

	"packsmith/backend/tl2/merge"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/workspace/settings"
)

func init() {
	register(command{
		name:  "merge",
		usage: "merge [--dir USERDIR] [--mods DIR] [--base DIR | --game DIR] [-o PATCH.MOD] [--deploy [--enable]] [--winner KEY=MOD ...] [--json]",
		summary: "Torchlight II merged patch: every text source (.DAT .TEMPLATE .ANIMATION .HIE .LAYOUT) that two or more active mods\n" +
			"ship is merged three ways against the game's own (--game: its DATA.PAK; --base: a MEDIA folder); a change one mod\n" +
			"made is kept, where two mods changed one value differently the mod higher in the load order wins (a conflict).\n" +
			"The patch is a normal .MOD (-o, default " + mergepatch.FileName + "); --deploy copies it into the mods folder,\n" +
			"--enable lists it first in modlauncher.sch (after a backup). --winner KEY=MOD (KEY from the conflicts list, MOD a\n" +
			"title) picks another winner; choices are kept in USERDIR/" + mergepatch.WinnersFile + " for the next build.\n" +
			"--json: files (path, mods, merged|conflict) and conflicts (path, block, property, each mod's value, base, winner).",
		run: runMerge,
	})
}

type mergeJSON struct {
	Output    string               `json:"output"`
	Size      int64                `json:"size"`
	SHA256    string               `json:"sha256"`
	Sources   []mergepatch.Source  `json:"sources"`
	Shared    int                  `json:"shared"`
	LeftOut   int                  `json:"leftOut"` // shared sources whose merge the load order already gives: not in the patch
	Files     []mergepatch.File    `json:"files"`
	Conflicts []merge.Conflict     `json:"conflicts"`
	Skipped   []mergepatch.Skipped `json:"skipped"`
	Indices   []mergepatch.Index   `json:"indices"`
	Deployed  string               `json:"deployed"`
	Enabled   bool                 `json:"enabled"`
}

func runMerge(c *ctx, args []string) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	dir := fs.String("dir", "", "the Torchlight II user folder (holds modlauncher.sch)")
	mods := fs.String("mods", "", "the mods folder (default USERDIR/mods)")
	baseDir := fs.String("base", "", "the game's MEDIA folder (sources or compiled)")
	game := fs.String("game", "", "the game's install folder (PAKS/DATA.PAK)")
	out := fs.String("o", "", "the patch .MOD to write")
	dep := fs.Bool("deploy", false, "copy the patch into the mods folder")
	enable := fs.Bool("enable", false, "with --deploy: list it first in modlauncher.sch")
	js := fs.Bool("json", false, "print JSON")
	var winners multiFlag
	fs.Var(&winners, "winner", "KEY=MOD: the mod that wins a conflict (repeatable)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 0:
		return usageError{"merge takes no positional arguments"}
	case *enable && !*dep:
		return usageError{"--enable goes with --deploy"}
	case *baseDir != "" && *game != "":
		return usageError{"give --base or --game, not both"}
	case *baseDir == "" && *game == "":
		return mergepatch.ErrNoBase
	}
	userDir, modsDir := *dir, *mods
	if userDir == "" {
		if st := settings.Load().Get(); st.TL2UserDir != "" {
			userDir = st.TL2UserDir
			if modsDir == "" {
				modsDir = st.ModsDir
			}
		}
	}
	if userDir == "" {
		return usageError{"give --dir USERDIR (the folder holding modlauncher.sch)"}
	}
	w, changed, err := mergeWinners(userDir, winners)
	if err != nil {
		return err
	}
	output := *out
	if output == "" {
		output = mergepatch.FileName
	}
	o := mergepatch.Options{UserDir: userDir, ModsDir: modsDir, BaseDir: *baseDir, GameDir: *game, Winners: w, Budget: c.budget}
	rep, err := mergepatch.Publish(c.context, o, mergepatch.Target{Output: output, Deploy: *dep, Enable: *enable})
	if err != nil {
		return err
	}
	if changed {
		if err := mergepatch.SaveWinners(userDir, w); err != nil {
			return err
		}
	}
	res := mergeJSON{Output: rep.Output, Size: rep.Size, SHA256: rep.SHA256, Sources: rep.Sources, Shared: rep.Shared, LeftOut: rep.LeftOut, Files: rep.Files, Conflicts: rep.Conflicts, Skipped: rep.Skipped, Indices: rep.Indices}
	if *dep {
		res.Deployed, res.Enabled = rep.Patch.Deployed, *enable
	}
	if *js {
		return writeJSON(c.stdout, res)
	}
	printMerge(c, rep, res)
	return nil
}

// mergeWinners is the kept winner picks with the --winner flags applied;
// changed says whether a flag gave one.
func mergeWinners(userDir string, flags []string) (w map[string]string, changed bool, err error) {
	w, err = mergepatch.LoadWinners(userDir)
	if err != nil {
		return nil, false, err
	}
	for _, kv := range flags {
		// A key may hold '=' (BLOCK#NAME=X): the mod is after the last one.
		i := strings.LastIndex(kv, "=")
		if i <= 0 || i == len(kv)-1 {
			return nil, false, usageError{fmt.Sprintf("--winner %q: want KEY=MOD", kv)}
		}
		w[kv[:i]], changed = kv[i+1:], true
	}
	return w, changed, nil
}

// printMerge prints the report for people.
func printMerge(c *ctx, rep *mergepatch.Report, res mergeJSON) {
	fmt.Fprintf(c.stdout, "merged %d files shared by %d mods into %s (%d bytes, sha256 %s)\n", len(rep.Files), len(rep.Sources), escapeControls(rep.Output), rep.Size, rep.SHA256)
	for _, f := range rep.Files {
		fmt.Fprintf(c.stdout, "  %-8s %s  (%s)\n", f.Status, escapeControls(f.Path), escapeControls(strings.Join(f.Mods, ", ")))
	}
	if rep.LeftOut > 0 {
		fmt.Fprintf(c.stdout, "  left out %d more shared files: their merge is what the load order already gives (the first mod's copy)\n", rep.LeftOut)
	}
	for _, x := range rep.Indices {
		fmt.Fprintf(c.stdout, "  index    %s: %d from the merged files, %d from the mods' own indices\n", x.Path, x.FromMerged, x.Records-x.FromMerged)
	}
	for _, sk := range rep.Skipped {
		fmt.Fprintf(c.stdout, "  skipped  %s: %s\n", escapeControls(sk.Path), escapeControls(sk.Reason))
	}
	if len(rep.Conflicts) > 0 {
		fmt.Fprintf(c.stdout, "%d conflicts (the winner's value is in the patch; --winner KEY=MOD to change):\n", len(rep.Conflicts))
		for _, cf := range rep.Conflicts {
			var vals []string
			for _, v := range cf.Values {
				val := v.Value
				if !v.Present {
					val = "(absent)"
				}
				vals = append(vals, fmt.Sprintf("%s=%q", escapeControls(v.Mod), val))
			}
			base := cf.Base
			if !cf.BasePresent {
				base = "(absent)"
			}
			lost := ""
			if len(cf.Losers) > 0 {
				lost = "  lost by " + escapeControls(strings.Join(cf.Losers, ", "))
			}
			fmt.Fprintf(c.stdout, "  %s\n    %s  base=%q  winner %s%s\n", escapeControls(cf.Key), strings.Join(vals, "  "), base, escapeControls(cf.Winner), lost)
		}
	}
	if res.Deployed != "" {
		fmt.Fprintf(c.stdout, "deployed to %s", escapeControls(res.Deployed))
		if res.Enabled {
			fmt.Fprint(c.stdout, ", first in modlauncher.sch")
		}
		fmt.Fprintln(c.stdout)
	}
}
