package sch

import (
	"errors"
	"fmt"
	"testing"
)

// A list that does not parse is ErrInvalid for errors.Is, through any
// wrapping a caller adds, and keeps its text.
func TestParseErrorIsErrInvalid(t *testing.T) {
	_, err := Parse([]byte("\xEF\xBB\xBF[MODS]\r\n"))
	wrapped := fmt.Errorf("modlauncher.sch: %w", err)
	if !errors.Is(wrapped, ErrInvalid) || err.Error() != "sch: offset 0: byte-order mark EF BB BF is UTF-8; the game reads UTF-16LE (FF FE)" {
		t.Fatalf("%v", wrapped)
	}
	if _, err := Parse(New([]int64{1, 2}).Bytes()); errors.Is(err, ErrInvalid) {
		t.Fatalf("a good list: %v", err)
	}
}
