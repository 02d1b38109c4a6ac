package bindat

import (
	"errors"
	"fmt"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// Bytes that are not a BINDAT are ErrFormat, text that does not compile is
// ErrInvalidText (dattext's ErrInvalid), through a caller's wrapping; the
// texts stay as they were.
func TestSentinelErrors(t *testing.T) {
	_, err := Decompile("M.DAT", le(1, 0), nil)
	if w := fmt.Errorf("open: %w", err); !errors.Is(w, ErrFormat) || errors.Is(w, ErrInvalidText) || err.Error() != "M.DAT: offset 0 (0x0): version 1, want 2 (TL1 BINDAT is version 1)" {
		t.Errorf("decompile: %v", err)
	}
	_, err = CompileText("U.DAT", []byte("[UNIT]\r\n<INTEGER>X:1\r\n"), nil)
	if w := fmt.Errorf("pack: %w", err); !errors.Is(w, ErrInvalidText) || !errors.Is(w, dattext.ErrInvalid) || errors.Is(w, ErrFormat) || err.Error() != "U.DAT:1: [UNIT] is never closed" {
		t.Errorf("compile: %v", err)
	}
	if _, err := CompileText("U.DAT", []byte(unitText), nil); err != nil {
		t.Errorf("good text: %v", err)
	}
}
