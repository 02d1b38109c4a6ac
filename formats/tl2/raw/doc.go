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
//	AFFIXES.RAW       MEDIA/AFFIXES/**/*.DAT (interleaved)     u16 n; n × { SS FILE, SS NAME↑, i32 MIN_SPAWN_RANGE,
//	                                                           i32 MAX_SPAWN_RANGE, i32 WEIGHT, i32 DIFFICULTIES_ALLOWED,
//	                                                           u8 k + k × SS UNITTYPES, u8 m + m × SS NOT_UNITTYPES }
//	SKILLS.RAW        MEDIA/SKILLS/**/*.DAT (interleaved)      u32 n; n × { SS NAME↑, SS FILE, i64 UNIQUE_GUID }
//	UNITDATA.RAW      MEDIA/UNITS/{ITEMS,MONSTERS,PLAYERS,     4 × { u32 n; n × { i64 UNIT_GUID, SS NAME↑, SS FILE,
//	                  PROPS}/**/*.DAT (interleaved)            u8 flags, i32 LEVEL, i32 MINLEVEL, i32 MAXLEVEL,
//	                                                           i32 RARITY, i32 RARITY_HC, SS UNITTYPE } }
//	MISSILES.RAW      MEDIA/MISSILES/**/*.LAYOUT (interleaved) u16 n; n × { SS FILE, u8 k + k × SS MISSILE NAME↑ }
//	TRIGGERABLES.RAW  MEDIA/TRIGGERABLES/**/*.DAT (files 1st)  u16 n; n × { SS FILE, SS NAME↑ }
//	UI.RAW            MEDIA/UI/MENUS/**/*.LAYOUT (files 1st)   u32 n; n × { SS MENU NAME, SS FILE, u32 TYPE,
//	                                                           u32 GAME STATE, u8 CREATE ON LOAD|ALWAYS VISIBLE,
//	                                                           u8 MULTIPLAYER ONLY, u8 SINGLEPLAYER ONLY, SS KEY BINDING }
//	ROOMPIECES.RAW    MEDIA/LEVELSETS/**/*.DAT with [PIECE]s   u32 n; n × SS FILE; then n × { u32 k, k × i64 GUID }
//	                  (files first)
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
//     chain: mod files first, then Options.Base (base-game data). Without
//     it, what cannot be resolved is 0/"" and listed in Result.Unresolved.
//   - MISSILES: every layout, with the MISSILE NAME of each Missile object.
//   - UI: one record per Menu Definition object without DO NOT CREATE; MENU
//     NAME keeps its case. TYPE and GAME STATE are enum indices
//     (MenuTypes, GameStates).
//
// The two scan orders: "interleaved" sorts files and folders of a folder
// together by name and recurses in place (a plain component-wise path
// sort); "files first" lists a folder's files, then its subfolders. Names
// compare upper-cased, ordinally, as NTFS lists them.
//
// # Generate
//
// Generate reads through the Source interface (path → parsed dattext tree
// or layout), so the packer can feed it compiled files from memory;
// MapSource and FSSource are ready-made sources.
package raw
