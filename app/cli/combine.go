package cli

import (
	"flag"
	"fmt"
	"strings"

	"packsmith/backend/tl2/combine"
	"packsmith/backend/tl2/mergepatch"
)

func init() {
	register(command{
		name:  "combine",
		usage: "combine [--dir USERDIR] [--mods DIR] [--base DIR | --game DIR] [-o OUT.MOD] [--name TITLE] [--deploy [--move-characters]] [--json] [MOD…]",
		summary: "Torchlight II: many mods in one slot (the game activates at most 10). The active mods (or the MODs named: ids,\n" +
			"titles or file names) become one .MOD the game sees as it sees them: every file from the mod the load order gives\n" +
			"it to, copied as stored (no recompression); text sources two or more ship merged three ways as `merge` does\n" +
			"(--game/--base; without, the load order's winner, said once); RAW indices for the union, each unit once, from\n" +
			"its winning mod; REQUIRED_MODS and REMOVE_FILES carried; the header names the mods and their hashes.\n" +
			"-o defaults to " + combine.FileName + ". --deploy puts it in the mods folder and lists it in modlauncher.sch\n" +
			"instead of the mods it holds (one mod id instead of N), after saving the setup before as a profile: `packsmith\n" +
			"profile use NAME` goes back. Characters bound to those mods are named (the game refuses them until they are\n" +
			"moved); --move-characters moves them to the combined mod (backed up first, as `saves move` does).\n" +
			"--max-memory MB holds the whole combine (the copy plan, the RAW indices, the merge): mods that do not fit are\n" +
			"refused before anything is written, naming the mod and the limit; a shared text too large to merge is left to\n" +
			"the load order, as merge leaves it.",
		run: runCombine,
	})
}

type combineFlags struct {
	dir, mods, base, game, out, name string
	deploy, move, js                 bool
}

func runCombine(c *ctx, args []string) error {
	fs := flag.NewFlagSet("combine", flag.ContinueOnError)
	var f combineFlags
	fs.StringVar(&f.dir, "dir", "", "the Torchlight II user folder (holds modlauncher.sch)")
	fs.StringVar(&f.mods, "mods", "", "the mods folder (default USERDIR/mods)")
	fs.StringVar(&f.base, "base", "", "the game's MEDIA folder (to merge shared text sources)")
	fs.StringVar(&f.game, "game", "", "the game's install folder (PAKS/DATA.PAK)")
	fs.StringVar(&f.out, "o", "", "the combined .MOD to write")
	fs.StringVar(&f.name, "name", "", "the combined mod's title (default \""+combine.DefaultTitle+"\")")
	fs.BoolVar(&f.deploy, "deploy", false, "put it in the mods folder and list it instead of the mods it holds")
	fs.BoolVar(&f.move, "move-characters", false, "with --deploy: move the characters bound to the mods it holds to it")
	fs.BoolVar(&f.js, "json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case f.move && !f.deploy:
		return usageError{"--move-characters goes with --deploy"}
	case f.base != "" && f.game != "":
		return usageError{"give --base or --game, not both"}
	}
	o := savesOptions(savesFlags{dir: f.dir, mods: f.mods})
	if o.UserDir == "" {
		return usageError{"give --dir USERDIR (the folder holding modlauncher.sch)"}
	}
	w, err := mergepatch.LoadWinners(o.UserDir)
	if err != nil {
		return err
	}
	opts := combine.Options{UserDir: o.UserDir, ModsDir: o.ModsDir, Mods: pos, BaseDir: f.base, GameDir: f.game, Output: f.out, Name: f.name, Winners: w, Budget: c.budget}
	if !f.deploy {
		if opts.Output == "" {
			opts.Output = combine.FileName
		}
		rep, err := combine.Build(c.context, opts)
		if err != nil {
			return err
		}
		if f.js {
			return writeJSON(c.stdout, rep)
		}
		printCombined(c, rep)
		return nil
	}
	d, err := combine.Deploy(c.context, opts, f.move)
	if d != nil && (err == nil || f.js) {
		if f.js {
			if werr := writeJSON(c.stdout, d); werr != nil {
				return werr
			}
		} else {
			printCombined(c, d.Report)
			printDeployed(c, d)
		}
	}
	return err
}

// printCombined prints the build for people.
func printCombined(c *ctx, rep *combine.Report) {
	fmt.Fprintf(c.stdout, "combined %d mods into %s (MOD_ID %d, %d entries, %d bytes, sha256 %s)\n", len(rep.Sources), rep.Output, rep.ID, rep.Entries, rep.Size, rep.SHA256)
	for _, s := range rep.Sources {
		fmt.Fprintf(c.stdout, "  %-20d %s\n", s.ID, s.Title)
	}
	fmt.Fprintf(c.stdout, "%d files copied as stored (%d bytes); %d text sources shared, %d merged, %d conflicts (the load order's winner took each)\n",
		rep.Copied, rep.CopiedBytes, rep.Shared, len(rep.Files), len(rep.Conflicts))
	if rep.Unmerged != "" {
		fmt.Fprintln(c.stdout, rep.Unmerged)
	}
	for _, sk := range rep.Skipped {
		fmt.Fprintf(c.stdout, "  skipped  %s: %s\n", sk.Path, sk.Reason)
	}
	if rep.Required+rep.Remove > 0 {
		fmt.Fprintf(c.stdout, "carried: %d REQUIRED_MODS, %d REMOVE_FILES\n", rep.Required, rep.Remove)
	}
	if rep.Backup != "" {
		fmt.Fprintf(c.stdout, "the file -o named was kept as backup %s\n", rep.Backup)
	}
}

// printDeployed prints what the deploy changed for the player.
func printDeployed(c *ctx, d *combine.Deployed) {
	fmt.Fprintf(c.stdout, "deployed to %s; modlauncher.sch lists it at place %d instead of %s (one mod id instead of %d)\n",
		d.Deployed, d.Place, strings.Join(d.Replaced, ", "), len(d.Replaced))
	fmt.Fprintf(c.stdout, "the setup before is the profile %q: packsmith profile use %q goes back\n", d.Profile, d.Profile)
	for _, ch := range d.Characters {
		if ch.Moved {
			fmt.Fprintf(c.stdout, "character %s (%s) moved from %s to the combined mod; going back, packsmith profile use %q --move-characters moves it back (backup %s)\n", ch.Name, ch.File, strings.Join(ch.Mods, ", "), d.Profile, ch.Backup)
		} else {
			fmt.Fprintf(c.stdout, "character %s (%s) is bound to %s: the game refuses it until moved (--move-characters, or packsmith saves move)\n", ch.Name, ch.File, strings.Join(ch.Mods, ", "))
		}
	}
}
