package usermsg

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestPlain(t *testing.T) {
	for in, want := range map[string]string{
		"mppbake: no room piece with collision geometry":              "no room piece with collision geometry",
		"CITY.LAYOUT: mppbake: no room piece with collision geometry": "CITY.LAYOUT: no room piece with collision geometry",
		"walk grid does not read: mpp: offset 12: short":              "walk grid does not read: offset 12: short",
		"RAW indices: raw: too many records":                          "RAW indices: too many records",
		"X.LAYOUT: binlayout: offset 3 (0x3): bad":                    "X.LAYOUT: offset 3 (0x3): bad",
		"modpack: mod: duplicate path":                                "duplicate path",
		"the mod: keeps this":                                         "the mod: keeps this",
		"A: B":                                                        "A: B",
		"mode: fine":                                                  "mode: fine",
		"":                                                            "",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestError(t *testing.T) {
	base := fmt.Errorf("levelbake: %w", fs.ErrNotExist)
	err := Error(fmt.Errorf("X.LAYOUT: %w", base))
	if err.Error() != "X.LAYOUT: file does not exist" || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%q, is ErrNotExist %v", err, errors.Is(err, fs.ErrNotExist))
	}
	if Error(nil) != nil {
		t.Error("nil is not nil")
	}
	if e := errors.New("plain"); Error(e) != e {
		t.Error("a plain error was wrapped")
	}
}
