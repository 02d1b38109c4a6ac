// Command gen writes modelgen's mod (the textured box, a level of placed
// pieces) into a folder, with a MOD.DAT, for the browser and window tests:
//
//	go run ./internal/modelgen/gen -o DIR [-cols 3 -rows 2] [-ghost] [-sheet N] [-anims N] [-alpha] [-unit DIR2]
//
// -unit also writes modelgen.Unit (a skinned box with its skeleton,
// animation list, material and .DDS) into DIR2 on its own, under no
// MEDIA folder, as a modder unzips one monster.
package main

import (
	"flag"
	"fmt"
	"os"

	"packsmith/formats/ogre/mesh"
	"packsmith/internal/modelgen"
)

func main() {
	out := flag.String("o", "", "target folder")
	cols := flag.Int("cols", 3, "floor tiles along X")
	rows := flag.Int("rows", 2, "floor tiles along Z")
	ghost := flag.Bool("ghost", false, "add a piece whose meshes are missing")
	sheet := flag.Int("sheet", 0, "also write MEDIA/MODELS/SHEET/SHEET.MESH, a sheet of 2·N² triangles")
	unit := flag.String("unit", "", "also write modelgen.Unit into this folder, under no MEDIA folder")
	anims := flag.Int("anims", 0, "also give the box's unit N animations (BOX.ANIMATION, one .SKELETON each)")
	alpha := flag.Bool("alpha", false, "also write two sheets with a BC1 texture half transparent: one cut, one blended")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gen: -o DIR is required")
		os.Exit(2)
	}
	f, err := modelgen.Mod(*cols, *rows, *ghost)
	if err == nil {
		if *anims > 0 {
			err = f.Animations(*anims)
		}
		if err == nil && *alpha {
			err = f.Alpha()
		}
		if err == nil && *sheet > 0 {
			f["MEDIA/MODELS/SHEET/SHEET.MESH"], err = mesh.Encode(modelgen.Grid(*sheet, 50))
		}
		f["MOD.DAT"] = []byte("[MOD]\n<STRING>NAME:MODELS\n<INTEGER64>MOD_ID:26\n[/MOD]\n")
		if err == nil {
			err = f.Write(*out)
		}
	}
	if err == nil && *unit != "" {
		var u modelgen.Files
		if u, err = modelgen.Unit(); err == nil {
			err = u.Write(*unit)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
