package tl2corpus

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
)

// Shape is what a generated mod holds: the counts of each kind of file and
// the findings a pack of it reports. RealShape is issue 47's real released
// mod; Scaled divides its counts for a quick run.
type Shape struct {
	Units, Skills, Affixes, Spawns, Misc int // .DAT sources by kind
	SkillLayouts, Particles, Missiles    int // small .LAYOUT files
	Levels, Menus                        int // levels (hundreds of objects) and UI menus
	Skeletons, Textures, Meshes          int // binary assets
	Animations, Imagesets, Pictures      int // .ANIMATION text, .IMAGESET, .PNG
	Materials                            int
	// GuessedUnits inherit from a base-game file the mod lacks: the RAW
	// stage's finding without a line, on every pack (units inheriting
	// from those get one too: 1,459 give issue 47's 1,667). LowerKeys, BadNumbers
	// (INTEGER64 "12abc"), UnknownProps (a layout property the schema
	// lacks) are the compile stage's findings with a line.
	GuessedUnits, LowerKeys, BadNumbers, UnknownProps int
}

// RealShape is the released mod issue 47 measured: 22,735 .DAT (96 MB),
// 10,513 .LAYOUT (152 MB), 2,809 .SKELETON (116 MB), 763 .DDS (68 MB), 207
// .IMAGESET, 81 .PNG, 65 .MESH, 57 .ANIMATION (9 MB), 55 .MATERIAL; about
// 3,000 folders up to 6 deep; about 2,900 findings on every pack, 1,667 of
// them without a line number.
var RealShape = Shape{
	Units: 9000, Skills: 4000, Affixes: 3500, Spawns: 2500, Misc: 3735,
	SkillLayouts: 5500, Particles: 2800, Missiles: 1000, Levels: 1000, Menus: 213,
	Skeletons: 2809, Textures: 763, Meshes: 65, Animations: 57, Imagesets: 207, Pictures: 81, Materials: 55,
	GuessedUnits: 1459, LowerKeys: 700, BadNumbers: 32, UnknownProps: 500,
}

// Scaled is s with every count divided by d (at least 1 where s has any).
func (s Shape) Scaled(d int) Shape {
	f := func(n int) int {
		if n == 0 {
			return 0
		}
		return max(1, n/d)
	}
	return Shape{f(s.Units), f(s.Skills), f(s.Affixes), f(s.Spawns), f(s.Misc),
		f(s.SkillLayouts), f(s.Particles), f(s.Missiles), f(s.Levels), f(s.Menus),
		f(s.Skeletons), f(s.Textures), f(s.Meshes), f(s.Animations), f(s.Imagesets), f(s.Pictures), f(s.Materials),
		f(s.GuessedUnits), f(s.LowerKeys), f(s.BadNumbers), f(s.UnknownProps)}
}

// gen writes one corpus: dir is the mod folder, rng the only source of
// variation (seeded: the same shape gives the same bytes every run).
type gen struct {
	dir   string
	rng   *rand.Rand
	s     Shape
	units []string // the units' paths, for edits
	err   error
}

// Write generates the mod of shape s into dir/MEDIA (dir must exist and
// hold MOD.DAT) as GUTS writes text (UTF-16LE with a BOM, CRLF, tabs), and
// returns the paths of its unit .DAT files (a benchmark edits those: the
// RAW indices follow a unit).
func Write(dir string, s Shape, seed int64) ([]string, error) {
	g := &gen{dir: dir, rng: rand.New(rand.NewSource(seed)), s: s}
	g.dats()
	g.layouts()
	g.assets()
	return g.units, g.err
}

// put writes one file under MEDIA/.
func (g *gen) put(rel string, data []byte) string {
	p := filepath.Join(g.dir, "MEDIA", filepath.FromSlash(rel))
	if g.err != nil {
		return p
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		g.err = err
	} else if err := os.WriteFile(p, data, 0o644); err != nil {
		g.err = err
	}
	return p
}

func (g *gen) text(rel, text string) string {
	return g.put(rel, UTF16LEBOM(text))
}

// UTF16LEBOM is text as GUTS saves it: a little-endian BOM, then UTF-16LE.
// Written here, not taken from formats/tl2/dattext, whose own tests
// generate their sources with this package (an import cycle otherwise).
func UTF16LEBOM(text string) []byte {
	b := make([]byte, 2, 2+2*len(text))
	b[0], b[1] = 0xFF, 0xFE
	for _, u := range utf16.Encode([]rune(text)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// every spreads k marked files over n: file i is marked when it is one of
// the k evenly spaced ones.
func every(i, n, k int) bool {
	if k <= 0 || n <= 0 {
		return false
	}
	return i*k/n != (i+1)*k/n
}

// dats writes the .DAT sources: units (folders six deep), skills (a folder
// each, its layouts beside), affixes, spawn classes and the rest.
func (g *gen) dats() {
	s := g.s
	cats := []string{"ITEMS", "MONSTERS", "PROPS"}
	for i := 0; i < s.Units; i++ {
		rel := fmt.Sprintf("UNITS/%s/G%02d/S%02d/UNIT_%05d.DAT", cats[i%3], i/3%30, i/90%10, i)
		var b strings.Builder
		fmt.Fprintf(&b, "[UNIT]\r\n\t<STRING>NAME:UNIT_%05d\r\n\t<STRING>DISPLAYNAME:Unit %d\r\n\t<INTEGER64>UNIT_GUID:%d\r\n", i, i, g.rng.Int63()-g.rng.Int63())
		fmt.Fprintf(&b, "\t<STRING>UNITTYPE:TYPE %d\r\n\t<INTEGER>LEVEL:%d\r\n\t<INTEGER>RARITY:%d\r\n", i%40, i%100, 1+i%1000)
		switch {
		case every(i, s.Units, s.GuessedUnits):
			fmt.Fprintf(&b, "\t<STRING>BASEFILE:MEDIA/UNITS/%s/BASE_%s.DAT\r\n", cats[i%3], cats[i%3])
		case i%7 == 3 && i >= 3:
			fmt.Fprintf(&b, "\t<STRING>BASEFILE:MEDIA/UNITS/%s/G%02d/S%02d/UNIT_%05d.DAT\r\n", cats[(i-3)%3], (i-3)/3%30, (i-3)/90%10, i-3)
		}
		g.body(&b, i, 2000+g.rng.Intn(2000), every(i, s.Units, s.LowerKeys/3), every(i, s.Units, s.BadNumbers/2))
		g.units = append(g.units, g.text(rel, closeRoot(&b)))
	}
	for i := 0; i < s.Skills; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "[SKILL]\r\n\t<STRING>NAME:SKILL_%05d\r\n\t<INTEGER64>UNIQUE_GUID:%d\r\n\t<STRING>ACTIVATION_TYPE:NORMAL\r\n", i, g.rng.Int63())
		g.body(&b, i, 600+g.rng.Intn(1500), every(i, s.Skills, s.LowerKeys/3), every(i, s.Skills, s.BadNumbers-s.BadNumbers/2))
		g.text(skillDir(i, s)+fmt.Sprintf("SKILL_%05d.DAT", i), closeRoot(&b))
	}
	kinds := []struct {
		dir, sec string
		n        int
	}{{"AFFIXES", "AFFIX", s.Affixes}, {"SPAWNCLASSES", "SPAWNCLASS", s.Spawns}, {"TREASURE", "TREASURE", s.Misc / 2}, {"QUESTS", "QUEST", s.Misc - s.Misc/2}}
	for _, k := range kinds {
		for i := 0; i < k.n; i++ {
			var b strings.Builder
			fmt.Fprintf(&b, "[%s]\r\n\t<STRING>NAME:%s_%05d\r\n", k.sec, k.sec, i)
			if k.sec == "AFFIX" {
				b.WriteString("\t<INTEGER>WEIGHT:10\r\n\t[UNITTYPES]\r\n\t\t<STRING>UNITTYPE:1H SWORD\r\n\t[/UNITTYPES]\r\n")
			}
			g.body(&b, i, 500+g.rng.Intn(1150), k.sec == "QUEST" && every(i, k.n, s.LowerKeys-2*(s.LowerKeys/3)), false)
			g.text(fmt.Sprintf("%s/F%02d/%s_%05d.DAT", k.dir, i%40, k.sec, i), closeRoot(&b))
		}
	}
}

// closeRoot closes the root section b opened on its first line.
func closeRoot(b *strings.Builder) string {
	t := b.String()
	return t + "[/" + t[1:strings.IndexByte(t, ']')] + "]\r\n"
}

// body fills b with nested sections of varied properties up to about chars
// characters: effects holding affix lists and stat blocks, as GUTS writes
// units and skills. lower adds a key with lower-case letters (a lint
// finding), bad an INTEGER64 "12abc" GUTS accepts (a number finding).
func (g *gen) body(b *strings.Builder, i, chars int, lower, bad bool) {
	if lower {
		fmt.Fprintf(b, "\t<INTEGER>MaxCount:%d\r\n", g.rng.Intn(10))
	}
	if bad {
		fmt.Fprintf(b, "\t<INTEGER64>LINK_ID:%dabc\r\n", 10+g.rng.Intn(90))
	}
	start := b.Len()
	for s := 0; b.Len()-start < chars; s++ {
		fmt.Fprintf(b, "\t[EFFECT]\r\n\t\t<STRING>NAME:EFFECT_%d_%d\r\n\t\t<STRING>TYPE:%s\r\n", i, s, []string{"DAMAGE", "ARMOR", "SPEED", "HEALTH"}[g.rng.Intn(4)])
		fmt.Fprintf(b, "\t\t<FLOAT>MIN:%d.%d\r\n\t\t<FLOAT>MAX:%d.%d\r\n\t\t<INTEGER>DURATION:%d\r\n", g.rng.Intn(100), g.rng.Intn(10), g.rng.Intn(500), g.rng.Intn(10), g.rng.Intn(30))
		if s%2 == 1 {
			b.WriteString("\t\t[AFFIXES]\r\n")
			for k := 0; k < 1+g.rng.Intn(3); k++ {
				fmt.Fprintf(b, "\t\t\t<STRING>AFFIX:AFFIX_%05d\r\n", g.rng.Intn(3000))
			}
			b.WriteString("\t\t[/AFFIXES]\r\n")
		}
		if s%3 == 2 {
			fmt.Fprintf(b, "\t\t[STATS]\r\n\t\t\t<STRING>STAT:STAT_%d\r\n\t\t\t<FLOAT>PERCENT:%d\r\n\t\t\t<BOOL>GRAPH:%v\r\n\t\t[/STATS]\r\n", g.rng.Intn(400), g.rng.Intn(100), g.rng.Intn(2) == 0)
		}
		fmt.Fprintf(b, "\t\t<TRANSLATE>DESCRIPTION:Deals %d damage to foes within %d meters\r\n\t\t<STRING>FILE:media/particles/fx_%d.layout\r\n\t[/EFFECT]\r\n", g.rng.Intn(999), g.rng.Intn(20), g.rng.Intn(3000))
	}
}

// skillDir is the folder of the i-th skill file (its .DAT, its layouts):
// one folder for about six layouts, in twenty class folders.
func skillDir(i int, s Shape) string {
	j := i % max(s.SkillLayouts/6, 1)
	return fmt.Sprintf("SKILLS/C%02d/SKILL_%04d/", j%20, j)
}
