package raw_test

import (
	"fmt"

	"packsmith/formats/tl2/raw"
)

// Decode reads a binary .RAW index of its kind (here SKILLS.RAW: each
// skill's name, .DAT file and GUID). The binary is compiled from the text
// form (one record a line under a header, columns two spaces apart) by Compile.
func ExampleDecode() {
	text := []byte("NAME  FILE  UNIQUE_GUID\r\nFireball  MEDIA/SKILLS/FIREBALL.DAT  5\r\nHeal  MEDIA/SKILLS/HEAL.DAT  -7\r\n")
	b, findings, err := raw.Compile(raw.Skills, "SKILLS.RAW", text)
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := raw.Decode(raw.Skills, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(findings), len(b))
	for _, s := range f.Skills {
		fmt.Println(s.Name, s.File, s.GUID)
	}
	// Output:
	// 0 144
	// Fireball MEDIA/SKILLS/FIREBALL.DAT 5
	// Heal MEDIA/SKILLS/HEAL.DAT -7
}
