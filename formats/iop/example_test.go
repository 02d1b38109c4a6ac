package iop_test

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"packsmith/formats/iop"
)

// NewReader opens a Lost Saga .iop pack: its entries (names in code page
// 949), the region password that opens them (tried from the published
// ones when none is given), and each entry decrypted, inflated and
// CRC-checked by Open.
func ExampleNewReader() {
	b, err := os.ReadFile("testdata/sample.iop")
	if err != nil {
		fmt.Println(err)
		return
	}
	z, err := iop.NewReader(bytes.NewReader(b), int64(len(b)), iop.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, label, ok := z.Password()
	fmt.Println(len(z.File), label, ok)
	f := z.File[0]
	rc, err := f.Open()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Path(), f.Encrypted(), len(data) == int(f.Uncompressed))
	// Output:
	// 5 US pack password true
	// config/client.ini true true
}
