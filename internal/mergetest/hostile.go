package mergetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// Shared is one mod of WriteShared: its stored files and their bytes.
type Shared struct {
	Files map[string][]byte
	// LowerCase lists paths of Files stored with a lower-case name, as a
	// careless packer leaves them.
	LowerCase []string
	// Title is the mod's title ("": M<i>).
	Title string
}

// WriteShared writes, without fixtures, a user folder under user: one
// .MOD per entry of mods (titled M0, M1, …, ids 1, 2, …, at mods/M<i>.MOD)
// and a modlauncher.sch loading them in that order, and an empty game
// MEDIA folder under base. Reliability tests build hostile merges with it
// (case-only names, unreadable copies, huge or block-heavy sources).
func WriteShared(user, base string, mods ...Shared) error {
	var specs []loadordertest.Spec
	var ids []int64
	for i, m := range mods {
		s := loadordertest.Spec{Rel: fmt.Sprintf("mods/M%d.MOD", i), Title: fmt.Sprintf("M%d", i), ID: int64(i + 1), Data: m.Files, LowerCase: m.LowerCase}
		if m.Title != "" {
			s.Title = m.Title
		}
		for p := range m.Files {
			s.Files = append(s.Files, p)
		}
		specs = append(specs, s)
		ids = append(ids, s.ID)
	}
	if err := loadordertest.Write(user, specs); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(base, "MEDIA"), 0o755); err != nil {
		return err
	}
	return loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), ids)
}

// Blocks is a .DAT's text: a root [ITEMS] holding n same-named [ITEM]
// blocks with no identifying property (so they are matched by place),
// each with one INTEGER VALUE of v+i: the shape of the merge "time bomb"
// (180,000 blocks of one name in a 728 KB mod).
func Blocks(n, v int) []byte {
	var b strings.Builder
	b.WriteString("[ITEMS]\r\n")
	for i := range n {
		fmt.Fprintf(&b, "[ITEM]\r\n<INTEGER>VALUE:%d\r\n[/ITEM]\r\n", v+i)
	}
	b.WriteString("[/ITEMS]\r\n")
	return []byte(b.String())
}

// Item is a small unit .DAT with one changed value.
func Item(name string, level int) []byte {
	return []byte(fmt.Sprintf("[UNIT]\r\n<STRING>NAME:%s\r\n<INTEGER>LEVEL:%d\r\n<INTEGER>RARITY:5\r\n[/UNIT]\r\n", name, level))
}

// ItemValue is Item with a VALUE after RARITY: merged after an Item of
// another level, the result is neither copy (the first's LEVEL, this
// VALUE), so a merged patch holds the file (a merge that gives the first
// copy is left out of the patch: the load order gives it).
func ItemValue(name string, level, value int) []byte {
	return []byte(fmt.Sprintf("[UNIT]\r\n<STRING>NAME:%s\r\n<INTEGER>LEVEL:%d\r\n<INTEGER>RARITY:5\r\n<INTEGER>VALUE:%d\r\n[/UNIT]\r\n", name, level, value))
}
