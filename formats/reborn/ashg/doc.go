// Package ashg decompresses ashg, the compressed sprites and textures of
// Tactics Ogre: Reborn, as the notes give the format (from the public
// tools; not checked against a game file):
//
//	offset  size  field
//	0       4     magic "ashg"
//	4       4     compressed size (of the data from byte 16)
//	8       4     uncompressed size
//	12      1     version: 0 stored, 1 (not supported), 2 LZ
//	13      1     low 5 bits: window bits w
//	16      …     data
//
// Version 2 is a run of ops. An op byte with the high bit clear copies
// that many literal bytes; with it set, the op's low 7 bits and the next
// byte form a 15-bit value v: copy 3 + (v >> w) bytes from 1 + (v & (2^w −
// 1)) bytes back. Decoding stops at the uncompressed size.
package ashg
