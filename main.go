// Packsmith: a workbench for game archives. With no arguments the desktop
// build opens its window; with a command it is the command line.
package main

import (
	"os"
	"strings"

	"packsmith/app"
	"packsmith/app/cli"
	"packsmith/backend/sys/console"
)

func main() {
	args := os.Args[1:]
	// Flags such as -assetdir belong to the window's dev build; a file path
	// (a double-clicked archive) opens in the window when there is one.
	if len(args) > 0 && (cli.IsCommand(args[0]) || !app.HasWindow || (!strings.HasPrefix(args[0], "-") && !fileExists(args[0]))) {
		console.Attach()
		os.Exit(cli.Run(args, os.Stdout, os.Stderr))
	}
	os.Exit(app.RunWindow(args))
}

// fileExists: a file or a folder, which the window opens.
func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
