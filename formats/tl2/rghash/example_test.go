package rghash_test

import (
	"fmt"
	"strings"

	"packsmith/formats/tl2/rghash"
)

// Hash is how BINDAT and the RAW indices store field and unit names.
func ExampleHash() {
	fmt.Printf("%#08x\n", rghash.Hash("NAME"))
	fmt.Printf("%#08x\n", rghash.Hash("UNIT"))
	// Output:
	// 0x00660de5
	// 0x006bb174
}

// A Dictionary maps hashes back to names for decompiling; Load keeps only
// lines whose name really hashes to the stated value.
func ExampleDictionary_Load() {
	d := rghash.NewDictionary()
	list := fmt.Sprintf("%d:NAME\n%d:UNIT\n12345:NOT_ITS_HASH\n", rghash.Hash("NAME"), rghash.Hash("UNIT"))
	st, err := d.Load("names.txt", strings.NewReader(list))
	if err != nil {
		panic(err)
	}
	name, ok := d.Name(rghash.Hash("UNIT"))
	fmt.Println(st.Added, st.Mismatch, name, ok)
	// Output:
	// 2 1 UNIT true
}
