// Package levelbake bakes the walk grid (.MPP) of a Torchlight II level
// layout from a mod folder and, when given, the game's data: it builds the
// room-piece table from LEVELSETS/**.DAT (text or BINDAT), resolves each
// placed piece's collision mesh case-insensitively (the mod first, then the
// game's DATA.PAK read in place), reads the meshes and hands the pieces to
// formats/tl2/mppbake.
//
// Piece table: every [PIECE] block with a GUID, its FILE and COLLISIONFILE
// lists (the placement's VISUAL index picks one; the collision index is
// the visual index when both lists have the same length, else 0), and the
// flags NOPATH, NEVERBAKE and ALWAYSBAKECOLLISION.
//
// Gates, per placement: COLLISION ENABLED false → nothing; BAKE false on a
// piece that is neither NEVERBAKE nor ALWAYSBAKECOLLISION → no triangles;
// under a runtime-chosen group (see mppbake.Placement.Gate) → no
// triangles, but its bounds still count towards the region box.
//
// A layout is baked only when every piece it places is known and every
// collision mesh it names reads; otherwise BakeLayout returns a
// *MissingError naming them all, and no grid.
package levelbake
