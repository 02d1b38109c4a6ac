package save_test

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"packsmith/formats/tl2/save"
	"packsmith/internal/savetest"
)

// plain44 is a 0x44 save stored unscrambled, so tests can change its body
// bytes in place (and fix the checksum).
func plain44(t *testing.T, change func(body []byte) []byte) []byte {
	t.Helper()
	sp := spec(0x44, 0)
	c := save.New(0x44, change(savetest.Body(sp)))
	c.Flag = 0
	return c.Encode()
}

func TestRefusals(t *testing.T) {
	good := savetest.File(spec(0x44, 1))
	badSum := append([]byte(nil), good...)
	badSum[5] ^= 1
	badFoot := append([]byte(nil), good...)
	badFoot[len(badFoot)-1] = 9
	v45 := append([]byte(nil), good...)
	v45[0] = 0x45
	for _, c := range []struct {
		name string
		b    []byte
		want error
		text string
	}{
		{"checksum", badSum, save.ErrChecksum, "X.SVB: save: header at offset 0x5: checksum does not match the body: stored 0x"},
		{"footer", badFoot, save.ErrFooter, "footer at offset 0x"},
		{"version", v45, save.ErrVersion, "unknown save version: 0x45 (known: 0x38–0x44)"},
		{"short", good[:7], save.ErrTruncated, "header at offset 0x0: truncated: 7 bytes"},
	} {
		_, err := save.Parse(c.b, save.Options{Name: "X.SVB"})
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: %v, want %v with %q", c.name, err, c.want, c.text)
		}
	}
	if _, err := save.Parse(good, save.Options{MaxSize: int64(len(good) - 1)}); !errors.Is(err, save.ErrTooLarge) {
		t.Errorf("MaxSize: %v", err)
	}
}

// TestLyingCounts: a count far beyond the bytes left fails at once, naming
// the block and the offset, without allocating for it.
func TestLyingCounts(t *testing.T) {
	b := plain44(t, func(body []byte) []byte {
		// The bound list's count: after the class (2+28), 14 bytes, movies (4+24).
		binary.LittleEndian.PutUint32(body[30+14+28:], 0x7FFFFFFF)
		return body
	})
	_, err := save.Parse(b, save.Options{Name: "Y.SVB"})
	var fe *save.FormatError
	if !errors.As(err, &fe) || !errors.Is(err, save.ErrTruncated) || fe.Block != "mod lists" || fe.Offset != 76 || !fe.InBody {
		t.Fatalf("%v", err)
	}
	if !strings.HasPrefix(err.Error(), "Y.SVB: save: mod lists at body offset 0x4C: truncated: 2147483647 mods") {
		t.Fatalf("text %q", err)
	}
}

func TestTruncatedUnit(t *testing.T) {
	full := savetest.Body(spec(0x44, 0))
	for cut := 80; cut < len(full)-len("MAPS…QUESTS"); cut += 37 {
		b := plain44(t, func([]byte) []byte { return full[:cut] })
		_, err := save.Parse(b, save.Options{})
		var fe *save.FormatError
		if !errors.As(err, &fe) || fe.Offset > int64(cut) {
			t.Fatalf("cut at %d: %v", cut, err)
		}
	}
}

func TestBudgets(t *testing.T) {
	b := savetest.File(spec(0x44, 1))
	if _, err := save.Parse(b, save.Options{MaxObjects: 5}); !errors.Is(err, save.ErrTooLarge) {
		t.Errorf("MaxObjects: %v", err)
	}
	// The sword holds a ruby: nesting 1 passes with depth 2, not with 1.
	if _, err := save.Parse(b, save.Options{MaxDepth: 2}); err != nil {
		t.Errorf("MaxDepth 2: %v", err)
	}
	_, err := save.Parse(b, save.Options{MaxDepth: 1})
	if !errors.Is(err, save.ErrTooLarge) || !strings.Contains(err.Error(), "player items") {
		t.Errorf("MaxDepth 1: %v", err)
	}
}
