// Package tl2corpus generates Torchlight II text sources shaped like a
// large real mod, for the benchmarks that measure packing (the pack of
// BenchmarkPackLarge and bindat's per-file compile pipeline), so both
// measure the same kind of file.
package tl2corpus

import (
	"fmt"
	"math/rand"
	"strings"
)

// Source is the i-th of n sources, about per characters long: its path
// under MEDIA/ and its text (CRLF, tabs, as GUTS writes it). Every 20
// sources hold 8 units (ITEMS/MONSTERS/PROPS, one in five with a BASEFILE
// to another unit), 3 skills, 2 affixes with [UNITTYPES] and 7 quests, each
// filled with [EFFECTn] sections of FLOAT, INTEGER, TRANSLATE and STRING
// properties drawn from rng.
func Source(i, n, per int, rng *rand.Rand) (rel, text string) {
	var b strings.Builder
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
	text = b.String()
	return rel, text + "[/" + text[1:strings.IndexByte(text, ']')] + "]\r\n"
}
