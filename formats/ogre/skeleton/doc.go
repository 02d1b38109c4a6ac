// Package skeleton reads and writes Ogre binary .SKELETON files (Torchlight
// II's bones and animations) the way Ogre's SkeletonSerializer does: field
// by field, trusting a chunk's length only to tell whether an optional
// scale follows.
//
// Real files break the length rule: Ogre's writer counts a bone chunk as
// 36 bytes (header 6, handle 2, position 12, orientation 16) whatever its
// name, and an animation or track chunk's length is whatever its
// calculation said. So a reader that skips by length is lost after the
// first bone; this one does not skip what it reads.
//
// # Byte layout
//
// Little-endian. A string is bytes ended by '\n'. A chunk header is u16 id,
// u32 length (counting the six header bytes).
//
//	u16 0x1000              header id (no length field)
//	string                  version: "[Serializer_v1.10]" (TL2, Ogre 1.7)
//	                        or "[Serializer_v1.80]" (Ogre 1.8+)
//	chunk*                  at the top level, in any order:
//
//	0x1010 blend mode       u16 (1.80 only: 0 average, 1 cumulative)
//	0x2000 bone             string name, u16 handle, f32 position x,y,z,
//	                        f32 orientation x,y,z,w, then f32 scale x,y,z
//	                        only when length > 36 (Ogre writes 48 then)
//	0x3000 bone parent      u16 child handle, u16 parent handle
//	0x4000 animation        string name, f32 length (seconds), then
//	                        chunks while they are of these ids:
//	  0x4010 base info      string base animation, f32 base key time
//	  0x4100 track          u16 bone handle, then chunks while 0x4110:
//	    0x4110 keyframe     f32 time, f32 rotation x,y,z,w,
//	                        f32 translation x,y,z, then f32 scale x,y,z
//	                        only when length > 38 (Ogre writes 50 then)
//	0x5000 animation link   string skeleton name, f32 scale
//
// Ogre writes these lengths (Encode does the same, so real files
// round-trip byte for byte): bone 36 (+12 with scale), parent 10,
// animation 6 + len(name)+1 + 4 + its tracks' lengths, track 8 + its
// keyframes' lengths, keyframe 38 (+12 with scale), link 6 + len(name)+1
// + 4, blend mode 8.
//
// A keyframe's transform is relative to its bone's bind pose: position =
// bind + translation, orientation = bind × rotation, scale = bind × scale.
//
// # Limits
//
// Each item read consumes bytes of the input, so no count can allocate
// past the input's size; Options caps bones, animations and keyframes
// further. A chunk id the reader does not know at the top level is skipped
// by its length when that fits the file, else refused. Errors are
// *FormatError with the byte offset of the problem: no panic, no hang.
package skeleton
