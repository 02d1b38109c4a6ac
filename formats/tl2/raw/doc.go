// Package raw reads, writes and generates Torchlight II's seven RAW
// indices: the tables the game reads at startup instead of walking MEDIA/.
//
// # Byte layout
//
// Little-endian; SS = u16 count of UTF-16 code units + the units. Paths
// are "MEDIA/…", upper case. Each file is written only when it has at
// least one record.
//
//	file              source scan                              layout
//	AFFIXES.RAW       MEDIA/AFFIXES/**/*.DAT                   u16 n; n × { SS FILE, SS NAME↑, i32 MIN_SPAWN_RANGE,
//	                                                           i32 MAX_SPAWN_RANGE, i32 WEIGHT, i32 DIFFICULTIES_ALLOWED,
//	                                                           u8 k + k × SS UNITTYPES, u8 m + m × SS NOT_UNITTYPES }
//	SKILLS.RAW        MEDIA/SKILLS/**/*.DAT                    u32 n; n × { SS NAME↑, SS FILE, i64 UNIQUE_GUID }
//	UNITDATA.RAW      MEDIA/UNITS/{ITEMS,MONSTERS,PLAYERS,     4 × { u32 n; n × { i64 UNIT_GUID, SS NAME↑, SS FILE,
//	                  PROPS}/**/*.DAT                          u8 flags, i32 LEVEL, i32 MINLEVEL, i32 MAXLEVEL,
//	                                                           i32 RARITY, i32 RARITY_HC, SS UNITTYPE } }
//	MISSILES.RAW      MEDIA/MISSILES/**/*.LAYOUT               u16 n; n × { SS FILE, u8 k + k × SS MISSILE NAME↑ }
//	TRIGGERABLES.RAW  MEDIA/TRIGGERABLES/**/*.DAT              u16 n; n × { SS FILE, SS NAME↑ }
//	UI.RAW            MEDIA/UI/**/*.LAYOUT                     u32 n; n × { SS MENU NAME, SS FILE, u32 TYPE,
//	                                                           u32 GAME STATE, u8 CREATE ON LOAD|ALWAYS VISIBLE,
//	                                                           u8 MULTIPLAYER ONLY, u8 SINGLEPLAYER ONLY, SS KEY BINDING }
//	ROOMPIECES.RAW    MEDIA/LEVELSETS/**/*.DAT with [PIECE]s   u32 n; n × SS FILE; then n × { u32 k, k × i64 GUID }
//
// Record details:
//
//   - AFFIXES: absent values default to MIN_SPAWN_RANGE 0, MAX_SPAWN_RANGE
//     999999, WEIGHT 1, DIFFICULTIES_ALLOWED -1; unit types come from the
//     [UNITTYPES] and [NOT_UNITTYPES] sections.
//   - SKILLS: only skills with a non-empty NAME.
//   - UNITDATA: the four categories in that order; units with DONTCREATE
//     true are skipped; flags bit0 = CREATEAS EQUIPMENT, bit1 = has a SET.
//     UNITTYPE, LEVEL, MINLEVEL, MAXLEVEL, RARITY, RARITY_HC, CREATEAS and
//     SET are taken from the unit or, failing that, from its BASEFILE
//     chain: mod files first, then Options.Base (base-game data). What
//     neither sets gets GUTS's defaults: LEVEL 1, RARITY 1, RARITY_HC =
//     RARITY, MINLEVEL and MAXLEVEL 0, UNITTYPE "", no flags. The defaults
//     are inferred from the fixtures, not documented: GUTS's UNITDATA.RAW
//     in XOVER (3 players) and CYBER_MOD (57 units), whose chains end in
//     base-game files the mods lack, hold exactly these values wherever
//     the mod's files set nothing. A chain that leaves the mod and cannot
//     be read is listed in Result.Unresolved with the fields it left to
//     these defaults, which are then guesses (base data fixes them).
//     A BASEFILE that resolves nowhere (outside MEDIA/, as the typo
//     mmedia/units/… in two real GUTS builds; or absent from the mod and
//     from Options.Base when Options.Nowhere says so) leaves the unit out, as
//     GUTS leaves it: Unresolved.Dropped, with the BASEFILE's file and line.
//   - MISSILES: every layout, with the MISSILE NAME of each Missile object.
//   - UI: one record per Menu Definition object without DO NOT CREATE, in
//     any layout below MEDIA/UI/ (GUTS lists MEDIA/UI/INGAMEMENUS/'s too,
//     not only MEDIA/UI/MENUS/'s); MENU NAME keeps its case. TYPE and GAME STATE are enum indices
//     (MenuTypes, GameStates).
//
// # Record order
//
// Records come in the order GUTS finds the source files: a depth-first
// walk of MEDIA in which, in every folder, its files come first, sorted by
// name, then its subfolders, sorted likewise, each walked the same way
// before the next. UNITDATA walks its four category folders in the order
// above, which is also their name order. For example
//
//	SKILLS/FUNGUS/SPORE_AOE.DAT                 a file of FUNGUS: first
//	SKILLS/FUNGUS/FUNGUS_YELL/FUNGUS_SPOURS.DAT then the subfolder, though
//	                                            FUNGUS_YELL < SPORE_AOE.DAT
//
// Names compare upper-cased, byte by byte (ordinally), as NTFS lists them:
// "A_B" sorts after "A.B" and "A B" before both.
//
// Evidence: 79 RAW files of 30 GUTS-built .MODs (a released mod of 489
// files and 29 GUTS builds of another mod), measured for issue 23. This rule
// explains the order of all 79. The rule used before (for AFFIXES, SKILLS,
// UNITDATA and MISSILES, a plain component-wise sort in which a subfolder
// is walked where its name sorts among the files) fails the released
// mod's SKILLS.RAW, which lists FUNGUS/SPORE_AOE.DAT before
// FUNGUS/FUNGUS_YELL/FUNGUS_SPOURS.DAT. The two fixture .MODs cannot
// tell the rules apart: every RAW of both (XOVER: AFFIXES, SKILLS,
// TRIGGERABLES, UI, UNITDATA; CYBER_MOD: UI, UNITDATA, ROOMPIECES) comes
// out byte-identical under either (this package's fixture tests and
// backend/modunpack's round-trip tests).
// TestRecordOrderFilesBeforeFolders holds a folder with files and
// subfolders side by side for all seven indices.
//
// # Text
//
// Text prints an index as the preview shows it (GUTS has no source form for
// a RAW): a summary line "UNITDATA.RAW: 3 records", a blank line, a header
// naming Table's columns, then one row per record (ROOMPIECES: one per
// piece, the file repeated; a file without pieces has its GUID empty),
// columns at least two spaces apart. Lists (UNITTYPES, MISSILE NAMES) are
// joined with ", ", UNITDATA's flags are EQUIPMENT and SET true/false, and
// UI.RAW's TYPE and GAME STATE are "NAME (n)", or n when unnamed.
//
// ParseText (Compile: then Encode) reads that text back, as edited:
//
//   - UTF-8 or UTF-16, with or without BOM, LF or CRLF; blank lines are
//     skipped; the summary line is optional and its count is not read (rows
//     count), but a summary naming another index is refused, and so is a
//     header that is not this index's (case and spacing aside).
//   - A line splits into cells at a tab or at two or more spaces (one space
//     belongs to the value: "MENU NAME", "TEST MENU (1)"). Cells go to the
//     columns in order; when there are fewer cells than columns (an empty
//     value prints no cell) or more (a value holding two spaces), the
//     fewest repairs win (a text column left empty, then two cells read as
//     one, then a number column left empty or given text), and among equal
//     repairs the cells' positions below the header decide: typing in a
//     cell moves the rest of its line by what the cell grew or shrank,
//     which is at most its length and at most what its column (its width,
//     the longest text of its type) held. An unedited line reads exactly
//     as printed; a line whose cells fill every column in order, each
//     fitting its type, reads so however it is spaced.
//   - Numbers as GUTS reads those of the sources the records come from
//     (formats/tl2/dattext, C numbers): a number with trailing text counts
//     its leading number, out of range saturates, each with a warning; a
//     value with no leading number is an error, as it is far likelier a
//     value in the wrong column than a 0. TYPE and GAME STATE take "NAME
//     (n)", n or NAME (any case); a name that contradicts its number is an
//     error. UNITDATA's CATEGORY is ITEMS, MONSTERS, PLAYERS or PROPS (any
//     case); rows of a category keep their order whatever lines lie
//     between. EQUIPMENT and SET take true/false (any case), 0 or 1.
//   - Errors and warnings name the text and line ("UNITDATA.RAW:12: LEVEL:
//     …"); every error is reported (up to 50), in a *TextError.
//
// What the table cannot carry: a value with leading or trailing spaces, a
// tab or a line break; a list name holding a comma; UNITDATA flag bits
// other than the two. No GUTS-built index has any (the fixtures' 14 and
// the demo's 8 RAW files print to tables that compile to their own bytes).
//
// # Generate
//
// Generate reads through the Source interface (path → parsed dattext tree
// or layout), so the packer can feed it compiled files from memory;
// MapSource is a ready-made source (the tests read folders through an
// fs.FS one, FSSource).
package raw
