package mlz0_test

import (
	"bytes"
	"fmt"

	"packsmith/formats/reborn/mlz0"
)

// Decode inflates an MLZ0 file, refusing one whose header claims more than
// maxSize.
func ExampleDecode() {
	data := bytes.Repeat([]byte("abc"), 100)
	packed := mlz0.Encode(data)
	out, err := mlz0.Decode(packed, 1<<20)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(mlz0.Is(packed), len(out), bytes.Equal(out, data))
	_, err = mlz0.Decode(packed, 100)
	fmt.Println(err != nil)
	// Output:
	// true 300 true
	// true
}
