package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"packsmith/backend/tl2/modpack"
	"packsmith/backend/view/fold"
	"packsmith/backend/workspace/settings"
)

func init() {
	register(command{
		name:  "pack",
		usage: "pack [MODDIR] [-o OUT.MOD] [--deploy] [--mods DIR] [--enable] [--base DIR] [--game DIR] [--gamever a.b.c.d] [--write-mod-id | --no-write-mod-id] [--watch] [--mpp bake|keep|none] [--guts-ids N] [--strict] [--full] [--sha256] [--all] [--json]",
		summary: "Torchlight II: turn a mod folder (MOD.DAT + MEDIA/) into a .MOD: compile every text source, build the RAW\n" +
			"indices, write, verify and optionally deploy it. Exit 1 when the mod cannot be packed (each problem is\n" +
			"printed as FILE:LINE: message); warnings do not fail the pack.\n" +
			"  -o OUT.MOD       output (default: <MOD_FILE_NAME>.MOD beside MODDIR, in the folder that holds it)\n" +
			"  --deploy         copy the .MOD into the mods folder, replacing older copies of the same MOD_ID\n" +
			"  --mods DIR       the mods folder (default: the setting, else Documents/My Games/Runic Games/Torchlight 2/mods)\n" +
			"  --enable         with --deploy: list the mod first in modlauncher.sch (backed up first)\n" +
			"  --base DIR       base-game data for UNITDATA.RAW: a MEDIA folder, or the game folder or its DATA.PAK\n" +
			"  --game DIR       the game's install folder: the game version comes from Torchlight2.exe and base data\n" +
			"                   from PAKS/DATA.PAK, read in place (without --base/--game the game is looked for)\n" +
			"  --gamever V      game version a.b.c.d for the header (default: --game, the setting, else 1.25.5.6)\n" +
			"  --no-write-mod-id  when MOD.DAT has no MOD_ID, do not write the fresh one into it (by default it is written,\n" +
			"                   after a backup, so that the next pack is the same mod to the game)\n" +
			"  --mpp MODE       level walk grids: bake (default: bake each level whose .MPP is missing, older than its\n" +
			"                   layout or the 2,524-byte stub; pieces the mod lacks come from --game's DATA.PAK or --base),\n" +
			"                   keep (pack the .MPP files as they are), none (pack no level .MPP)\n" +
			"  --guts-ids N     number BINDAT strings as a GUTS build does, from N (to reproduce a GUTS .MOD byte for byte)\n" +
			"  --full           compile everything (default: reuse what did not change since the last pack, kept in\n" +
			"                   the user's cache, Packsmith/packcache; the result is byte-identical either way)\n" +
			"  --sha256         the SHA-256 of the whole .MOD (off by default: the game never reads it, and it reads the\n" +
			"                   whole file, the verify's slowest part and about a third of a repack's time)\n" +
			"  --strict         refuse numbers that are not numbers as a whole (GUTS reads the leading number, the C way;\n" +
			"                   without --strict, or the packStrictNumbers setting, each is packed so with a warning)\n" +
			"  --watch          pack, then pack again (incrementally) after every save under MODDIR, one line per pack,\n" +
			"                   until Ctrl+C or SIGTERM (exit 0); with --deploy [--enable] each pack is deployed\n" +
			"  --all            list every finding (default: findings of one kind, three or more, are one line with\n" +
			"                   their count, as the window folds them)\n" +
			"  --json           print the result as JSON (also on failure, with \"error\"; with --watch one line per pack)",
		run: runPack,
	})
}

// fillFromSettings fills what the command line leaves out from the
// window's settings, and lets the pack look for the game.
func fillFromSettings(opt *modpack.Options) {
	st := settings.Load().Get()
	if opt.ModsDir == "" {
		opt.ModsDir = st.ModsDir
	}
	if opt.GameVersion == "" && opt.GameDir == "" {
		opt.GameVersion, opt.GameDir = st.GameVersion, st.GameDir
	}
	if opt.BaseDir == "" {
		opt.BaseDir = st.PackBaseDir
	}
	opt.StrictNumbers = opt.StrictNumbers || st.PackStrictNumbers
	opt.FindGame = true
}

// packJSON prints pack's result (and its error) as JSON; a failed pack
// exits with errFindings after its result is printed.
func packJSON(c *ctx, res *modpack.Result, err error) error {
	o := struct {
		*modpack.Result
		Error string `json:"error,omitempty"`
	}{Result: res}
	if err != nil {
		o.Error = err.Error()
	}
	if werr := writeJSON(c.stdout, o); werr != nil {
		return werr
	}
	if err != nil {
		return errFindings
	}
	return nil
}

func runPack(c *ctx, args []string) error {
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	out := fs.String("o", "", "output .MOD")
	deploy := fs.Bool("deploy", false, "copy into the mods folder")
	mods := fs.String("mods", "", "mods folder")
	enable := fs.Bool("enable", false, "enable in modlauncher.sch")
	base := fs.String("base", "", "base-game data")
	game := fs.String("game", "", "game install folder")
	gamever := fs.String("gamever", "", "game version a.b.c.d")
	fs.Bool("write-mod-id", true, "write a fresh MOD_ID into MOD.DAT (the default; kept for old scripts)")
	noWriteID := fs.Bool("no-write-mod-id", false, "do not write a fresh MOD_ID into MOD.DAT")
	gutsIDs := fs.String("guts-ids", "", "replay GUTS string ids from N")
	js := fs.Bool("json", false, "print JSON")
	mppMode := fs.String("mpp", "", "walk grids: bake, keep or none")
	strict := fs.Bool("strict", false, "refuse C-style numbers")
	fullPack := fs.Bool("full", false, "no incremental reuse")
	withSHA := fs.Bool("sha256", false, "the SHA-256 of the whole .MOD (off by default: it reads the whole file again)")
	watchDir := fs.Bool("watch", false, "pack again after every save")
	all := fs.Bool("all", false, "list every finding")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		// The desktop build asks with a folder picker; others need the name.
		dir, err := pickFolder("Choose the mod folder to pack (MOD.DAT + MEDIA)")
		if err != nil {
			return usageError{err.Error()}
		}
		pos = []string{dir}
	}
	if len(pos) != 1 {
		return usageError{"want one mod folder"}
	}
	if *enable && !*deploy {
		return usageError{"--enable needs --deploy"}
	}
	opt := modpack.Options{
		Output: *out, Deploy: *deploy, ModsDir: *mods, Enable: *enable, BaseDir: *base,
		GameDir: *game, GameVersion: *gamever, WriteModID: !*noWriteID, MPP: *mppMode, StrictNumbers: *strict,
		Budget: c.budget,
	}
	switch *mppMode {
	case "", modpack.MPPBake, modpack.MPPKeep, modpack.MPPNone:
	default:
		return usageError{fmt.Sprintf("--mpp %q: want bake, keep or none", *mppMode)}
	}
	if *gutsIDs != "" {
		n, err := strconv.ParseUint(*gutsIDs, 10, 32)
		if err != nil {
			return usageError{fmt.Sprintf("--guts-ids %q: want a number", *gutsIDs)}
		}
		opt.ReplayGUTS(uint32(n))
	}
	fillFromSettings(&opt)
	opt.Incremental = !*fullPack
	opt.SHA256 = *withSHA
	opt.CacheDir = modpack.DefaultCacheDir() // the user's cache, not the mod's folders
	if opt.GameVersion != "" {
		if _, err := modpack.ParseGameVersion(opt.GameVersion); err != nil {
			return usageError{err.Error()}
		}
	}

	if *watchDir {
		return watchPack(c, pos[0], opt, *js) // packwatch.go
	}
	res, err := modpack.Pack(c.context, pos[0], opt)
	if *js {
		return packJSON(c, res, err)
	}
	if err != nil {
		var pe *modpack.PackError
		if errors.As(err, &pe) {
			folded := foldedLines(c.stderr, pe.Findings, *all, findingKey, func(f modpack.Finding) string { return fmt.Sprintf("%s: %s", f.Severity, f) }, "")
			foldNote(c.stderr, folded, "")
			n := modpack.Count(pe.Findings, modpack.SevError)
			fmt.Fprintf(c.stderr, "packsmith pack: %s: not packed (%d error%s)\n", pos[0], n, plural(n))
			return errFindings
		}
		return err
	}
	printPackSummary(c.stdout, res, *all)
	return nil
}

// findingKey is how pack findings fold: by severity and the message's kind.
func findingKey(f modpack.Finding) string { return string(f.Severity) + "\x00" + fold.Kind(f.Message) }

func printPackSummary(w io.Writer, r *modpack.Result, all bool) {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "packed\t%s\n", r.Output)
	fmt.Fprintf(tw, "size\t%s bytes (%s bytes of sources)\n", groupDigits(r.Size), groupDigits(r.SourceBytes))
	var raws []string
	for _, p := range r.RAWs {
		raws = append(raws, strings.TrimSuffix(filepath.Base(p), ".RAW"))
	}
	rawText := "no RAW indices"
	if len(raws) > 0 {
		rawText = fmt.Sprintf("%d RAW: %s", len(raws), strings.Join(raws, ", "))
	}
	for _, g := range r.Grids {
		if g.Action == "baked" {
			rawText += ", 1 walk grid baked: " + filepath.Base(g.Grid)
		}
	}
	fmt.Fprintf(tw, "entries\t%d (%d compiled, %d as they are, %s)\n", r.Entries, r.Compiled, r.Assets, rawText)
	fmt.Fprintf(tw, "reused\t%d reused, %d compiled\n", r.Reused, r.Compiled)
	id := strconv.FormatInt(r.ModID, 10)
	switch {
	case r.ModIDWritten:
		id += " (new, written to MOD.DAT)"
	case r.ModIDNew:
		id += " (new, not written to MOD.DAT: --no-write-mod-id; the next pack gets another)"
	}
	name := "(no NAME)"
	version := 0
	if r.Mod != nil {
		if r.Mod.Name != "" {
			name = r.Mod.Name
		}
		version = int(r.Mod.Version)
	}
	fmt.Fprintf(tw, "mod\t%s · version %d · MOD_ID %s\n", name, version, id)
	fmt.Fprintf(tw, "game\t%s (%s)\n", r.GameVersion, r.GameVersionFrom)
	fmt.Fprintf(tw, "base data\t%s\n", r.BaseData)
	if n := len(r.Unresolved); n > 0 {
		fmt.Fprintf(tw, "GUESSED\t%d unit%s inherit fields from base files that could not be read (see the warnings)\n", n, plural(n))
	}
	fmt.Fprintf(tw, "hashes\trollingHash %s · mhash %s · reqHash %s\n", r.Hashes.RollingHash, r.Hashes.MHash, r.Hashes.ReqHash)
	if r.Hashes.SHA256 != "" {
		fmt.Fprintf(tw, "sha256\t%s\n", r.Hashes.SHA256)
	} else if r.Size > 0 {
		fmt.Fprintf(tw, "sha256\tnot taken (--sha256 takes it)\n")
	}
	if d := r.Deploy; d != nil {
		fmt.Fprintf(tw, "deployed\t%s\n", d.Path)
		if x := d.Previous; x != nil {
			fmt.Fprintf(tw, "previous build\tkept as backup %s (packsmith backups restore ID puts it back)\n", x.BackupID)
		}
		for _, x := range d.Replaced {
			fmt.Fprintf(tw, "replaced\t%s (MOD_ID %d), kept as backup %s\n", x.Path, x.ModID, x.BackupID)
		}
		if x := d.SchReplaced; x != nil {
			fmt.Fprintf(tw, "load order\tplace %d of %s named MOD_ID %d, an earlier build of this mod; it names %d now (no second line)\n", x.Place, d.SchPath, x.OldID, x.NewID)
		}
		switch {
		case d.SchReplaced != nil:
		case d.AlreadyEnabled:
			fmt.Fprintf(tw, "enabled\talready in %s\n", d.SchPath)
		case d.Enabled:
			fmt.Fprintf(tw, "enabled\tfirst in %s (backup %s)\n", d.SchPath, orNone(d.SchBackupID))
		}
	}
	printGridLines(tw, r.Grids)
	fmt.Fprintf(tw, "time\t%d ms\n", r.Millis)
	tw.Flush()
	warn := modpack.Count(r.Findings, modpack.SevWarning)
	if warn > 0 {
		fmt.Fprintf(w, "%d warning%s:\n", warn, plural(warn))
	}
	str := func(f modpack.Finding) string { return f.String() }
	folded := foldedLines(w, only(r.Findings, modpack.SevWarning), all, findingKey, str, "  ")
	folded += foldedLines(w, only(r.Findings, modpack.SevInfo), all, findingKey, str, "note: ")
	foldNote(w, folded, "")
}

// only is the findings of one severity, in their order.
func only(fs []modpack.Finding, sev modpack.Severity) []modpack.Finding {
	var out []modpack.Finding
	for _, f := range fs {
		if f.Severity == sev {
			out = append(out, f)
		}
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none: the file was new"
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// entriesN is "1 entry", "2 entries".
func entriesN(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return groupDigits(int64(n)) + " entries"
}

func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
