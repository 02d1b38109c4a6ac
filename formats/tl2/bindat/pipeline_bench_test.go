package bindat

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// pipelineSource is one generated source file.
type pipelineSource struct {
	rel string
	src []byte
}

// pipelineCorpus generates n UTF-16LE sources of about per characters each,
// shaped like the pack benchmark's corpus (backend/modpack genCorpus):
// [UNIT]/[SKILL]/[AFFIX]/[QUEST] roots holding [EFFECTn] sections of
// FLOAT/INTEGER/TRANSLATE/STRING properties, tabs and CRLF.
func pipelineCorpus(n, per int) []pipelineSource {
	rng := rand.New(rand.NewSource(11))
	out := make([]pipelineSource, 0, n)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.Reset()
		var rel string
		switch k := i % 20; {
		case k < 8:
			cat := []string{"ITEMS", "MONSTERS", "PROPS"}[i%3]
			rel = fmt.Sprintf("UNITS/%s/G%03d/UNIT_%06d.DAT", cat, i%300, i)
			fmt.Fprintf(&b, "[UNIT]\r\n\t<STRING>NAME:UNIT_%06d\r\n\t<INTEGER64>UNIT_GUID:%d\r\n\t<STRING>UNITTYPE:TYPE %d\r\n\t<INTEGER>LEVEL:%d\r\n\t<INTEGER>RARITY:%d\r\n", i, 1000003*int64(i)+7, i%40, i%100, i%1000)
			if i%5 == 0 {
				fmt.Fprintf(&b, "\t<STRING>BASEFILE:MEDIA/UNITS/%s/G%03d/UNIT_%06d.DAT\r\n", cat, (i-20+6000)%300, (i+n-20)%n/20*20+(i%20))
			}
		case k < 11:
			rel = fmt.Sprintf("SKILLS/S%03d/SKILL_%06d.DAT", i%200, i)
			fmt.Fprintf(&b, "[SKILL]\r\n\t<STRING>NAME:SKILL_%06d\r\n\t<INTEGER64>UNIQUE_GUID:%d\r\n", i, 7000000+int64(i))
		case k < 13:
			rel = fmt.Sprintf("AFFIXES/A%03d/AFFIX_%06d.DAT", i%100, i)
			fmt.Fprintf(&b, "[AFFIX]\r\n\t<STRING>NAME:AFFIX_%06d\r\n\t<INTEGER>WEIGHT:%d\r\n\t[UNITTYPES]\r\n\t\t<STRING>UNITTYPE:1H SWORD\r\n\t[/UNITTYPES]\r\n", i, i%20)
		default:
			rel = fmt.Sprintf("QUESTS/Q%03d/QUEST_%06d.DAT", i%250, i)
			fmt.Fprintf(&b, "[QUEST]\r\n\t<STRING>NAME:QUEST_%06d\r\n", i)
		}
		for s := 0; b.Len() < per; s++ {
			fmt.Fprintf(&b, "\t[EFFECT%d]\r\n", s)
			for k := 0; k < 12; k++ {
				switch k % 4 {
				case 0:
					fmt.Fprintf(&b, "\t\t<FLOAT>VALUE%d:%d.%03d\r\n", k, rng.Intn(1000), rng.Intn(1000))
				case 1:
					fmt.Fprintf(&b, "\t\t<INTEGER>COUNT%d:%d\r\n", k, rng.Intn(100000))
				case 2:
					fmt.Fprintf(&b, "\t\t<TRANSLATE>TEXT%d:Generated text %d of file %d, line %d\r\n", k, rng.Intn(50), i, s)
				default:
					fmt.Fprintf(&b, "\t\t<STRING>FILE%d:media/effects/fx_%d.dat\r\n", k, rng.Intn(3000))
				}
			}
			fmt.Fprintf(&b, "\t[/EFFECT%d]\r\n", s)
		}
		text := b.String()
		b.WriteString("[/" + text[1:strings.IndexByte(text, ']')] + "]\r\n")
		out = append(out, pipelineSource{rel, dattext.EncodeText(b.String(), dattext.UTF16LEBOM)})
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
