package cp949_test

import (
	"fmt"

	"packsmith/formats/cp949"
)

// Decode reads a Lost Saga file name stored in CP949 (Korean code page 949):
// ASCII passes through, a Hangul syllable is two bytes.
func ExampleDecode() {
	s, err := cp949.Decode([]byte{'m', 'a', 'p', '_', 0xC7, 0xD1, '.', 'i', 'n', 'i'})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	// Output: map_한.ini
}
