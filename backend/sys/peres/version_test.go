package peres

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"packsmith/backend/sys/peres/perestest"
)

// The file version, as the game-version check reads Torchlight2.exe.
func TestFileVersion(t *testing.T) {
	for _, plus := range []bool{false, true} {
		b := perestest.VersionExe(plus, 1<<16|25, 9<<16|5)
		v, err := FileVersion(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("PE32+=%v: %v", plus, err)
		}
		if v != [4]uint16{1, 25, 9, 5} {
			t.Errorf("PE32+=%v: %v, want 1.25.9.5", plus, v)
		}
	}
}

func TestFileVersionErrors(t *testing.T) {
	good := perestest.VersionExe(false, 1, 2)
	cases := map[string][]byte{
		"empty":     {},
		"not MZ":    append([]byte("ZM"), good[2:]...),
		"truncated": good[:0x250],
	}
	noVer := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(noVer[0x200+16+8:], 17) // RT_VERSION → 17
	cases["no RT_VERSION"] = noVer
	badSig := append([]byte(nil), good...)
	copy(badSig[0x200+0x90+40:], []byte{1, 2, 3, 4})
	cases["bad signature"] = badSig
	for name, b := range cases {
		_, err := FileVersion(bytes.NewReader(b))
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("%s: %v, want an *Error naming the offset", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}
