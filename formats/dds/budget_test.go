package dds

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

func TestMaxBytesRefusesBeforeReading(t *testing.T) {
	b := make([]byte, 128)
	copy(b, "DDS ")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 124)
	le.PutUint32(b[8:], 0x1|0x2|0x4|0x1000)
	le.PutUint32(b[12:], 8192)
	le.PutUint32(b[16:], 8192)
	le.PutUint32(b[76:], 32)
	le.PutUint32(b[80:], 0x4)
	copy(b[84:], "DXT1")
	le.PutUint32(b[108:], 0x1000)
	// No pixel data at all: the cap must answer before the read does.
	_, _, err := Decode(bytes.NewReader(b), Options{MaxBytes: 64 << 20})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "decoding needs 288 MB, more than the 64 MB memory limit") {
		t.Fatalf("err = %v", err)
	}
	if _, _, err := Decode(bytes.NewReader(b), Options{MaxBytes: 512 << 20}); !errors.Is(err, ErrTruncated) {
		t.Fatalf("under the cap: %v", err)
	}
}
