package btx

// The small .btx files under testdata/ seed FuzzDecode. Regenerate them with:
//
//	PACKSMITH_GEN_TESTDATA=1 go test ./formats/reborn/btx -run TestGenerateTestdata

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func testdataSet() map[string][]byte {
	blk := bc1Block(0xF800, 0x001F, cycle4)
	idx := [16]uint32{0, 8, 15, 15, 7, 3}
	bc7 := bc7Mode6([4]uint32{127, 0, 0, 127}, [4]uint32{0, 127, 0, 127}, 1, 1, idx)
	return map[string][]byte{
		"rgba_2x2.btx": build(0, 2, 2, 8, "ui/icon", []byte{255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40}),
		"bc1_5x3.btx":  build(7, 5, 3, 16, "", append(append([]byte{}, blk...), blk...)),
		"bc7_4x4.btx":  build(13, 4, 4, 16, "bc7", bc7),
		"format5.btx":  build(5, 4, 4, 16, "undocumented", make([]byte, 16)),
		"bc1_cut.btx":  build(7, 8, 8, 16, "cut", blk),
	}
}

// TestGenerateTestdata keeps the committed seeds equal to what the builders
// make (and rewrites them with PACKSMITH_GEN_TESTDATA=1).
func TestGenerateTestdata(t *testing.T) {
	gen := os.Getenv("PACKSMITH_GEN_TESTDATA") != ""
	for name, b := range testdataSet() {
		p := filepath.Join("testdata", name)
		if gen {
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s differs from its builder (%v): regenerate with PACKSMITH_GEN_TESTDATA=1", p, err)
		}
	}
}
