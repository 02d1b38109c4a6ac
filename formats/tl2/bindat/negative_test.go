package bindat

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// <UNSIGNED INT>X:-1 packs as 4294967295, as GUTS reads it, with a
// warning; --strict refuses it. It compiled with no word even when strict.
func TestUnsignedNegativeWarned(t *testing.T) {
	src := "[A]\n<UNSIGNED INT>X:-1\n<UNSIGNED INT>Y:-0\n[/A]"
	var fixes []NumberFix
	b, err := CompileText("U.DAT", []byte(src), &Options{Fixed: func(f NumberFix) { fixes = append(fixes, f) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(fixes) != 1 || fixes[0].Why != WhyNegative || fixes[0].Value != "4294967295" || fixes[0].Line != 2 ||
		fixes[0].Message() != `X: <UNSIGNED INT> value "-1" is negative, for a type that has no sign; packed as 4294967295` {
		t.Fatalf("fixes %+v", fixes)
	}
	if !containsU32(b, 0xFFFFFFFF) {
		t.Error("-1 not packed as 0xFFFFFFFF")
	}
	_, err = CompileText("U.DAT", []byte(src), &Options{Strict: true})
	var ce *CompileError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), `U.DAT:2: X: <UNSIGNED INT> value "-1" is negative, for a type that has no sign (refused because numbers are strict)`) {
		t.Fatalf("strict: %v", err)
	}
}

func containsU32(b []byte, v uint32) bool {
	for i := 0; i+4 <= len(b); i++ {
		if binary.LittleEndian.Uint32(b[i:]) == v {
			return true
		}
	}
	return false
}

// A warning or an error about a 100 KB value repeats its first 64 bytes
// and its length, not the value whole.
func TestLongValueCut(t *testing.T) {
	long := "12" + strings.Repeat("x", 100<<10)
	var fixes []NumberFix
	if _, err := CompileText("L.DAT", []byte("[A]\n<INTEGER>K:"+long+"\n[/A]"), &Options{Fixed: func(f NumberFix) { fixes = append(fixes, f) }}); err != nil {
		t.Fatal(err)
	}
	msg := fixes[0].Message()
	if len(msg) > 400 || !strings.Contains(msg, `"12xxx`) || !strings.Contains(msg, "… (102402 bytes)") {
		t.Fatalf("%d bytes: %.300s", len(msg), msg)
	}
	_, err := CompileText("L.DAT", []byte("[A]\n<INTEGER>K:"+long+"\n[/A]"), &Options{Strict: true})
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), "… (102402 bytes)") {
		t.Fatalf("strict: %d bytes: %.300v", len(err.Error()), err)
	}
}
