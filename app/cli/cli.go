// Package cli is Packsmith's command line: the same packages the window
// uses, for scripts and CI. Every command prints a one-line error and exits
// non-zero on failure; --json output is stable (documented in README.md).
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"packsmith/backend/export/extract"
	"packsmith/backend/sys/scratch"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all" // every archive family
	"packsmith/backend/edit/writeback"
	"packsmith/backend/export/convert"
	"packsmith/backend/sys/finitejson"
	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/version"
	_ "packsmith/backend/view/render" // every preview renderer (textures, walk grids, compiled data)
)

// Exit codes.
const (
	ExitOK      = 0
	ExitFailure = 1 // the command failed, or verify found a problem
	ExitUsage   = 2
)

type command struct {
	name    string
	usage   string
	summary string
	run     func(c *ctx, args []string) error
}

type ctx struct {
	stdout, stderr io.Writer
	context        context.Context
	// budget is the memory everything the command decodes shares (its
	// --max-memory flag, else the maxMemoryMB setting).
	budget *limits.Budget
}

// usageError makes the command exit 2 and print its usage.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

// exitCoder is an error with its own exit code (diff: 1 when the
// archives differ, 2 when it could not compare); an empty message prints
// nothing.
type exitCoder interface {
	error
	ExitCode() int
}

// findingsError makes verify exit 1 after printing its findings.
var errFindings = errors.New("verify found problems")

var commands []command

func register(c command) { commands = append(commands, c) }

// IsCommand says whether name is a command (main uses it to tell a command
// line from a file to open in the window).
func IsCommand(name string) bool {
	switch name {
	case "help", "-h", "--help", "-help", "version", "--version":
		return true
	}
	if name == "--max-memory" || strings.HasPrefix(name, "--max-memory=") {
		return true
	}
	for _, c := range commands {
		if c.name == name {
			return true
		}
	}
	return false
}

// Run runs one command line and returns the exit code.
func Run(args []string, stdout, stderr io.Writer) int {
	// SIGTERM (kill, a closing terminal, systemd) is a cancel like Ctrl-C:
	// writers remove their temporary files and leave the target as it was.
	c, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cx := &ctx{stdout: stdout, stderr: stderr, context: c}
	args, budget, err := memoryFlag(args)
	if err != nil {
		fmt.Fprintf(stderr, "packsmith: %s\n", err)
		return ExitUsage
	}
	cx.budget = budget
	limits.SetGCLimit(budget) // the command's budget is its process's
	if len(args) == 0 {
		printHelp(stdout)
		return ExitOK
	}
	switch args[0] {
	case "help", "-h", "--help", "-help":
		if len(args) > 1 {
			for _, cmd := range commands {
				if cmd.name == args[1] {
					fmt.Fprintf(stdout, "usage: packsmith %s\n\n%s\n", cmd.usage, cmd.summary)
					return ExitOK
				}
			}
			fmt.Fprintf(stderr, "packsmith help: unknown command %q (packsmith help lists them)\n", args[1])
			return ExitUsage
		}
		printHelp(stdout)
		return ExitOK
	case "version", "--version":
		fmt.Fprintln(stdout, "packsmith", version.Version)
		return ExitOK
	}
	for _, cmd := range commands {
		if cmd.name != args[0] {
			continue
		}
		scratch.CleanStale() // what a killed run left in the temp folder
		err := cmd.run(cx, args[1:])
		var ue usageError
		var ec exitCoder
		switch {
		case err == nil:
			return ExitOK
		case errors.Is(err, flag.ErrHelp):
			fmt.Fprintf(stdout, "usage: packsmith %s\n\n%s\n", cmd.usage, cmd.summary)
			return ExitOK
		case errors.As(err, &ue):
			// One line, like every error; the usage is one command away.
			fmt.Fprintf(stderr, "packsmith %s: %s (usage: packsmith help %s)\n", cmd.name, oneLine(ue.msg), cmd.name)
			return ExitUsage
		case errors.Is(err, errFindings):
			return ExitFailure
		case errors.As(err, &ec):
			if msg := err.Error(); msg != "" {
				fmt.Fprintf(stderr, "packsmith %s: %s\n", cmd.name, oneLine(msg))
			}
			return ec.ExitCode()
		default:
			fmt.Fprintf(stderr, "packsmith %s: %s\n", cmd.name, oneLine(err.Error()))
			return ExitFailure
		}
	}
	fmt.Fprintf(stderr, "packsmith: unknown command %q (try: packsmith help)\n", args[0])
	return ExitUsage
}

func oneLine(s string) string { return escapeControls(strings.Join(strings.Fields(s), " ")) }

// escapeControls writes the control characters in s (an entry name with a
// newline or an ANSI escape sequence, from an untrusted archive) as Go
// escapes, \n and \x1b, so that printing a name cannot break a line or
// drive the terminal. Other characters, Korean and the rest, stay as they are.
func escapeControls(s string) string {
	clean := true
	for _, r := range s {
		if isControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			q := strconv.QuoteRune(r) // '\n', '\x1b', '\u009b'
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0) }

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "Packsmith: open, browse, extract and write back game archives.")
	fmt.Fprintln(w, "\nWith no arguments the desktop build opens its window.")
	fmt.Fprintln(w, "\nCommands:")
	cs := append([]command(nil), commands...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	col := 0
	for _, c := range cs {
		col = max(col, len(c.name))
	}
	col += 4 // "  name  "
	for _, c := range cs {
		// The whole first sentence, wrapped under itself: a summary's
		// first line is cut where its source wraps, mid-sentence.
		for i, line := range wrap(firstSentence(c.summary), helpWidth-col) {
			name := ""
			if i == 0 {
				name = c.name
			}
			fmt.Fprintf(w, "  %-*s%s\n", col-2, name, line)
		}
	}
	fmt.Fprintln(w, "\nAny command takes --max-memory MB: the budget for decoded data (default 512 MB, or the")
	fmt.Fprintln(w, "maxMemoryMB setting); files whose headers ask for more are refused before anything is allocated,")
	fmt.Fprintln(w, "and the process's peak memory stays within the budget plus 64 MB.")
	fmt.Fprintln(w, "\n'packsmith help COMMAND' or 'packsmith COMMAND --help' tells more.")
}

// helpWidth is the width packsmith help wraps to.
const helpWidth = 100

// firstSentence is a summary's first sentence, its lines joined: up to the
// first '.' that ends a word outside parentheses ("e.g." does not end one,
// nor do the dots in ".MPP" or "a.b.c.d"), or a ':' ending a line (it
// introduces a list).
func firstSentence(s string) string {
	depth := 0
	end := len(s)
scan:
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '.':
			if depth > 0 || i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\n' {
				continue
			}
			if head := s[:i+1]; strings.HasSuffix(head, "e.g.") || strings.HasSuffix(head, "i.e.") {
				continue
			}
			end = i + 1
			break scan
		case ':':
			if depth == 0 && i+1 < len(s) && s[i+1] == '\n' {
				end = i + 1
				break scan
			}
		}
	}
	return strings.Join(strings.Fields(s[:end]), " ")
}

// wrap breaks s into lines of at most width bytes at spaces (a longer
// word keeps its own line).
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// sawFlags, set by a test, sees every flag set a command parses (the test
// checks each usage line names them all).
var sawFlags func(*flag.FlagSet)

// parse parses flags anywhere among the arguments (Go's flag package stops
// at the first positional one) and returns the positional arguments.
func parse(fs *flag.FlagSet, args []string) (out []string, err error) {
	if sawFlags != nil {
		sawFlags(fs)
	}
	fs.SetOutput(io.Discard)
	args = protectNegatives(fs, args)
	var pos []string
	defer func() {
		for i, p := range out {
			out[i] = strings.TrimPrefix(p, negMark)
		}
	}()
	for {
		if len(args) > 0 && args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// negMark hides a negative number from the flag package, which would take
// it for a flag: Torchlight II mod ids are signed ("move -4629… --to 3").
const negMark = "\x00neg"

// protectNegatives marks negative numbers that are arguments (not the value
// of a flag before them) so that parse keeps them as positional.
func protectNegatives(fs *flag.FlagSet, args []string) []string {
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if !isNegativeNumber(a) {
			continue
		}
		if i > 0 && takesValue(fs, out[i-1]) {
			continue
		}
		out[i] = negMark + a
	}
	return out
}

// takesValue says whether arg is a flag whose value is the next argument.
func takesValue(fs *flag.FlagSet, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if name == arg || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

func isNegativeNumber(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(v) // encodes whole before writing: a failure wrote nothing
	if nonFinite(err) {
		return enc.Encode(finite(v))
	}
	return err
}

// marshalFinite is json.Marshal that writes NaN and ±Inf as null, named
// in "warnings" (see writeJSON).
func marshalFinite(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if nonFinite(err) {
		return json.Marshal(finite(v))
	}
	return b, err
}

// nonFinite tells an encoding/json refusal of a value (a NaN or ±Inf).
func nonFinite(err error) bool {
	var unsupported *json.UnsupportedValueError
	return errors.As(err, &unsupported)
}

// finite is v with every NaN or ±Inf (from a file: a mesh's stored bounds;
// JSON has no such number) written as null and named in "warnings".
func finite(v any) any {
	clean, findings := finitejson.Sanitize(v)
	return withWarnings(clean, findings)
}

// withWarnings adds findings to an object's "warnings" list (made at the
// end when the object has none); a value that is no object keeps its shape.
func withWarnings(v any, findings []string) any {
	obj, ok := v.(finitejson.Object)
	if !ok {
		return v
	}
	for i, m := range obj {
		if m.Name != "warnings" {
			continue
		}
		list, ok := m.Value.([]any)
		if !ok && m.Value != nil {
			// A "warnings" of another shape: the findings go beside it.
			return append(obj, finitejson.Member{Name: "nonFiniteWarnings", Value: stringsAny(findings)})
		}
		for _, f := range findings {
			list = append(list, f)
		}
		obj[i].Value = list
		return obj
	}
	return append(obj, finitejson.Member{Name: "warnings", Value: stringsAny(findings)})
}

func stringsAny(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

func (c *ctx) openArchive(p, password string) (archive.Archive, error) {
	return archive.Open(p, archive.OpenOptions{Password: password, Budget: c.budget})
}

// archiveArgs parses a command's flags and positional arguments (at least
// min, at most max; what names them in the usage error) and opens the
// archive named first. The caller closes it.
func (c *ctx) archiveArgs(fs *flag.FlagSet, password *string, args []string, min, max int, what string) (archive.Archive, []string, error) {
	pos, err := parse(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if len(pos) < min || (max >= 0 && len(pos) > max) {
		return nil, nil, usageError{"want " + what}
	}
	a, err := c.openArchive(pos[0], *password)
	if err != nil {
		return nil, nil, err
	}
	return a, pos, nil
}

func init() {
	register(command{name: "ls", usage: "ls ARCHIVE [--password PW] [--json]", summary: "List the entries: path, size, packed size, kind.\n--json prints {archive, family, entries:[{path,size,packed,kind,extra}]}.", run: runLs})
	register(command{name: "cat", usage: "cat ARCHIVE ENTRY [--password PW]", summary: "Write one entry's bytes to standard output.", run: runCat})
	register(command{name: "extract", usage: "extract ARCHIVE -o DIR [ENTRY…] [--decompile] [--png] [--overwrite] [--allow-unportable] [--password PW] [--json]", summary: "Write entries (all, or the named entries and folders) under DIR, keeping folders.\n" +
		"Refuses, before writing anything: names that escape DIR, names unsafe on Windows, macOS or Linux (CON, aux.txt,\n" +
		"a trailing dot or space, control characters, Same.txt beside SAME.TXT) unless --allow-unportable,\n" +
		"entries that share stored bytes or claim an impossible\n" +
		"compression ratio, links (in the archive or in DIR), too little free space, and existing files unless --overwrite.\n" +
		"A failed or cancelled extract leaves DIR as it was.\n" +
		"--decompile writes BINDAT and BINLAYOUT as GUTS text (UTF-16LE with BOM, what `decompile -o` writes) under the\n" +
		"source's name (X.DAT stays X.DAT, X.DAT.BINDAT becomes X.DAT) and RAW indices as tables (X.RAW.txt).\n" +
		"--png writes textures (DDS, TGA, btx; mip 0) and walk grids (.MPP; one pixel per cell) as NAME.png.\n" +
		"An entry that cannot be converted is written as it is, with a warning.", run: runExtract})
	register(command{name: "info", usage: "info ARCHIVE|FILE.mpp|FILE.dds|FILE.MESH|FILE.SKELETON|ARCHIVE ENTRY.MESH|ARCHIVE ENTRY.SKELETON [--password PW] [--json]", summary: "Show the family's metadata (TL2: header fields, hashes stored and computed).\nFor a walk grid: size, extent, class counts, stub flag, pockets; for a texture: its header;\nfor an Ogre mesh: submeshes with names, materials and textures (as named and as found), vertices, triangles, bounds,\nskeleton and animations; for an Ogre skeleton: bones, roots, animations with tracks and keyframes.", run: runInfo})
	register(command{name: "verify", usage: "verify ARCHIVE [--password PW] [--json]", summary: "Run every integrity check the family has; exit 1 on a finding.", run: runVerify})
	register(command{name: "replace", usage: "replace ARCHIVE ENTRY FILE [-o OUT] [--as-is | --strict] [--password PW]", summary: "Write back: swap one entry's bytes for FILE's, converted to what the game reads (TL2 text compiled, RAW indices rebuilt, a picture over a texture encoded; --as-is stores the bytes). Without -o the archive is replaced in place after a backup in the backups folder (packsmith backups list; nothing is left beside it).", run: editCmd(archive.EditReplace)})
	register(command{name: "add", usage: "add ARCHIVE ENTRY FILE [-o OUT] [--as-is | --strict] [--password PW]", summary: "Write back: add FILE as ENTRY, converted as replace does (--as-is: unchanged). Without -o, in place after a backup in the backups folder.", run: editCmd(archive.EditAdd)})
	register(command{name: "rm", usage: "rm ARCHIVE ENTRY [-o OUT] [--password PW]", summary: "Write back: remove an entry. Without -o, in place after a backup in the backups folder.", run: editCmd(archive.EditRemove)})
	register(command{name: "repack", usage: "repack ARCHIVE -o OUT [--drop-shadowed] [--password PW]", summary: "Rewrite the whole archive; an unchanged archive comes out byte-identical where its family allows.\n" +
		"A path a .MOD lists twice keeps both copies; --drop-shadowed keeps only the one a lookup finds and says what went.", run: runRepack})
}

// commonFlags: --json and --password (an encrypted Lost Saga pack).
func commonFlags(name string) (*flag.FlagSet, *bool, *string) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	js := fs.Bool("json", false, "print JSON")
	pw := fs.String("password", "", "archive password")
	return fs, js, pw
}

// passwordFlag: --password alone, for commands that print no JSON (a
// --json they took and ignored was a flag their usage could not explain).
func passwordFlag(name string) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	return fs, fs.String("password", "", "archive password")
}

func runLs(c *ctx, args []string) error {
	fs, js, pw := commonFlags("ls")
	a, _, err := c.archiveArgs(fs, pw, args, 1, 1, "one ARCHIVE")
	if err != nil {
		return err
	}
	defer a.Close()
	if *js {
		return writeJSON(c.stdout, struct {
			Archive string          `json:"archive"`
			Family  string          `json:"family"`
			Entries []archive.Entry `json:"entries"`
		}{a.Path(), a.Family(), a.Entries()})
	}
	tw := tabwriter.NewWriter(c.stdout, 4, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "size\tpacked\t kind\t path\n")
	for _, e := range a.Entries() {
		path := e.Path
		if e.Extra != nil && e.Extra.From() != "" {
			pack := e.Extra.From()
			path += "  [" + pack + "]" // a game folder: the pack the entry comes from
		}
		fmt.Fprintf(tw, "%d\t%d\t %s\t %s\n", e.Size, e.Packed, e.Kind, escapeControls(path))
	}
	return tw.Flush()
}

func findEntry(a archive.Archive, name string) (archive.Entry, error) {
	e, ok := archive.Find(a, name)
	if !ok {
		return e, &archive.EntryError{Archive: a.Path(), Entry: name, Offset: -1, Err: archive.ErrNotFound}
	}
	return e, nil
}

func runCat(c *ctx, args []string) error {
	fs, pw := passwordFlag("cat")
	a, pos, err := c.archiveArgs(fs, pw, args, 2, 2, "ARCHIVE and ENTRY")
	if err != nil {
		return err
	}
	defer a.Close()
	e, err := findEntry(a, pos[1])
	if err != nil {
		return err
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return err
	}
	defer rc.Close()
	if _, err := io.Copy(c.stdout, rc); err != nil {
		return &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
	}
	return nil
}

func runExtract(c *ctx, args []string) error {
	fs, js, pw := commonFlags("extract")
	out := fs.String("o", "", "target folder")
	var xo convert.Options
	fs.BoolVar(&xo.Decompile, "decompile", false, "write BINDAT, BINLAYOUT and RAW as text")
	fs.BoolVar(&xo.PNG, "png", false, "write textures and walk grids as PNG")
	fs.BoolVar(&xo.Overwrite, "overwrite", false, "replace existing files")
	unportable := fs.Bool("allow-unportable", false, "write names another system cannot hold (CON, a trailing dot, control characters, names differing only in case) where this one can")
	a, pos, err := c.archiveArgs(fs, pw, args, 1, -1, "ARCHIVE")
	if err != nil {
		return err
	}
	defer a.Close()
	if *out == "" {
		return usageError{"-o DIR is required"}
	}
	xo.Budget = c.budget
	x := convert.ExtractOptions(xo)
	x.AllowUnportable = *unportable
	res, err := extract.Extract(c.context, a, *out, pos[1:], nil, x)
	if err != nil {
		return err
	}
	for _, k := range res.Kept {
		fmt.Fprintf(c.stderr, "warning: %s: %s: %s (written as it is)\n", a.Path(), escapeControls(k.Entry), escapeControls(k.Why))
	}
	if *js {
		return writeJSON(c.stdout, res)
	}
	conv := ""
	if res.Converted > 0 {
		conv = fmt.Sprintf(" (%d converted)", res.Converted)
	}
	fmt.Fprintf(c.stdout, "extracted %d files%s, %d bytes, to %s\n", res.Files, conv, res.Bytes, res.Dir)
	return nil
}

func runInfo(c *ctx, args []string) error {
	fs, js, pw := commonFlags("info")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if handled, err := infoMesh(c, pos, *pw, *js); handled {
		return err // a .MESH, loose or ARCHIVE ENTRY
	}
	if handled, err := infoSkeleton(c, pos, *pw, *js); handled {
		return err // a .SKELETON, loose or ARCHIVE ENTRY
	}
	if len(pos) != 1 {
		return usageError{"want one ARCHIVE"}
	}
	if handled, err := infoFile(c, pos[0], *js); handled {
		return err // a loose .mpp, .dds or .tga
	}
	a, err := c.openArchive(pos[0], *pw)
	if err != nil {
		return err
	}
	defer a.Close()
	var meta any = map[string]any{"family": a.Family(), "entries": len(a.Entries())}
	if info := a.Capabilities().Info; info != nil {
		meta = info()
	}
	if *js {
		return writeJSON(c.stdout, meta)
	}
	return printFields(c.stdout, meta)
}

// printFields prints a JSON-able value as "key: value" lines, nested
// objects indented.
func printFields(w io.Writer, v any) error {
	b, err := marshalFinite(v)
	if err != nil {
		return err
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		return err
	}
	printValue(w, generic, "")
	return nil
}

func printValue(w io.Writer, v any, indent string) {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch val := t[k].(type) {
			case map[string]any, []any:
				if isEmpty(val) {
					fmt.Fprintf(w, "%s%s: (none)\n", indent, k)
					continue
				}
				fmt.Fprintf(w, "%s%s:\n", indent, k)
				printValue(w, val, indent+"  ")
			default:
				fmt.Fprintf(w, "%s%s: %s\n", indent, k, scalar(val))
			}
		}
	case []any:
		for _, item := range t {
			switch item.(type) {
			case map[string]any, []any:
				fmt.Fprintf(w, "%s-\n", indent)
				printValue(w, item, indent+"  ")
			default:
				fmt.Fprintf(w, "%s- %s\n", indent, scalar(item))
			}
		}
	default:
		fmt.Fprintf(w, "%s%s\n", indent, scalar(t))
	}
}

func isEmpty(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		return len(t) == 0
	case []any:
		return len(t) == 0
	}
	return false
}

func scalar(v any) string {
	switch t := v.(type) {
	case nil:
		return "-"
	case string:
		return t
	case float64:
		if t == float64(int64(t)) {
			return fmt.Sprintf("%d", int64(t))
		}
		return fmt.Sprint(t)
	}
	return fmt.Sprint(v)
}

func runVerify(c *ctx, args []string) error {
	fs, js, pw := commonFlags("verify")
	a, _, err := c.archiveArgs(fs, pw, args, 1, 1, "one ARCHIVE")
	if err != nil {
		return err
	}
	defer a.Close()
	verify := a.Capabilities().Verify
	if verify == nil {
		return fmt.Errorf("%s: %s archives have no integrity checks", a.Path(), a.Family())
	}
	findings, err := verify(c.context, archive.NoProgress{})
	if err != nil {
		return err
	}
	if findings == nil {
		findings = []archive.Finding{}
	}
	problems := 0
	for _, f := range findings {
		if f.Severity != archive.SevInfo {
			problems++
		}
	}
	if *js {
		if err := writeJSON(c.stdout, struct {
			Archive  string            `json:"archive"`
			OK       bool              `json:"ok"`
			Findings []archive.Finding `json:"findings"`
		}{a.Path(), problems == 0, findings}); err != nil {
			return err
		}
	} else {
		for _, f := range findings {
			where := ""
			if f.Entry != "" {
				where = f.Entry + ": "
			}
			fmt.Fprintf(c.stdout, "%-7s %-14s %s\n", f.Severity, f.Check, escapeControls(where+f.Message))
		}
		if problems == 0 {
			fmt.Fprintf(c.stdout, "ok: %s (%s checked)\n", a.Path(), entriesN(len(a.Entries())))
		} else {
			fmt.Fprintf(c.stdout, "%d problem(s) in %s\n", problems, a.Path())
		}
	}
	if problems > 0 {
		return errFindings
	}
	return nil
}

func editCmd(op archive.EditOp) func(c *ctx, args []string) error {
	return func(c *ctx, args []string) error {
		fs, pw := passwordFlag(op.String())
		out := fs.String("o", "", "write the result here instead of in place")
		asIs, strict := new(bool), new(bool)
		if op != archive.EditRemove {
			fs.BoolVar(asIs, "as-is", false, "store FILE's bytes unchanged: no compile of TL2 text, no texture encode, no RAW rebuild")
			fs.BoolVar(strict, "strict", false, "refuse numbers that are not what they say (read the C way, out of range, infinite, NaN) instead of storing them with a warning")
		}
		pos, err := parse(fs, args)
		if err != nil {
			return err
		}
		want := 3
		if op == archive.EditRemove {
			want = 2
		}
		if len(pos) != want {
			return usageError{fmt.Sprintf("want %d arguments", want)}
		}
		e := archive.Edit{Op: op, Path: pos[1]}
		if op != archive.EditRemove {
			e.Source = pos[2]
		}
		if *asIs {
			e.Convert = archive.ConvertNone
		} else if *strict {
			e.Convert = archive.ConvertStrict
		}
		res, err := writeback.Apply(c.context, pos[0], *out, []archive.Edit{e}, archive.OpenOptions{Password: *pw}, nil)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "wrote %s", res.Output)
		if res.BackupID != "" {
			fmt.Fprintf(c.stdout, " (backup: %s)", res.BackupID)
		}
		fmt.Fprintln(c.stdout)
		printNotes(c, res.Notes)
		printConversions(c, res.Conversions) // edit.go
		return nil
	}
}

func runRepack(c *ctx, args []string) error {
	fs, pw := passwordFlag("repack")
	out := fs.String("o", "", "output archive")
	drop := fs.Bool("drop-shadowed", false, "drop later copies of a path listed twice")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"want one ARCHIVE"}
	}
	if *out == "" {
		return usageError{"-o OUT is required"}
	}
	edits, note, err := shadowEdits(pos[0], *pw, *drop) // shadow.go
	if err != nil {
		return err
	}
	res, err := writeback.Apply(c.context, pos[0], *out, edits, archive.OpenOptions{Password: *pw}, nil)
	if err != nil {
		return err
	}
	fmt.Fprint(c.stdout, note)
	fmt.Fprintf(c.stdout, "wrote %s\n", res.Output)
	printNotes(c, res.Notes)
	return nil
}

func printNotes(c *ctx, notes []string) {
	for _, n := range notes {
		fmt.Fprintln(c.stdout, "  "+n)
	}
}
