package merge

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
)

// BenchmarkMerge500 merges 500 .DAT/.LAYOUT files that two mods share
// (issue 32's figure: ≤ 2 s): the fixtures' sources, cycled to 500 files,
// each mod changing one value of its own and one both change (a conflict),
// timed from the three texts to the merged text (decode, parse, merge,
// print, encode).
func BenchmarkMerge500(b *testing.B) {
	fx := testfixtures.Dir(b, "tl2")
	var srcs [][]byte
	_ = filepath.WalkDir(fx, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		up := strings.ToUpper(p)
		if strings.HasSuffix(up, ".DAT") || strings.HasSuffix(up, ".LAYOUT") {
			if bs, err := os.ReadFile(p); err == nil {
				if _, err := dattext.Parse(p, bs); err == nil {
					srcs = append(srcs, bs)
				}
			}
		}
		return nil
	})
	if len(srcs) == 0 {
		testfixtures.Skipf(b, "no .DAT/.LAYOUT sources under %s", fx)
	}
	type file struct{ base, a, c []byte }
	files := make([]file, 500)
	edit := func(src []byte, key, val string) []byte {
		n, _ := dattext.Parse("x", src)
		var hit bool
		_ = n.Walk(func(c *dattext.Node, _ int) error {
			for i := range c.Props {
				if !hit && c.Props[i].Type == "FLOAT" || !hit && c.Props[i].Type == "INTEGER" {
					if key == "" || c.Props[i].Key != key {
						c.Props[i].Value = val
						hit = true
						key = c.Props[i].Key
					}
				}
			}
			return nil
		})
		n.Add("STRING", "MERGE_BENCH_"+val, val)
		return dattext.Encode(n)
	}
	size := 0
	for i := range files {
		s := srcs[i%len(srcs)]
		files[i] = file{base: s, a: edit(s, "", "11"), c: edit(s, "", "22")}
		size += len(s)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	conflicts := 0
	for b.Loop() {
		conflicts = 0
		for i, f := range files {
			name := fmt.Sprintf("MEDIA/F%d.DAT", i)
			base, err := dattext.Parse(name, f.base)
			if err != nil {
				b.Fatal(err)
			}
			a, _ := dattext.Parse(name, f.a)
			c, _ := dattext.Parse(name, f.c)
			r, err := Merge(name, base, []Version{{"A", a}, {"B", c}}, nil)
			if err != nil {
				b.Fatal(err)
			}
			conflicts += len(r.Conflicts)
			_ = dattext.Encode(r.Root)
		}
	}
	b.ReportMetric(float64(conflicts), "conflicts")
	b.ReportMetric(float64(len(files)), "files")
}
