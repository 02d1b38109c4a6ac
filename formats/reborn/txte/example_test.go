package txte_test

import (
	"fmt"

	"packsmith/formats/reborn/txte"
)

// Decode reads a txte text table into its rows (key, text and the two
// optional columns).
func ExampleDecode() {
	b := txte.Encode([]txte.Row{{Key: "MSG_001", Text: "Denam"}, {Key: "MSG_002", Text: "Vyce"}})
	rows, err := txte.Decode(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Println(r.Key, r.Text)
	}
	// Output:
	// MSG_001 Denam
	// MSG_002 Vyce
}
