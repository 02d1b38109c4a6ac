package edits

import (
	"archive/zip"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/workspace/session"
)

// BenchmarkSaveOneReplace: one entry replaced in a zip of 1,000 entries of
// 64 KB (64 MB), saved in place (stage, back up, rename, reopen, read back).
func BenchmarkSaveOneReplace(b *testing.B) {
	dir := b.TempDir()
	b.Setenv("TMPDIR", b.TempDir())
	p := filepath.Join(dir, "big.zip")
	f, _ := os.Create(p)
	zw := zip.NewWriter(f)
	rng := rand.New(rand.NewSource(1))
	buf := make([]byte, 64<<10)
	for i := 0; i < 1000; i++ {
		rng.Read(buf[:len(buf)/2]) // half random: deflate has work to do
		w, _ := zw.Create(fmt.Sprintf("data/%04d.bin", i))
		w.Write(buf)
	}
	zw.Close()
	f.Close()
	src := filepath.Join(dir, "new.bin")
	os.WriteFile(src, buf, 0o644)
	m := session.NewManager(nil)
	info, err := m.Open(p, archive.OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	s, _ := m.Get(info.ID)
	defer m.CloseAll()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pend := &Pending{}
		if _, err := pend.Replace(s.Archive, "data/0500.bin", src); err != nil {
			b.Fatal(err)
		}
		res, err := Save(context.Background(), s, pend, "", nil)
		if err != nil || !res.OK {
			b.Fatal(err, res)
		}
		b.StopTimer()
		os.Remove(res.Backup)
		b.StartTimer()
	}
	b.SetBytes(64 << 20)
}
