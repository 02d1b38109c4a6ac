package combine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"packsmith/internal/combinetest"
)

// BenchmarkCombineThree combines the three largest real fixtures (CYBER's
// two builds and XOVER, 5.9 MB together) without the game's data: the
// figure is MB/s of combined output (make bench).
func BenchmarkCombineThree(b *testing.B) {
	user, _ := combinetest.UserFolder(b, combinetest.Three)
	out := filepath.Join(b.TempDir(), "C.MOD")
	ctx := context.Background()
	if _, err := Build(ctx, Options{UserDir: user, Output: out}); err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(out)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ResetTimer()
	for b.Loop() {
		if _, err := Build(ctx, Options{UserDir: user, Output: out}); err != nil {
			b.Fatal(err)
		}
	}
}
