package utf16_test

import (
	"fmt"

	"packsmith/formats/utf16"
)

// Decode reads UTF-16 bytes (little-endian here, as GUTS writes) into a
// string; a lone surrogate is kept, not replaced (see ReplaceLone).
func ExampleDecode() {
	fmt.Println(utf16.Decode([]byte{'S', 0, 'w', 0, 'o', 0, 'r', 0, 'd', 0, 0x3D, 0xD8, 0x21, 0xDE}, false))
	// Output: Sword😡
}
