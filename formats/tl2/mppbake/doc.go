// Package mppbake bakes Torchlight II walk grids (.MPP, see package mpp)
// from placed collision geometry, the way GUTS does before packing a level.
// It is pure: callers hand it pieces (a world matrix and the triangles of
// the piece's collision mesh) and get a grid back.
//
// # Region and header
//
// The region box is the merge, in float32, of every box piece's collision
// AABB (the mesh's stored bounds) refitted around its eight transformed
// corners. Each face is padded by 0.2 and snapped outward to a multiple of
// 10. The level origin is o = (floor((min − 0.2)/0.4) − 1)·0.4, stored as a
// float32, and the grid is
//
//	W = ceil((max.x − o.x)/0.4) − floor((min.x − o.x)/0.4)   (float32 divide)
//	H = the same along Z
//
// The 24-byte header holds W, H, −min.x, −min.z, max.x − min.x and
// max.z − min.z (float32). Cell (i, j) has its centre at
// ((i0+i)·0.4 + 0.2 + o.x, (j0+j)·0.4 + 0.2 + o.z) with
// i0 = floor((min.x − o.x)/0.4).
//
// # Classifier
//
// For each cell, independently:
//
//  1. a vertical ray from y = +200 down to −200 finds the nearest (highest)
//     triangle it crosses; none → void (0xFF);
//  2. |hit.y| > 80, or the hit triangle is NOPATH → wall (1);
//  3. four thin probes of 0.30000001 along ±X and ±Z from the hit raised
//     by 1.5 (head height): any NOPATH triangle crossed → wall; else
//     walkable (0).
//
// Then the enclosure pass walks the grid X-outer, Z-inner, in place (so it
// cascades): a walkable cell whose two neighbours along one of the four
// axes (horizontal, vertical, both diagonals) are both blocked — outside
// the grid or wall; void counts as open — becomes wall.
//
// A triangle is NOPATH when its piece is (the piece's NOPATH property) or
// when its collision submesh's material name contains "nocollide" in any
// case. The ray is vertical and has no grazing radius; the point-in-
// triangle test is inclusive of the edges. Triangles whose plane is
// parallel to the ray (walls) are only seen by the probes.
//
// # Speed and determinism
//
// Triangles are bucketed on a coarse XZ grid (their XZ bounds prefilter
// each test) and rows of cells are shared among workers. Every cell's class
// depends only on the geometry, so the grid is the same for any number of
// workers.
package mppbake
