// Package mesh reads what a walk-grid bake needs from Ogre binary .MESH
// files (Torchlight II collision meshes): submeshes, their material names,
// index buffers and vertex positions, shared or per submesh, and the
// stored bounds. Everything else is skipped by its chunk length.
//
// # Byte layout
//
// Little-endian. A string is bytes ended by '\n' (not NUL). A bool is one
// byte. The file starts with the header, then chunks:
//
//	u16 0x1000            header id (no length field)
//	string                version, e.g. "[MeshSerializer_v1.41]"
//	chunk*                u16 id, u32 length (the length counts the six
//	                      header bytes), then length-6 bytes of body
//
// The chunks read here, nested by position inside their parent's body:
//
//	0x3000 mesh           bool skeletallyAnimated, then chunks:
//	  0x5000 geometry     shared vertex data (see below)
//	  0x4000 submesh      string material, bool useSharedVertices,
//	                      u32 indexCount, bool indexes32Bit,
//	                      indexCount × (u32 if 32-bit else u16),
//	                      then chunks:
//	    0x5000 geometry   the submesh's own vertex data (when not shared)
//	    0x4010 operation  u16 operation type (4 triangle list, the default;
//	                      5 strip; 6 fan; others draw no triangles)
//	  0x9000 bounds       f32 min x,y,z, f32 max x,y,z, f32 radius
//
//	geometry              u32 vertexCount, then chunks:
//	  0x5100 declaration  chunks 0x5110 element: u16 source, u16 type,
//	                      u16 semantic, u16 offset, u16 index
//	                      (type 2 = FLOAT3; semantic 1 = POSITION)
//	  0x5200 buffer       u16 bindIndex, u16 vertexSize, then chunk
//	    0x5210 data       vertexCount × vertexSize bytes
//
// Positions come from the POSITION element (FLOAT3) of the buffer whose
// bindIndex is the element's source. Bone assignments (0x7000 in the
// mesh, 0x4100 in a submesh) are read field by field (skin.go). Other
// chunks (0x6000 skeleton link, 0x8000 LOD, 0xA000 submesh names, 0xB000 edge
// lists, animations, poses) are skipped.
//
// # Limits
//
// Every count is checked against the bytes that are actually left in its
// chunk before anything is allocated, so no allocation exceeds the input's
// size; Options caps the number of submeshes, vertices and indices further.
// Errors are *FormatError with the byte offset of the problem.
package mesh
