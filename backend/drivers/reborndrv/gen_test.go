package reborndrv

// The small .dat files under testdata/ are built here from the layouts in
// formats/reborn/... (no game files are available). Regenerate them with:
//
//	PACKSMITH_GEN_TESTDATA=1 go test ./backend/drivers/reborndrv -run TestGenerateTestdata

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
	"packsmith/formats/reborn/txte"
)

// txteOf is a text table of key, text pairs, as txte.Encode writes it.
func txteOf(pairs ...string) []byte {
	rows := make([]txte.Row, len(pairs)/2)
	for i := range rows {
		rows[i] = txte.Row{Key: pairs[2*i], Text: pairs[2*i+1]}
	}
	return txte.Encode(rows)
}

// xlce builds a table of count rows of rowSize bytes.
func xlce(count, rowSize int) []byte {
	b := make([]byte, 16+count*rowSize)
	copy(b, "xlce")
	le := binary.LittleEndian
	le.PutUint32(b[4:], uint32(count))
	le.PutUint32(b[8:], 16)
	le.PutUint32(b[12:], uint32(rowSize))
	for i := 16; i < len(b); i++ {
		b[i] = byte(i * 7)
	}
	return b
}

func btxSample() []byte {
	b, err := os.ReadFile("../../../formats/reborn/btx/testdata/rgba_2x2.btx")
	if err != nil {
		panic(err)
	}
	return b
}

// samplePakd is the pack inside sample.dat:
//
//	#0 txte   #1 xlce   #2 pakd {#0 data id 0x11000, #1 data id 0x50001}
//	#3 MLZ0 (a txte)    #4 btx  #5 unknown bytes
func samplePakd() []byte {
	inner := pakd.Build([]pakd.Item{
		{ID: 0x11000, Data: pakd.Pad([]byte("face portrait bytes"))},
		{ID: 0x50001, Data: pakd.Pad([]byte("unit sprite bytes"))},
	})
	return pakd.Build([]pakd.Item{
		{Data: pakd.Pad(txteOf("msg_0001", "Denam", "msg_0002", "Vyce"))},
		{Data: pakd.Pad(xlce(3, 12))},
		{Data: pakd.Nested(inner)},
		{Data: mlz0.Encode(txteOf("key", "compressed text compressed text compressed text"))},
		{Data: pakd.Pad(btxSample())},
		{Data: pakd.Pad([]byte{1, 2, 3, 4, 5})},
	})
}

func rotxorZip(name string, payload []byte) []byte {
	z, err := onezip.Write(name, payload)
	if err != nil {
		panic(err)
	}
	rotxor.Encrypt(z)
	return z
}

func testdataSet() map[string][]byte {
	return map[string][]byte{
		"sample.dat": rotxorZip("pack", samplePakd()),
		"raw.dat":    pakd.Build([]pakd.Item{{Data: pakd.Pad([]byte("raw entry"))}, {ID: 3, Data: pakd.Pad(xlce(1, 4))}}),
		"effect.dat": mlz0.Encode(pakd.Build([]pakd.Item{{Data: pakd.Pad(txteOf("fx", "spark"))}})),
		"single.dat": rotxorZip("sh_tacos.pac", append([]byte("ARC\x00"), bytes.Repeat([]byte{0}, 44)...)),
	}
}

// TestGenerateTestdata keeps the committed files equal to their builders.
func TestGenerateTestdata(t *testing.T) {
	gen := os.Getenv("PACKSMITH_GEN_TESTDATA") != ""
	for name, b := range testdataSet() {
		p := filepath.Join("testdata", name)
		if gen {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
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
