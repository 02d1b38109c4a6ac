package combine

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/formats/tl2/mod"
	"packsmith/internal/benchutil"
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

// BenchmarkCombineLarge combines three generated mods of two 26 MB
// textures each (stored, as GUTS stores blocks that large), one path
// shared by all three: the figure is MB/s of combined output where the
// copy, not the fixed costs (load order, hashes), is most of the work.
func BenchmarkCombineLarge(b *testing.B) {
	b.Setenv("PACKSMITH_CONFIG_DIR", b.TempDir())
	user := b.TempDir()
	rnd := rand.New(rand.NewPCG(1, 2))
	var ids []int64
	for i := range 3 {
		id := int64(8000 + i)
		ids = append(ids, id)
		files := []string{"MEDIA/SHARED.DDS", fmt.Sprintf("MEDIA/OWN%d.DDS", i)}
		if err := bigMod(filepath.Join(user, "mods", fmt.Sprintf("BIG%d.MOD", i)), id, files, rnd); err != nil {
			b.Fatal(err)
		}
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), ids); err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "C.MOD")
	ctx := context.Background()
	rep, err := Build(ctx, Options{UserDir: user, Output: out})
	if err != nil {
		b.Fatal(err)
	}
	if rep.Copied != 4 {
		b.Fatalf("copied %d files, want 4", rep.Copied)
	}
	b.SetBytes(rep.Size)
	b.ResetTimer()
	cpu0 := benchutil.CPUTime()
	for b.Loop() {
		if _, err := Build(ctx, Options{UserDir: user, Output: out}); err != nil {
			b.Fatal(err)
		}
	}
	// MB of output per second of CPU time (every goroutine's, user and
	// system): a figure the machine's load does not move as it moves the
	// wall-clock MB/s (0 where the platform gives no CPU time).
	if cpu := benchutil.CPUTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(rep.Size)*float64(b.N)/1e6/cpu.Seconds(), "cpu-MB/s")
	}
}

// bigMod writes a .MOD at p whose files hold mod.StoreThreshold random bytes each.
func bigMod(p string, id int64, files []string, rnd *rand.Rand) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.Create(p)
	if err != nil {
		return err
	}
	defer f.Close()
	w, err := mod.NewWriter(f, &mod.Header{GameVersion: mod.GameVersion{1, 25, 5, 6}, Title: fmt.Sprintf("Big %d", id), ModID: id}, nil)
	if err != nil {
		return err
	}
	for _, name := range files {
		data := make([]byte, mod.StoreThreshold)
		for i := 0; i < len(data); i += 8 {
			binary.LittleEndian.PutUint64(data[i:], rnd.Uint64())
		}
		if err := w.AddBytes(mod.FileHeader{Name: name}, data); err != nil {
			w.Abort()
			return err
		}
	}
	return w.Close()
}
