package ashg_test

import (
	"bytes"
	"fmt"

	"packsmith/formats/reborn/ashg"
)

// Decode reads an ashg stream (Reborn's compressed wrapper): its header
// and the inflated bytes, refusing anything over maxSize.
func ExampleDecode() {
	data := bytes.Repeat([]byte("Tactics Ogre "), 20)
	h, out, err := ashg.Decode(ashg.Encode(data, 12), 1<<20)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Size, h.WindowBits, bytes.Equal(out, data))
	// Output: 260 12 true
}
