// Package mpp reads, writes, analyses and draws Torchlight II walk grids
// (.MPP files).
//
// GUTS bakes one .MPP beside every level .LAYOUT. The game uses it to decide
// where the player can stand, so a broken grid shows up in play as "the
// player cannot move here".
//
// # Byte layout
//
// All numbers are little-endian. The file is a 24-byte header followed by
// one byte per cell; nothing else, so the file size is always 24 + W×H.
//
//	offset  size  type     field
//	0       4     int32    W, grid width in cells (X)
//	4       4     int32    H, grid height in cells (Z)
//	8       4     float32  OriginX (observed: a multiple of 10, e.g. 90)
//	12      4     float32  OriginZ (observed: a multiple of 10, e.g. 200)
//	16      4     float32  ExtentX (observed: about W×0.4, e.g. 150 for W=375)
//	20      4     float32  ExtentZ (observed: about H×0.4, e.g. 260 for H=650)
//	24      W×H   uint8    cells, row-major: X varies fastest, row y starts
//	                       at 24 + y×W
//
// The research notes disagree on the float names (the spec calls them
// worldExtX/Z and boundsX/Z); the names above follow what real files hold.
// The floats are kept bit for bit, so Encode(Decode(b)) == b.
//
// One cell is 0.4 world units square. A cell holds one of three values:
//
//	0x00  walkable
//	0x01  wall (blocked by NOPATH geometry)
//	0xFF  void: outside the level or no ground under the cell
//
// Any other value is rejected by Decode with the cell's offset.
//
// # The stub
//
// When GUTS bakes a grid before the level's BINLAYOUT exists, the level load
// fails and it writes a default 50×50 grid with floats (10, 10, 20, 20) and
// every cell 0xFF: 2,524 bytes in which nothing is walkable. IsStub reports
// exactly that file.
//
// # Pockets and thin walls
//
// Analyse splits walkable cells into regions with 4-connectivity (the game's
// enclosure pass turns cells pinched shut by corners into walls, so a
// diagonal touch is not a passage). The largest region is where the player
// normally is; every other region is a pocket the player cannot reach. For
// each pocket a 0-1 breadth-first search from the main region (walls cost
// one, walkable cells nothing, void is impassable because opening it leaves
// no ground) finds the fewest wall cells that cut it off. When that barrier
// is at most a few cells thick it is a thin wall: the usual baking artefact
// that traps players rather than a real level boundary.
//
// # Comparing, and pictures
//
// Compare shows what an edit changed, counting cells per (before, after)
// class pair; CompareCells adds the change of every cell, and Marks the
// cells of an Analysis's pockets and thin walls. This package draws
// nothing: pictures (one pixel per cell at scale 1, cell lines from scale
// 4, a legend, the overlay, the difference) are made from these by
// backend/view/render (DrawGrid, DrawGridDiff). ParseArt and Grid.Art read
// and write a grid as rows of '.', '#' and '~'.
package mpp
