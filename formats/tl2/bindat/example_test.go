package bindat_test

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/rghash"
)

// GUTS text compiles to BINDAT; decompiling with a dictionary that knows
// the names gives the text back.
func ExampleCompileText() {
	src := []byte("[UNIT]\r\n\t<STRING>NAME:Sword\r\n\t<INTEGER>LEVEL:3\r\n[/UNIT]\r\n")
	bin, err := bindat.CompileText("SWORD.DAT", src, nil)
	if err != nil {
		panic(err)
	}
	dict := rghash.NewDictionary()
	for _, n := range []string{"UNIT", "NAME", "LEVEL"} {
		dict.Add(n)
	}
	text, err := bindat.DecompileText("SWORD.DAT", bin, dict)
	if err != nil {
		panic(err)
	}
	// The text comes back as GUTS writes it: UTF-16LE with a BOM.
	u := make([]uint16, 0, len(text)/2)
	for i := 2; i+1 < len(text); i += 2 {
		u = append(u, uint16(text[i])|uint16(text[i+1])<<8)
	}
	fmt.Println(len(bin), "bytes of BINDAT")
	fmt.Print(strings.ReplaceAll(string(utf16.Decode(u)), "\r\n", "\n"))
	// Output:
	// 60 bytes of BINDAT
	// [UNIT]
	// 	<STRING>NAME:Sword
	// 	<INTEGER>LEVEL:3
	// [/UNIT]
}

// Decompile reads a binary .DAT into the dattext tree and its string
// table; a name the dictionary does not know (NAME here) is shown by its
// hash.
func ExampleDecompile() {
	bin, err := bindat.CompileText("SWORD.DAT", []byte("[UNIT]\r\n<STRING>NAME:Sword\r\n[/UNIT]\r\n"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	dict := rghash.NewDictionary()
	dict.Add("UNIT")
	dec, err := bindat.Decompile("SWORD.DAT", bin, dict)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := dec.Root.Props[0]
	fmt.Println(dec.Root.Name, p.Type, p.Key, p.Value, len(dec.Strings))
	// Output: UNIT STRING UNK_00660DE5 Sword 1
}
