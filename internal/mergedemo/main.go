// Command mergedemo writes the merged patch's inputs (internal/mergetest,
// from the XOVER fixture read in place): a Torchlight II user folder whose
// modlauncher.sch activates two mods that change the same skill and layout,
// and the game's own versions of those files as a MEDIA folder (the base).
// The window's end-to-end test (e2e/merge.test.mjs) uses it:
//
//	go run ./internal/mergedemo -out DIR    # DIR/Torchlight 2, DIR/base/MEDIA
//
// The fixtures are ../shared/fixtures beside the checkout, or
// PACKSMITH_FIXTURES.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"packsmith/internal/mergetest"
	"packsmith/internal/testfixtures"
)

func main() {
	out := flag.String("out", "", "write the user folder and the base here")
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: mergedemo -out DIR")
		os.Exit(2)
	}
	fixtures := os.Getenv("PACKSMITH_FIXTURES")
	if fixtures == "" {
		root, ok := testfixtures.RepoRoot()
		if !ok {
			fmt.Fprintln(os.Stderr, "mergedemo: run it inside the checkout (no go.mod above here), or set PACKSMITH_FIXTURES")
			os.Exit(1)
		}
		fixtures = filepath.Join(root, "..", "shared", "fixtures")
	}
	xover := filepath.Join(fixtures, "tl2", "xover")
	if err := mergetest.Write(xover, filepath.Join(*out, "Torchlight 2"), filepath.Join(*out, "base")); err != nil {
		fmt.Fprintln(os.Stderr, "mergedemo:", err)
		os.Exit(1)
	}
}
