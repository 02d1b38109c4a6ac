// Package cli is Packsmith's command line: the same packages the window
// uses, for scripts and CI. Every command prints a one-line error and exits
// non-zero on failure; --json output is stable (documented in README.md).
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	_ "packsmith/backend/drivers/all" // every archive family
	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/scratch"
	"packsmith/backend/sys/version"
	_ "packsmith/backend/view/render" // every preview renderer (textures, walk grids, compiled data)
)

// command is one subcommand of packsmith; each registers itself from its
// file's init (help lists them by name).
type command struct {
	name    string
	usage   string
	summary string
	run     func(c *ctx, args []string) error
}

// ctx is what a running command writes to and works under.
type ctx struct {
	stdout, stderr io.Writer
	context        context.Context
	// budget is the memory everything the command decodes shares (its
	// --max-memory flag, else the maxMemoryMB setting).
	budget *limits.Budget
}

// commands is the command table, filled by register from each command
// file's init and read-only afterwards.
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
		return runHelp(args[1:], stdout, stderr)
	case "version", "--version":
		fmt.Fprintln(stdout, "packsmith", version.Version)
		return ExitOK
	}
	for _, cmd := range commands {
		if cmd.name != args[0] {
			continue
		}
		scratch.CleanStale() // what a killed run left in the temp folder
		return exitCode(cmd, cmd.run(cx, args[1:]), stdout, stderr)
	}
	fmt.Fprintf(stderr, "packsmith: unknown command %q (try: packsmith help)\n", args[0])
	return ExitUsage
}
