package rotxor_test

import (
	"bytes"
	"fmt"

	"packsmith/formats/reborn/rotxor"
)

// NewReader decrypts an obfuscated file as it is read, at any offset,
// without decrypting the whole buffer.
func ExampleNewReader() {
	plain := []byte("pakd: a Reborn pack, obfuscated with rot-xor")
	enc := bytes.Clone(plain)
	rotxor.Encrypt(enc)
	r, err := rotxor.NewReader(bytes.NewReader(enc), int64(len(enc)))
	if err != nil {
		fmt.Println(err)
		return
	}
	part := make([]byte, 12)
	if _, err := r.ReadAt(part, 8); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", part)
	// Output: "Reborn pack,"
}
