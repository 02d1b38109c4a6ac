package bindat

import (
	"math/rand"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/internal/tl2corpus"
)

// pipelineSource is one generated source file.
type pipelineSource struct {
	rel string
	src []byte
}

// pipelineCorpus generates n UTF-16LE sources of about per characters each,
// the pack benchmark's kind of file (internal/tl2corpus).
func pipelineCorpus(n, per int) []pipelineSource {
	rng := rand.New(rand.NewSource(11))
	out := make([]pipelineSource, 0, n)
	for i := 0; i < n; i++ {
		rel, text := tl2corpus.Source(i, n, per, rng)
		out = append(out, pipelineSource{rel, dattext.EncodeText(text, dattext.UTF16LEBOM)})
	}
	return out
}

// BenchmarkCompilePipeline runs what the packer does per BINDAT source:
// Parse (UTF-16 decode and tree), Lint, Compile with a Fixed callback.
// 400 files of ~10 KB, the pack benchmark's file size: ~4 MB a loop.
func BenchmarkCompilePipeline(b *testing.B) {
	corpus := pipelineCorpus(400, 5150)
	var total int64
	for _, f := range corpus {
		total += int64(len(f.src))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	fixes := 0
	opt := &Options{Fixed: func(NumberFix) { fixes++ }}
	for b.Loop() {
		for _, f := range corpus {
			root, err := dattext.Parse(f.rel, f.src)
			if err != nil {
				b.Fatal(err)
			}
			if len(Lint(f.rel, root)) != 0 {
				b.Fatal("unexpected lint findings")
			}
			if _, err := Compile(f.rel, root, opt); err != nil {
				b.Fatal(err)
			}
		}
	}
}
