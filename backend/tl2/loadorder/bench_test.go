package loadorder

import (
	"context"
	"path/filepath"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// benchFolder writes a user folder with n generated mods of files entries
// each, the first active ones listed in modlauncher.sch.
func benchFolder(b *testing.B, n, files, active int) string {
	b.Helper()
	dir := b.TempDir()
	specs := loadordertest.Many(n, files)
	if err := loadordertest.Write(dir, specs); err != nil {
		b.Fatal(err)
	}
	var ids []int64
	for _, s := range specs[:active] {
		ids = append(ids, s.ID)
	}
	if err := loadordertest.WriteSch(filepath.Join(dir, SchName), ids); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkOpen300 scans 300 mods of 200 files each (headers, manifests
// and rollingHash samples only) and reads modlauncher.sch.
//
//	go test ./backend/tl2/loadorder -run - -bench Open300 -benchtime 20x
func BenchmarkOpen300(b *testing.B) {
	dir := benchFolder(b, 300, 200, 40)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Open(context.Background(), Options{UserDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		if len(s.files) != 300 {
			b.Fatalf("%d mods", len(s.files))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/300, "µs/mod")
}

// BenchmarkView300 computes rows, problems and conflicts for 300 mods with
// all of them active (the worst case for conflicts).
func BenchmarkView300(b *testing.B) {
	dir := benchFolder(b, 300, 200, 300)
	s, err := Open(context.Background(), Options{UserDir: dir, Limit: 1000})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := s.View()
		if len(v.Conflicts) == 0 {
			b.Fatal("no conflicts")
		}
	}
}
