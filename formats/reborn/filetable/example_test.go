package filetable_test

import (
	"fmt"

	"packsmith/formats/reborn/filetable"
)

// Decode reads a FileTable.bin: its directories, batches and one row per
// file (Reborn: the external file's path and size).
func ExampleDecode() {
	b, err := filetable.Encode(filetable.New("ULUS10565", []filetable.File{
		{Dir: 1, Path: "Data/a.bin", Size: 10},
		{Dir: 1, Path: "Data/b.bin", Size: 20},
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := filetable.Decode(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Reborn, len(t.Directories), len(t.Rows))
	for _, r := range t.Rows {
		fmt.Println(r.Dir, r.File, r.Path, r.Size)
	}
	// Output:
	// true 1 2
	// 1 0 Data/a.bin 10
	// 1 1 Data/b.bin 20
}
