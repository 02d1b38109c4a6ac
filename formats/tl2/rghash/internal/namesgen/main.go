// Command namesgen regenerates names.txt, the names built into the rghash
// package, from the reference dictionary in ../shared/spec/data (which may
// be read but not copied into the project: see its README). It keeps only
// the names, one per line, and only those whose rg_hash equals the hash the
// list gives them; the hashes are recomputed when the names are loaded.
//
//	go run ./formats/tl2/rghash/internal/namesgen ../shared/spec/data/dictionary.txt formats/tl2/rghash/names.txt
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"packsmith/formats/tl2/rghash"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: namesgen DICTIONARY.txt OUT.txt")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "namesgen:", err)
		os.Exit(1)
	}
	d := rghash.NewDictionary()
	st, err := d.Load(os.Args[1], f)
	f.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "namesgen:", err)
		os.Exit(1)
	}
	var names []string
	for _, n := range d.Names() {
		// one name a line: a name holding a line break cannot be stored
		if n != "" && !strings.ContainsAny(n, "\r\n") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if err := os.WriteFile(os.Args[2], []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "namesgen:", err)
		os.Exit(1)
	}
	fmt.Printf("namesgen: %d names (%d lines read, %d mismatched, %d malformed)\n", len(names), st.Lines, st.Mismatch, st.Bad)
}
