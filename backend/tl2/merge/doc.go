// Package merge merges Torchlight II text sources three ways: the game's own
// version of a file (the base) against the versions several mods ship, in
// load order. It works on parsed trees (formats/tl2/dattext), never on lines,
// so a mod that inserts a line does not shift what another mod changed.
//
// # What is matched with what
//
//   - A block ([NAME]…[/NAME]) is matched among its parent's children by its
//     identity: a LAYOUT object ([BASEOBJECT]) by the ID of its [PROPERTIES];
//     other blocks by the first of ID, GUID, UNIT_GUID, UNIQUE_GUID, NAME, FILE
//     that every same-named sibling has with distinct values; else by its
//     place among the siblings of the same name ([AFFIX] #2).
//   - A property is matched by its key within its block. A key that appears
//     once in every version is a value; a key repeated in any version is a
//     sequence, merged element by element (what each mod removed from the
//     base is removed, what each mod added is added once), so two mods adding
//     UNITTYPEs both keep theirs.
//
// A LAYOUT object a mod deleted and made again under a new id (the editor
// gives a pasted or re-made object a new ID) is matched to the base's
// object it stands for by what it is: in that mod's version, a base object
// it lacks and an object it added with the same DESCRIPTOR and NAME (the
// only such pair, else the ones equal apart from the ID) are one object,
// merged as that mod's copy; its new ID is a change like any other
// (recreate.go).
//
// # Values
//
// Values are compared by what the game reads, never by spelling
// (value.go): numbers as the C runtime GUTS uses reads them (the leading
// number counts: INTEGER `12abc` is 12; FLOAT narrowed to 32 bits, so
// `1e-005` is `1e-05` and `1.0` is `1`; BOOL true/false or its number);
// a LAYOUT STRING that the layout schema says is a curve or a list of
// numbers (a particle's `0,1e-005`) item by item; every other text byte
// for byte. This decides what changed, what agrees, and how repeated
// values are counted; Same tells whether two versions of a file are one
// to the game (mergepatch leaves out a file whose merge is the first
// mod's copy).
//
// # Rules
//
// A change is what a mod's version differs from the base in. A change one mod
// made is kept; the same change made by several mods is one change. Where two
// or more mods changed the same value (or the same block: one removed it,
// another changed it, or both added different blocks under one identity) in
// different ways, the mod first in the load order wins and the place is a
// Conflict, carrying each mod's value and the base's, and its Losers: the
// mods whose change there is not in the merge. Options.Winners names
// another winner for a conflict, by its Key.
//
// Where only one mod (or several, identically) changed a block's properties,
// that version's property list is taken as it is, order included; only blocks
// whose properties two mods changed differently are rebuilt key by key (base
// keys in base order, each key's values together, then new keys in load
// order). Children keep the base order; a block a mod added follows the block
// it follows in that mod.
//
// A LAYOUT's root COUNT (its number of objects) is derived: never a conflict,
// recomputed from the merged objects.
//
// Merge never modifies its inputs; the result shares unchanged subtrees with
// them. A file absent from the base merges against an empty root.
package merge
