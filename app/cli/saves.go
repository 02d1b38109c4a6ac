package cli

import (
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"packsmith/backend/tl2/saves"
	"packsmith/backend/workspace/settings"
)

func init() {
	register(command{
		name:  "saves",
		usage: "saves [--dir USERDIR] [--mods MODSDIR] list [--json] | move SAVE --from ID[,ID…] --to ID [--json]",
		summary: "Torchlight II characters (save\\ and modsave\\ of the user folder) and the mods each is bound to.\n" +
			"  list   every character: file, name, class, hardcore, save version, its bound mods (id, version, title\n" +
			"         and file of the installed mod) and what the game will do with today's load order: plays, asks for\n" +
			"         mods (a bound mod is installed but not active) or refuses (a bound mod is not installed); the\n" +
			"         shared stash files (listed, not read)\n" +
			"  move   bind SAVE to mod --to instead of the --from mods: the bound list and the mod ids of the player,\n" +
			"         the pets and their items are rewritten (the history lists keep their history), the checksum and\n" +
			"         size recomputed, the result read back, the old file kept in the backups (packsmith backups list)\n" +
			"SAVE is a .SVB path, its file name or the character's name; ID a mod id, or a file name or title of an\n" +
			"installed mod. USERDIR defaults to the folder the window last used, else the game's.\n" +
			"Maps and quests are not parsed: ids the monsters and props on them carry stay, and move says how many.",
		run: runSaves,
	})
}

type savesFlags struct {
	dir, mods, from, to string
	js                  bool
}

func runSaves(c *ctx, args []string) error {
	fs := flag.NewFlagSet("saves", flag.ContinueOnError)
	var f savesFlags
	fs.StringVar(&f.dir, "dir", "", "the Torchlight II user folder (holds save/, modsave/ and modlauncher.sch)")
	fs.StringVar(&f.mods, "mods", "", "the mods folder (default USERDIR/mods)")
	fs.StringVar(&f.from, "from", "", "move: the mods to move from, comma-separated")
	fs.StringVar(&f.to, "to", "", "move: the mod to move to")
	fs.BoolVar(&f.js, "json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError{"want a subcommand: list or move"}
	}
	o := savesOptions(f)
	switch pos[0] {
	case "list":
		if len(pos) != 1 || f.from != "" || f.to != "" {
			return usageError{"list takes no SAVE, --from or --to"}
		}
		l, err := saves.ListCharacters(c.context, o)
		if err != nil {
			return err
		}
		if f.js {
			return writeJSON(c.stdout, l)
		}
		return printCharacters(c, l)
	case "move":
		if len(pos) != 2 || f.from == "" || f.to == "" {
			return usageError{"move wants one SAVE, --from ID[,ID…] and --to ID"}
		}
		r, err := saves.Move(c.context, saves.MoveOptions{Options: o, Save: pos[1], From: strings.Split(f.from, ","), To: f.to})
		if err != nil {
			return err
		}
		if f.js {
			return writeJSON(c.stdout, r)
		}
		return printMoved(c, r)
	}
	return usageError{fmt.Sprintf("unknown subcommand %q (list, move)", pos[0])}
}

// savesOptions are the folders the flags name, else the window's last.
func savesOptions(f savesFlags) saves.Options {
	o := saves.Options{UserDir: f.dir, ModsDir: f.mods}
	if o.UserDir == "" {
		if st := settings.Load().Get(); st.TL2UserDir != "" {
			o.UserDir = st.TL2UserDir
			if o.ModsDir == "" {
				o.ModsDir = st.ModsDir
			}
		}
	}
	return o
}

func printCharacters(c *ctx, l *saves.List) error {
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tCLASS\tHC\tSTATE\tMODS\tFILE")
	for _, ch := range l.Characters {
		hc := ""
		if ch.Hardcore {
			hc = "yes"
		}
		mods := boundText(ch.Bound)
		if ch.Error != "" {
			mods = ch.Error
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", ch.Name, ch.Class, hc, ch.State, mods, ch.File)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, s := range l.Stash {
		fmt.Fprintf(c.stdout, "shared stash: %s (%d bytes, not read)\n", s.File, s.Size)
	}
	if len(l.Characters) == 0 {
		fmt.Fprintf(c.stdout, "no characters in %s (save\\ or modsave\\)\n", l.UserDir)
	}
	return nil
}

// boundText is a character's mods in words: title or id, version, status.
func boundText(b []saves.BoundMod) string {
	if len(b) == 0 {
		return "none"
	}
	var parts []string
	for _, m := range b {
		name := m.Title
		if name == "" {
			name = fmt.Sprint(m.ID)
		}
		s := fmt.Sprintf("%s v%d (%s", name, m.Version, m.Status)
		if m.Changed {
			s += fmt.Sprintf(", installed v%d", m.Installed)
		}
		parts = append(parts, s+")")
	}
	return strings.Join(parts, ", ")
}

func printMoved(c *ctx, r *saves.MoveResult) error {
	fmt.Fprintf(c.stdout, "%s (%s): bound to %s; %d objects, %d mod ids rewritten; %s\n",
		r.Name, r.File, boundText(r.Bound), r.Objects, r.IDs, r.State)
	if r.Left > 0 {
		fmt.Fprintf(c.stdout, "%d ids of the old mods stay in the maps and quests (not parsed, so not rewritten)\n", r.Left)
	}
	if r.BackupID != "" {
		fmt.Fprintf(c.stdout, "(backup: %s)\n", r.BackupID)
	}
	return nil
}
