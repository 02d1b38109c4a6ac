package pakd_test

import (
	"bytes"
	"fmt"

	"packsmith/formats/reborn/pakd"
)

// NewReader opens a pakd pack: its entries' offsets, sizes and ids,
// checked against the pack's size.
func ExampleNewReader() {
	pack := pakd.Build([]pakd.Item{{ID: 7, Data: []byte("first")}, {ID: 9, Data: []byte("second")}})
	r, err := pakd.NewReader(bytes.NewReader(pack), int64(len(pack)), pakd.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(r.Entries), r.HasIDs)
	for _, e := range r.Entries {
		fmt.Println(e.Index, e.ID, string(bytes.TrimRight(pack[e.Offset:e.Offset+e.Size], "\x00")))
	}
	// Output:
	// 2 true
	// 0 7 first
	// 1 9 second
}
