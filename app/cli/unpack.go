package cli

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/modunpack"
)

func init() {
	register(command{
		name:  "unpack",
		usage: "unpack MOD -o DIR [--overwrite] [--json]",
		summary: "Torchlight II: turn a .MOD back into a mod folder that `packsmith pack` builds again: MOD.DAT from the\n" +
			"header, every compiled entry as GUTS source text (UTF-16LE with BOM), assets as they are, the RAW indices\n" +
			"left out (pack regenerates them) and " + modpack.ProjectFile + " beside MOD.DAT keeping the game version, the\n" +
			"BINDAT string ids and the values UNITDATA.RAW holds for units inheriting from base-game files the .MOD\n" +
			"lacks, so the rebuilt entries are byte-identical without the game (its DATA.PAK still wins when given).\n" +
			"  -o DIR        the folder to write (created; it must be empty unless --overwrite)\n" +
			"  --overwrite   write into a folder that is not empty\n" +
			"  --json        print the result as JSON",
		run: runUnpack,
	})
}

func runUnpack(c *ctx, args []string) error {
	fs := flag.NewFlagSet("unpack", flag.ContinueOnError)
	out := fs.String("o", "", "output folder")
	over := fs.Bool("overwrite", false, "write into a folder that is not empty")
	js := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"want one .MOD"}
	}
	if *out == "" {
		return usageError{"-o DIR is required"}
	}
	res, err := modunpack.Unpack(c.context, pos[0], *out, modunpack.Options{Overwrite: *over})
	if err != nil {
		return err
	}
	if *js {
		return writeJSON(c.stdout, res)
	}
	fmt.Fprintf(c.stdout, "unpacked %s into %s\n", pos[0], res.Dir)
	fmt.Fprintf(c.stdout, "  %d entries: %d as source text, %d as they are, %d RAW left out (%s)\n", res.Entries, res.Decompiled, res.Assets,
		len(res.RAWsSkipped), strings.Join(baseNames(res.RAWsSkipped), ", "))
	if res.BaseFiles > 0 {
		files := "files"
		if res.BaseFiles == 1 {
			files = "file"
		}
		fmt.Fprintf(c.stdout, "  UNITDATA.RAW: what %d base-game %s gave %d units kept in %s, so pack rebuilds it without the game\n",
			res.BaseFiles, files, res.BaseUnits, modpack.ProjectFile)
	}
	if res.MenusLeftOut > 0 {
		fmt.Fprintf(c.stdout, "  UI.RAW: %d Menu Definition(s) its layouts hold and GUTS left out, kept in %s, so pack leaves them out too\n",
			res.MenusLeftOut, modpack.ProjectFile)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(c.stdout, "warning: %s\n", w)
	}
	fmt.Fprintf(c.stdout, "pack it again with: packsmith pack %s\n", res.Dir)
	return nil
}

func baseNames(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = filepath.Base(p)
	}
	return out
}
