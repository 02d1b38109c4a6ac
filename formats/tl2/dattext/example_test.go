package dattext_test

import (
	"fmt"

	"packsmith/formats/tl2/dattext"
)

// Parse reads .DAT text (UTF-16LE or UTF-8) into a tree of sections with
// typed properties.
func ExampleParse() {
	src := []byte("[UNIT]\r\n\t<STRING>NAME:Sword\r\n\t[EFFECT]\r\n\t\t<INTEGER>LEVEL:3\r\n\t[/EFFECT]\r\n[/UNIT]\r\n")
	root, err := dattext.Parse("SWORD.DAT", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(root.Name, root.Props[0].Type, root.Props[0].Key, root.Props[0].Value)
	fx := root.Children[0]
	fmt.Println(fx.Name, fx.Props[0].Key, fx.Props[0].Value, "line", fx.Props[0].Line)
	// Output:
	// UNIT STRING NAME Sword
	// EFFECT LEVEL 3 line 4
}
