package onezip_test

import (
	"fmt"

	"packsmith/formats/reborn/onezip"
)

// Read opens a one-member zip (Reborn wraps single files in one) and
// returns the member's header and its inflated, CRC-checked bytes.
func ExampleRead() {
	z, err := onezip.Write("event.bin", []byte("hello, Valeria"))
	if err != nil {
		fmt.Println(err)
		return
	}
	m, data, err := onezip.Read(z, 1<<20)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Name, m.Size, m.Members, string(data))
	// Output: event.bin 14 1 hello, Valeria
}
