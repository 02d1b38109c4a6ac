package cli

import (
	"errors"
	"flag"
	"io"
	"strings"
)

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
