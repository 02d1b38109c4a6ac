package session

import (
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
)

// The window decides which card and bar an archive gets from these fields,
// never from its family's name: each family of the demo says its own.
func TestInfoSaysHowTheWindowShowsIt(t *testing.T) {
	demo := filepath.Join("..", "..", "..", "testdata", "demo")
	cases := []struct {
		file       string
		card       string
		unpack     bool
		passwords  bool
		singleFile bool
	}{
		{"PACKSMITH_SAMPLE.MOD", "mod", true, false, false},
		{"DATA.PAK", "mod", false, false, false},
		{"demo.zip", "none", false, false, false},
		{"rs.iop", "", false, true, false},
		{"lostsaga_game", "none", false, true, false},
		{"reborn_sample.dat", "", false, false, false},
		{filepath.Join("sample_mod", "MOD.DAT"), "", false, false, true},
	}
	m := NewManager(nil)
	defer m.CloseAll()
	for _, c := range cases {
		in, err := m.Open(filepath.Join(demo, c.file), archive.OpenOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if in.Card != c.card || in.Unpack != c.unpack || in.Passwords != c.passwords || in.SingleFile != c.singleFile {
			t.Errorf("%s (%s): card %q unpack %v passwords %v singleFile %v; want %q %v %v %v",
				c.file, in.Family, in.Card, in.Unpack, in.Passwords, in.SingleFile, c.card, c.unpack, c.passwords, c.singleFile)
		}
	}
}
