package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// Exit codes.
const (
	ExitOK      = 0
	ExitFailure = 1 // the command failed, or verify found a problem
	ExitUsage   = 2
)

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

// exitCode prints what a command's error says, the way its kind asks (a
// usage error names the help to read, --help prints the usage, verify's
// findings are already printed), and returns the exit code for it.
func exitCode(cmd command, err error, stdout, stderr io.Writer) int {
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
