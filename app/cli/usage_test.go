package cli

import (
	"bytes"
	"flag"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// flagsIn lists the flags (-x, --xyz) a text names.
var flagRef = regexp.MustCompile(`(?:^|[\s\[(|,])(--?[a-z][a-z0-9-]*)`)

func flagsIn(s string) map[string]bool {
	out := map[string]bool{}
	for _, m := range flagRef.FindAllStringSubmatch(s, -1) {
		out[strings.TrimLeft(m[1], "-")] = true
	}
	return out
}

// subcommands are the words a usage line puts right after the command
// (reborn texts …, loadorder … list | enable …): each parses its own flags.
func subcommands(c command) [][]string {
	runs := [][]string{{"--help"}}
	word := regexp.MustCompile(`^[a-z][a-z-]*$`)
	seen := map[string]bool{}
	for _, alt := range strings.Split(c.usage, "|") {
		f := strings.Fields(alt)
		for i, w := range f {
			if i == 0 && w == c.name {
				continue
			}
			if strings.HasPrefix(w, "[") || strings.HasPrefix(w, "-") || strings.HasSuffix(w, "]") {
				continue
			}
			if word.MatchString(w) && !seen[w] {
				seen[w] = true
				runs = append(runs, []string{w, "--help"})
			}
			break
		}
	}
	return runs
}

// Every command's usage line names every flag its flag sets define and
// every flag its help text explains: a flag added later without a word in
// the usage fails here (pack's --guts-ids did).
func TestUsageListsEveryFlag(t *testing.T) {
	if len(commands) < 20 {
		t.Fatalf("%d commands registered", len(commands))
	}
	for _, c := range commands {
		defined := map[string]bool{}
		sawFlags = func(fs *flag.FlagSet) {
			fs.VisitAll(func(f *flag.Flag) { defined[f.Name] = true })
		}
		for _, args := range subcommands(c) {
			var out, errb bytes.Buffer
			Run(append([]string{c.name}, args...), &out, &errb)
		}
		sawFlags = nil
		if len(defined) == 0 && strings.Contains(c.usage, "-") && strings.Contains(c.summary, "  -") {
			t.Errorf("%s: --help parsed no flag set, yet its help explains flags", c.name)
		}
		usage := flagsIn(c.usage)
		var missing []string
		for f := range defined {
			if !usage[f] && f != "h" && f != "help" {
				missing = append(missing, "-"+f+" (a flag)")
			}
		}
		for f := range flagsIn(c.summary) {
			if !usage[f] && defined[f] {
				missing = append(missing, "-"+f+" (explained)")
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: the usage line %q does not name %s", c.name, c.usage, strings.Join(missing, ", "))
		}
	}
}

// packsmith help shows each command's whole first sentence, wrapped under
// itself, never the summary's first source line cut mid-sentence.
func TestHelpListsWholeSentences(t *testing.T) {
	var out bytes.Buffer
	printHelp(&out)
	lines := strings.Split(out.String(), "\n")
	for _, c := range commands {
		var got []string
		for i, l := range lines {
			if !strings.HasPrefix(l, "  "+c.name+" ") {
				continue
			}
			col := len(l) - len(strings.TrimLeft(l[2+len(c.name):], " "))
			got = append(got, strings.TrimSpace(l[col:]))
			for _, m := range lines[i+1:] {
				if len(m) <= col || strings.TrimSpace(m[:col]) != "" {
					break
				}
				got = append(got, strings.TrimSpace(m))
			}
		}
		text := strings.Join(got, " ")
		whole := strings.Join(strings.Fields(c.summary), " ")
		if text == "" || !strings.HasPrefix(whole, text) || !strings.HasSuffix(text, ".") {
			t.Errorf("%s: help says %q: not a whole sentence of %q", c.name, text, whole)
		}
		if len(text) < 20 && len(whole) > len(text)+1 && !strings.HasSuffix(text, ".") {
			t.Errorf("%s: %q is cut short", c.name, text)
		}
	}
	for _, l := range lines {
		if len([]rune(l)) > helpWidth+2 {
			t.Errorf("help line of %d characters: %q", len([]rune(l)), l)
		}
	}
	if got := firstSentence("Torchlight II: bake a grid (.MPP, e.g. A.MPP) from a.b.c.d data\nand more. Then"); got != "Torchlight II: bake a grid (.MPP, e.g. A.MPP) from a.b.c.d data and more." {
		t.Errorf("firstSentence: %q", got)
	}
}
