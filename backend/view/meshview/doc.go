// Package meshview shows Ogre meshes and Torchlight II levels without a
// browser: it decodes a .MESH within the memory budget (backend/sys/limits),
// draws a mesh shaded from a fixed three-quarter angle with a small
// z-buffer rasteriser, and draws a level's pieces from above in the frame
// of its walk grid (one pixel per cell, see levelbake.Scene), so a map and
// the level's .MPP overlay exactly. The window's 3D view (three.js) gets
// its geometry from Pack (pack.go), a compact binary body.
package meshview
