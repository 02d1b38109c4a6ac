// Package render registers the renderers that show game files as what
// they are: DDS and TGA textures, Torchlight II walk grids (.MPP) with their
// analysis, and compiled TL2 data (BINDAT, BINLAYOUT, RAW) as readable text.
// Import it for its side effect where the window and the CLI are wired
// (app/service.go, app/cli/cli.go); backend/drivers/all registers families
// only.
//
// Detection goes by content first, then by the entry's kind and name: TL2
// archives keep a compiled entry's source name (MEDIA/UNITS/X.DAT holds
// BINDAT bytes), so a .DAT that starts like a BINDAT is decompiled, and a
// .DAT that is real text falls through to the plain text view.
//
// Image renderers take these options (the asset handler passes its query):
//
//	DDS        mip=N  face=N (or slice=N: array element × faces + face)  z=N (volume depth)
//	walk grid  scale=N (1–16)  overlay=1 (pockets and thin walls)  legend=0 (grid only)
//
// Each image renderer returns its own typed metadata (meta.go, a
// preview.ImageMeta): TextureMeta (DDS), BTXMeta, TGAMeta, GridMeta (a walk
// grid with its report and legend) and GridDiffMeta (two grids compared).
// Their JSON is what the window reads; keys marked omitempty appear only
// when they apply (a volume texture's depth and z, a DDS's warning).
//
// Every failure names what is wrong and, where the format says, the offset;
// preview.RenderImage/RenderText add the archive and entry.
package render
