package skeleton_test

import (
	"fmt"

	"packsmith/formats/ogre/skeleton"
)

// Decode reads a binary Ogre .SKELETON: bones, their parents and
// animations. The file here, two bones, is written by Encode.
func ExampleDecode() {
	b, err := skeleton.Encode(&skeleton.Skeleton{
		Version: "[Serializer_v1.80]",
		Bones: []skeleton.Bone{
			{Name: "root", Handle: 0, Orientation: [4]float32{0, 0, 0, 1}, Scale: [3]float32{1, 1, 1}},
			{Name: "arm", Handle: 1, Position: [3]float32{0, 2, 0}, Orientation: [4]float32{0, 0, 0, 1}, Scale: [3]float32{1, 1, 1}},
		},
		Parents: []skeleton.Parent{{Child: 1, Parent: 0}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := skeleton.Decode(b, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, bone := range s.Bones {
		fmt.Println(bone.Handle, bone.Name, bone.Position)
	}
	fmt.Println(s.Parents)
	// Output:
	// 0 root [0 0 0]
	// 1 arm [0 2 0]
	// [{1 0}]
}
