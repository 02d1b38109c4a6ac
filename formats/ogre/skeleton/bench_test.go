package skeleton

import (
	"os"
	"testing"

	"packsmith/internal/testfixtures"
)

// BenchmarkDecode reads IDLE.SKELETON (104,501 bytes: 37 bones, 34
// tracks, 2,682 keyframes).
func BenchmarkDecode(b *testing.B) {
	p := testfixtures.File(b, "tl2/monster", "MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/IDLE.SKELETON")
	data, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data, nil); err != nil {
			b.Fatal(err)
		}
	}
}
