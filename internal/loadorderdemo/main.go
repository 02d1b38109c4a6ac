// Command loadorderdemo writes a Torchlight II user folder for the load-order
// view: generated .MOD files showing every situation the view reports
// (shared files, a broken rollingHash, lower-case names, missing, inactive,
// lower-listed and too-old dependencies, two files with one id, mods in
// places the game never looks, a listed id with no file), the
// modlauncher.sch the official launcher would write for its list, and
// characters bound to those mods (internal/savetest.Demo). The
// output is deterministic. The end-to-end test and the demo workspace use it:
//
//	go run ./internal/loadorderdemo -out testdata/demo/tl2-user
//	go run ./internal/loadorderdemo -out /tmp/many -extra 300   # plus 300 plain mods
//	go run ./internal/loadorderdemo -out /tmp/t48 -trial        # issue 48's trial: three mods, a character bound to them
package main

import (
	"flag"
	"fmt"
	"os"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/internal/savetest"
)

func main() {
	out := flag.String("out", "", "write the user folder here")
	extra := flag.Int("extra", 0, "also write this many plain mods (for large lists)")
	trial := flag.Bool("trial", false, "instead: three mods and a character bound to them (savetest.Trial)")
	flag.Parse()
	if *trial && *out != "" {
		if err := savetest.Trial(*out); err != nil {
			fmt.Fprintln(os.Stderr, "loadorderdemo:", err)
			os.Exit(1)
		}
		return
	}
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: loadorderdemo -out DIR [-extra N]")
		os.Exit(2)
	}
	if err := loadordertest.WriteStandard(*out); err != nil {
		fmt.Fprintln(os.Stderr, "loadorderdemo:", err)
		os.Exit(1)
	}
	// Characters bound to its mods, for Load order → Characters.
	if err := savetest.Demo(*out); err != nil {
		fmt.Fprintln(os.Stderr, "loadorderdemo:", err)
		os.Exit(1)
	}
	if *extra > 0 {
		if err := loadordertest.Write(*out, loadordertest.Many(*extra, 20)); err != nil {
			fmt.Fprintln(os.Stderr, "loadorderdemo:", err)
			os.Exit(1)
		}
	}
}
