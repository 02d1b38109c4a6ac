package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/settings"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

func init() {
	register(command{
		name:  "decompile",
		usage: "decompile FILE|ARCHIVE ENTRY [-o OUT] [--password PW]",
		summary: "Turn compiled Torchlight II data (BINDAT, BINLAYOUT, RAW) back into text.\n" +
			"BINDAT (.DAT, .TEMPLATE, .ANIMATION, .HIE in a .MOD) becomes DAT text, BINLAYOUT LAYOUT text, a RAW index a table.\n" +
			"With -o the file is written as GUTS writes sources (UTF-16LE with BOM), which `packsmith compile` turns back\n" +
			"into the same data (a BINDAT's string ids may be numbered differently: the game reads them the same);\n" +
			"without -o, UTF-8 text goes to standard output.\n" +
			"Names missing from the rg_hash dictionary print as UNK_<HEX8> and compile back unchanged.",
		run: runDecompile,
	})
	register(command{
		name:  "compile",
		usage: "compile FILE.DAT|FILE.LAYOUT|NAME.RAW.txt -o OUT [--strict]",
		summary: "Compile one Torchlight II text source: .LAYOUT to BINLAYOUT; .DAT, .TEMPLATE, .ANIMATION, .HIE to BINDAT;\n" +
			"a RAW index's table (what decompile prints for it, e.g. UNITDATA.RAW.txt as extract --decompile names it) to the index.\n" +
			"Lint warnings (names the game never reads, UNK_ placeholders) go to standard error; they do not fail the command.\n" +
			"A number that is not what it says (read the C way as GUTS does: 1e9 as INTEGER is 1; out of range; infinite; NaN)\n" +
			"is compiled with a warning, as pack does; --strict (or the packStrictNumbers setting) refuses it.",
		run: runCompile,
	})
}

func runDecompile(c *ctx, args []string) error {
	fs := flag.NewFlagSet("decompile", flag.ContinueOnError)
	out := fs.String("o", "", "output file (default: UTF-8 text to standard output)")
	pw := fs.String("password", "", "archive password")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	src, err := c.openSource(pos, *pw)
	if err != nil {
		return err
	}
	defer src.Close()
	b, err := src.readAll(render.MaxCompiled)
	if err != nil {
		return err
	}
	k := render.CompiledKind(src.e, b[:min(len(b), preview.HeadSize)])
	if k == "" {
		why := "not BINDAT, BINLAYOUT or RAW"
		if _, ok := preview.DecodeText(b); ok && src.loose {
			why += " (it is text already)"
		} else if ok {
			why += " (it is text already: packsmith cat shows it)"
		}
		return fmt.Errorf("%s: %s", src.name(), why)
	}
	text, err := render.Decompile(k, src.e.Path, b)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", src.name(), k, err)
	}
	if *out == "" {
		t, _ := preview.DecodeText(text)
		_, err := fmt.Fprint(c.stdout, t.Text)
		return err
	}
	return safefile.WriteFile(*out, text)
}

func runCompile(c *ctx, args []string) error {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	out := fs.String("o", "", "output file")
	strict := fs.Bool("strict", false, "refuse numbers that are not what they say instead of compiling them with a warning")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"want one FILE"}
	}
	*strict = *strict || settings.Load().Get().PackStrictNumbers
	if *out == "" {
		return usageError{"-o OUT is required"}
	}
	p := pos[0]
	x := strings.ToLower(filepath.Ext(p))
	if k, ok := rawTableKind(p); ok {
		return compileRAWTable(c, p, k, *out, *strict)
	}
	if mod.SourceKind(p) == mod.NotSource {
		return fmt.Errorf("%s: compile takes .DAT, .TEMPLATE, .ANIMATION, .HIE (to BINDAT), .LAYOUT (to BINLAYOUT) or a RAW table, NAME.RAW.txt (to NAME.RAW)", p)
	}
	src, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	var bin []byte
	var warnings, numbers []string // numbers: every one is said, not capped
	if x == ".layout" {
		var finds []layout.Finding
		bin, finds, err = layout.Compile(p, src)
		refused := false
		for _, f := range finds {
			switch {
			case f.CNumber && *strict:
				refused = true
				fmt.Fprintf(c.stderr, "error: %s (refused because numbers are strict)\n", oneLine(f.String()))
			case f.CNumber:
				numbers = append(numbers, f.String())
			default:
				warnings = append(warnings, f.String())
			}
		}
		if refused {
			return fmt.Errorf("%s: not compiled: numbers are strict", p)
		}
		if err != nil {
			return err
		}
	} else {
		// The file's name matters: a root written [] hashes it.
		opt := &bindat.Options{Strict: *strict, Fixed: func(f bindat.NumberFix) {
			numbers = append(numbers, fmt.Sprintf("%s:%d: %s", p, f.Line, f.Message()))
		}}
		if bin, err = bindat.CompileText(p, src, opt); err != nil {
			return err
		}
		if root, err := dattext.Parse(p, src); err == nil {
			for _, f := range bindat.Lint(p, root) {
				warnings = append(warnings, f.String())
			}
		}
	}
	// A file decompiled without the names dictionary has an UNK_ warning
	// per name: the first few make the point.
	for _, w := range numbers {
		fmt.Fprintf(c.stderr, "warning: %s\n", oneLine(w))
	}
	const maxWarnings = 10
	for i, w := range warnings {
		if i == maxWarnings {
			fmt.Fprintf(c.stderr, "warning: %s: %d more warnings\n", p, len(warnings)-maxWarnings)
			break
		}
		fmt.Fprintf(c.stderr, "warning: %s\n", oneLine(w))
	}
	if err := safefile.WriteFile(*out, bin); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s: %d bytes\n", *out, len(bin))
	return nil
}

// rawTableKind says which RAW index a table file is: by its name
// (UNITDATA.RAW.txt, as extract --decompile writes it), else, for any
// .txt, by its summary line or header.
func rawTableKind(p string) (raw.Kind, bool) {
	base := filepath.Base(p)
	if strings.EqualFold(filepath.Ext(base), ".txt") {
		if k, ok := raw.KindOf(base[:len(base)-len(".txt")]); ok {
			return k, true
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return 0, false
		}
		return raw.KindOfText(b)
	}
	return 0, false
}

func compileRAWTable(c *ctx, p string, k raw.Kind, out string, strict bool) error {
	src, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	bin, warns, err := raw.Compile(k, filepath.Base(p), src)
	for _, w := range warns {
		if w.Lossy && strict {
			fmt.Fprintf(c.stderr, "error: %s (refused because numbers are strict)\n", w)
		} else {
			fmt.Fprintf(c.stderr, "warning: %s\n", w)
		}
	}
	if err != nil {
		return err
	}
	if strict && raw.AnyLossy(warns) {
		return fmt.Errorf("%s: not compiled: numbers are strict", p)
	}
	if err := safefile.WriteFile(out, bin); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s: %d bytes (%s)\n", out, len(bin), k.FileName())
	return nil
}
