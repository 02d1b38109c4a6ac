// Package meshview shows Ogre meshes and Torchlight II levels without a
// browser: it decodes a .MESH within the memory budget (backend/sys/limits),
// draws a mesh shaded from a fixed three-quarter angle with a small
// z-buffer rasteriser, and draws a level's pieces from above in the frame
// of its walk grid (one pixel per cell, see levelbake.Scene), so a map and
// the level's .MPP overlay exactly. The window's 3D view (three.js) gets
// its geometry from Pack (pack.go), a compact binary body.
//
// The Resolver finds what a mesh names as the game does: materials in the
// mod's .MATERIAL scripts, textures beside them (a .png or .tga loads the
// .dds of the same name), and for a skinned mesh its Unit (unit.go): the
// bind skeleton, the .ANIMATION list beside the mesh and one .SKELETON
// per animation. RenderWith draws a mesh textured, posed by Unit.Posed
// (formats/ogre/skin); a pack carries a skinned mesh's bones, weights and
// animations for the window (packskin.go).
package meshview
