// Package txte reads and writes txte, the text tables of Tactics Ogre:
// Reborn (event and menu text): rows of key → text.
//
//	offset  size      field
//	0       4         magic "txte"
//	4       4         row count n (s32)
//	8       4         header size, 16
//	12      4         row size, 32
//	16      32·n      rows: four u64 offsets from the start of the txte
//	                  (the high half 0): key, text, a third string (gender
//	                  forms, used in the de/es/fr tables), a fourth
//	…                 the strings: NUL-terminated UTF-8
//
// An offset of 0 is an empty string. Text carries private-use code points
// for the game's macros (U+F8FC span, U+F8FD unknown, U+F8FF macro, other
// private-use code points gaiji glyphs); Visible writes each as {U+XXXX} so
// an editor shows it, and FromVisible turns them back.
//
// Encode writes the rows, then every non-empty string once per use in row
// order (key, text, third, fourth). The public tools have no txte writer;
// the game reads strings only through the offsets, so where the original
// pooled its strings otherwise the rebuilt bytes differ, not the text.
package txte
