package tga

// The small .tga files under testdata/ seed FuzzDecode. Regenerate them with:
//
//	PACKSMITH_GEN_TESTDATA=1 go test ./formats/tga -run TestGenerateTestdata

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func seq(n int, mul byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i) * mul
	}
	return b
}

func testdataSet() map[string][]byte {
	return map[string][]byte{
		"rgb24_bottomup.tga": build(tgaHead{imgType: 2, w: 3, h: 2, depth: 24, id: "seed"}, nil, seq(18, 13)),
		"rgba32_topdown.tga": build(tgaHead{imgType: 2, w: 3, h: 2, depth: 32, desc: 0x28}, nil, seq(24, 11)),
		"rgb16_alpha.tga":    build(tgaHead{imgType: 2, w: 2, h: 2, depth: 16, desc: 0x21}, nil, seq(8, 37)),
		"rgb15.tga":          build(tgaHead{imgType: 2, w: 2, h: 2, depth: 15}, nil, seq(8, 29)),
		"mapped8.tga":        build(tgaHead{cmType: 1, imgType: 1, cmFirst: 2, cmLen: 3, cmBits: 24, w: 2, h: 2, depth: 8, desc: 0x20}, seq(9, 28), []byte{2, 3, 4, 2}),
		"mapped16_map32.tga": build(tgaHead{cmType: 1, imgType: 1, cmLen: 2, cmBits: 32, w: 2, h: 1, depth: 16, desc: 0x28}, seq(8, 30), []byte{1, 0, 0, 0}),
		"grey8.tga":          build(tgaHead{imgType: 3, w: 2, h: 2, depth: 8}, nil, seq(4, 60)),
		"grey16.tga":         build(tgaHead{imgType: 3, w: 2, h: 1, depth: 16, desc: 0x28}, nil, seq(4, 60)),
		"rle24.tga":          build(tgaHead{imgType: 10, w: 3, h: 2, depth: 24}, nil, []byte{0x83, 0, 0, 255, 0x01, 0, 255, 0, 255, 0, 0}),
		"rle32.tga":          build(tgaHead{imgType: 10, w: 2, h: 2, depth: 32, desc: 0x28}, nil, []byte{0x02, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0x80, 13, 14, 15, 16}),
		"rle_mapped.tga":     build(tgaHead{cmType: 1, imgType: 9, cmLen: 2, cmBits: 24, w: 3, h: 1, depth: 8, desc: 0x20}, []byte{0, 0, 255, 255, 255, 255}, []byte{0x81, 1, 0x00, 0}),
		"rle_grey.tga":       build(tgaHead{imgType: 11, w: 3, h: 1, depth: 8, desc: 0x20}, nil, []byte{0x82, 7}),
		"footer_premul.tga":  withFooter(build(tgaHead{imgType: 2, w: 1, h: 1, depth: 32, desc: 0x28}, nil, []byte{1, 2, 3, 9}), 4),
	}
}

func TestGenerateTestdata(t *testing.T) {
	if os.Getenv("PACKSMITH_GEN_TESTDATA") == "" {
		t.Skip("set PACKSMITH_GEN_TESTDATA=1 to rewrite testdata/")
	}
	for name, b := range testdataSet() {
		if err := os.WriteFile(filepath.Join("testdata", name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTestdataDecodes(t *testing.T) {
	for name, want := range testdataSet() {
		got, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("testdata/%s is stale; regenerate (see gen_test.go)", name)
		}
		if _, _, err := Decode(bytes.NewReader(got), Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
