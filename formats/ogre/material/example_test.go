package material_test

import (
	"fmt"

	"packsmith/formats/ogre/material"
)

// Parse reads an Ogre .MATERIAL script: each material's name, parent and
// first texture.
func ExampleParse() {
	src := []byte(`material rock : base
{
	technique
	{
		pass
		{
			texture_unit
			{
				texture rock.dds
			}
		}
	}
}
`)
	ms, err := material.Parse("ROCK.MATERIAL", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range ms {
		fmt.Printf("%s parent=%s texture=%s line=%d\n", m.Name, m.Parent, m.Texture, m.Line)
	}
	// Output: rock parent=base texture=rock.dds line=1
}
