package layout_test

import (
	"fmt"

	"packsmith/formats/tl2/layout"
)

// Decode reads a binary .LAYOUT: its objects (descriptor, id, name,
// properties) as a tree. The binary here is compiled from text by Compile.
func ExampleDecode() {
	src := []byte(`[Layout]
<INTEGER>VERSION:4
<UNSIGNED INT>COUNT:2
[OBJECTS]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Group
<STRING>NAME:Camp
<INTEGER64>ID:1
[/PROPERTIES]
[CHILDREN]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Damage Shape
<INTEGER64>ID:2
[/PROPERTIES]
[/BASEOBJECT]
[/CHILDREN]
[/BASEOBJECT]
[/OBJECTS]
[/Layout]
`)
	b, _, err := layout.Compile("CAMP.LAYOUT", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := layout.Decode(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := l.Objects[0]
	fmt.Println(l.Version, len(l.Objects), g.ID, g.Name, len(g.Children), g.Children[0].ID)
	// Output: 4 1 1 Camp 1 2
}
