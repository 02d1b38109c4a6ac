package cli

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"packsmith/backend/workspace/backups"
)

func init() {
	register(command{
		name:  "backups",
		usage: "backups list [--builds] [--json] | restore ID",
		summary: "The copies Packsmith kept of files it replaced: every deployed build a newer one (or an older copy) replaced\n" +
			"in the mods folder, an archive before an in-place edit (replace, add, rm, rename without -o), modlauncher.sch\n" +
			"before a save or a deploy, MOD.DAT before its MOD_ID was written, a character save before saves move. They live\n" +
			"in one folder in the user's cache (Packsmith/backups), never beside the file; the last 10 per file (setting\n" +
			"backupsKeep).\n" +
			"  list      every backup, newest first: ID, time, kind, size, the build (a .MOD's title and version), the\n" +
			"            original file and why; then the space they take. --builds: only the .MOD builds, by mod (the file\n" +
			"            they go back to), newest first: ID, time, version, size, MOD_ID, why\n" +
			"  restore   put backup ID back where it came from; what is there now is backed up first. Only a backup\n" +
			"            whose record Packsmith sealed, and whose copy is still the file of the kind backed up, goes back",
		run: runBackups,
	})
}

// backupsFlags are the flags of `backups`.
type backupsFlags struct{ js, builds bool }

// backupsSubs is the dispatch table of `backups`: each subcommand is given
// the store and its arguments after its name.
func backupsSubs() map[string]func(c *ctx, store *backups.Store, f backupsFlags, args []string) error {
	return map[string]func(c *ctx, store *backups.Store, f backupsFlags, args []string) error{
		"list":    backupsList,
		"restore": backupsRestore,
	}
}

func runBackups(c *ctx, args []string) error {
	fs := flag.NewFlagSet("backups", flag.ContinueOnError)
	var f backupsFlags
	fs.BoolVar(&f.js, "json", false, "print JSON")
	fs.BoolVar(&f.builds, "builds", false, "list only the .MOD builds, by mod")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError{"want a subcommand: list or restore"}
	}
	store := backups.Default()
	sub, ok := backupsSubs()[pos[0]]
	if !ok {
		return usageError{fmt.Sprintf("unknown subcommand %q (list, restore)", pos[0])}
	}
	return sub(c, store, f, pos[1:])
}

// backupsList prints every backup (or only the builds), newest first, and
// the space they take.
func backupsList(c *ctx, store *backups.Store, f backupsFlags, args []string) error {
	if len(args) != 0 {
		return usageError{"list takes no argument"}
	}
	list, err := store.List()
	if err != nil {
		return err
	}
	var used int64
	for _, e := range list {
		used += e.Size
	}
	if f.builds {
		list = onlyBuilds(list)
	}
	keep := store.Keep
	if keep <= 0 {
		keep = backups.DefaultKeep
	}
	if f.js {
		return writeJSON(c.stdout, struct {
			Dir     string          `json:"dir"`
			Keep    int             `json:"keep"`
			Bytes   int64           `json:"bytes"`
			Backups []backups.Entry `json:"backups"`
		}{store.Dir, keep, used, list})
	}
	if len(list) == 0 {
		fmt.Fprintf(c.stdout, "no backups in %s\n", store.Dir)
		return nil
	}
	if f.builds {
		printBuilds(c, list)
		fmt.Fprintf(c.stdout, "%d build%s in %s\n", len(list), plural(len(list)), store.Dir)
		return nil
	}
	tw := tabwriter.NewWriter(c.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "ID\tTIME (UTC)\tKIND\tSIZE\tBUILD\tFILE\tWHY\n")
	for _, e := range list {
		// Every field is the record's text: a newline or tab in one
		// (a hand-edited record) must not make a row of its own.
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", escapeControls(e.ID), escapeControls(listTime(e.Time)), escapeControls(e.Kind),
			groupDigits(e.Size), escapeControls(buildText(e.Build)), escapeControls(e.Of), escapeControls(sealedWhy(e)))
	}
	tw.Flush()
	fmt.Fprintf(c.stdout, "%d backup%s in %s; %s bytes, the last %d of each file kept (setting backupsKeep)\n",
		len(list), plural(len(list)), store.Dir, groupDigits(used), keep)
	return nil
}

// backupsRestore puts one backup back where it came from.
func backupsRestore(c *ctx, store *backups.Store, f backupsFlags, args []string) error {
	if len(args) != 1 {
		return usageError{"restore wants one ID (see packsmith backups list)"}
	}
	r, err := store.Restore(c.context, args[0])
	if err != nil {
		return err
	}
	if f.js {
		return writeJSON(c.stdout, r)
	}
	fmt.Fprintf(c.stdout, "restored %s from %s", escapeControls(r.Path), escapeControls(r.ID))
	if r.Backup != nil {
		fmt.Fprintf(c.stdout, " (what was there is backup %s)", escapeControls(r.Backup.ID))
	}
	fmt.Fprintln(c.stdout)
	return nil
}

// onlyBuilds keeps the .MOD copies, grouped by the file they go back to
// (its name folded, as Windows does: a mod packed without a MOD_ID gets
// an id per build, and is still one mod), the newest mod first; list is
// newest first and stays so within each mod.
func onlyBuilds(list []backups.Entry) []backups.Entry {
	var order []string
	by := map[string][]backups.Entry{}
	for _, e := range list {
		if e.Build == nil {
			continue
		}
		k := strings.ToLower(filepath.ToSlash(e.Of))
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], e)
	}
	out := []backups.Entry{}
	for _, k := range order {
		out = append(out, by[k]...)
	}
	return out
}

// printBuilds prints onlyBuilds' list: a heading per mod, a row per build.
func printBuilds(c *ctx, list []backups.Entry) {
	tw := tabwriter.NewWriter(c.stdout, 2, 4, 2, ' ', 0)
	for i, e := range list {
		if i == 0 || !strings.EqualFold(filepath.ToSlash(list[i-1].Of), filepath.ToSlash(e.Of)) {
			fmt.Fprintf(tw, "%s\t%s\n", escapeControls(e.Build.Title), escapeControls(e.Of))
		}
		fmt.Fprintf(tw, "  %s\t%s\tversion %d\t%s\tMOD_ID %d\t%s\n", escapeControls(e.ID), listTime(e.Time), e.Build.Version,
			groupDigits(e.Size), e.Build.ModID, escapeControls(e.Why))
	}
	tw.Flush()
}

// buildText is a .MOD copy's title and version, "-" for other files.
func buildText(b *backups.Build) string {
	if b == nil {
		return "-"
	}
	return fmt.Sprintf("%s v%d", b.Title, b.Version)
}

// listTime shows a backup's time to the second.
func listTime(t string) string {
	if tt, err := time.Parse(backups.TimeLayout, t); err == nil {
		return tt.Format("2006-01-02 15:04:05")
	}
	return t
}

// sealedWhy is a backup's "why" as listed: marked when its record is not
// sealed (edited by hand), so that an edited text is not read as ours.
func sealedWhy(e backups.Entry) string {
	if e.Unsealed {
		return "[record edited, not sealed: restore refuses it] " + e.Why
	}
	return e.Why
}
