package dattext

import (
	"errors"
	"fmt"
	"testing"
)

// Text that does not parse is ErrInvalid, a tree Format cannot write is
// ErrUnwritable, through a caller's wrapping; the texts stay as they were.
func TestSentinelErrors(t *testing.T) {
	_, err := Parse("E.DAT", []byte("[A]\nhello\n[/A]"))
	if w := fmt.Errorf("unpack: %w", err); !errors.Is(w, ErrInvalid) || errors.Is(w, ErrUnwritable) || err.Error() != `E.DAT:2: unexpected text "hello" (want [SECTION], [/SECTION], <TYPE>KEY:VALUE or // comment)` {
		t.Errorf("parse: %v", err)
	}
	err = Check(&Node{Name: "A", Props: []Prop{{Type: "STRING", Key: "K", Value: "two\nlines"}}})
	if w := fmt.Errorf("save: %w", err); !errors.Is(w, ErrUnwritable) || errors.Is(w, ErrInvalid) || err.Error() != `dattext: [A] K value "two\nlines" holds a line break` {
		t.Errorf("check: %v", err)
	}
	if err := Check(&Node{Name: "A", Props: []Prop{{Type: "STRING", Key: "K", Value: "one line"}}}); err != nil {
		t.Errorf("a good tree: %v", err)
	}
}
