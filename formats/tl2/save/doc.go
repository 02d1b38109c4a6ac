/*
Package save reads and writes Torchlight II character saves (.SVB, in the
user folder's save/ and modsave/), as far as the mods a character is bound
to need: the envelope byte for byte, the start of the body, the three mod
lists, and the place of every mod-id list the player, the pets and their
items carry. Moving a character from one mod to another rewrites those and
nothing else. It is a pure codec: no file policy.

The facts come from the research notes (shared spec tl2-saves.md: the
envelope and mod lists checked on real saves) and, for the unit and item
blocks, from the layout a public save editor (TL2Lib) reads; no code is
taken from it.

# Envelope

All integers are little-endian.

	offset  size  field                      versions
	0       u32   save version               0x38–0x44 (0x44: the last patch)
	4       u8    scramble flag, 0 = plain   from 0x3B
	5       u32   checksum of the plain body from 0x41
	HeaderLen     body                       to size−4
	size−4  u32   footer: the file's size    0x44 (a real 0x40 save holds size−4)

HeaderLen is 4, 5 (0x3B–0x40) or 9 (0x41 on). The footer's two forms are
both read and written back as found (Container.FooterMinus4); New picks
size−4 below 0x41 and size from 0x41: only 0x40 and 0x44 were seen.

Checksum: h = 0x14D3; for each plain body byte x: h = h + h<<5 + x (mod 2³²).

Scramble, when the flag is not 0. flip(x) is x XOR 0xFF except for 0x00
and 0xFF, which stay.

	0x3D on (nibble):     for lo from the front and hi from the back while
	                      lo ≤ hi, with a = body[lo], b = body[hi]:
	                      plain[lo] = flip(a>>4 | b<<4), plain[hi] = flip(a<<4 | b>>4)
	                      (the middle byte of an odd body is both a and b)
	0x3B–0x3C (alternate): plain[i] = flip(stored[j]) with j = 0, n−1, 1, n−2, …

The nibble scramble was checked on real 0x40 and 0x44 saves; the
alternate one is read as the notes describe it (no real 0x3B–0x3C save
was at hand), as a permutation, not in place.

# Body

SS is a string: u16 count of UTF-16LE code units, then the units. ID is an
i64. A "list of X" is a u32 count then the X.

	SS    class ("Hum_Wanderer_F")
	u32   difficulty; u8 hardcore; u32 new game plus; u8 retired; f32 game time
	list of {ID movie; u32 times}                               12 bytes each
	3 × list of {ID mod; u16 version (0x44 on)}   from 0x43: bound, recent, full
	unit  the player
	u16 n; n × 11 bytes key mapping; u16 n; n × 16 bytes function keys
	list of u32 statistics
	SS area; SS waypoint; u32; 12 bytes coordinate
	u8 portal open; 12 bytes coordinate; SS portal map; u32
	list of unit: pets and allies
	…     maps, quests, skill history, recipes, the last block: not parsed

A unit (the player's "PLAYER" string and cheat byte are only in the player):

	u32   block size (what follows)
	u8    sign (0x42 on); u8; u8 hidden; ID class; ID base class; ID runtime; u8
	                                    ← Object.GUID: the base class, the
	                                      class when that is -1 or 0
	u8    wardrobe; when not 0: 12 × u32 (face … boots)
	u32; u8 enabled; u8; u8; [u8 cheat: player]; u8 AI type
	5 × 4 bytes (times, action, alignment, scale); 3 × ID; u32
	SS name; SS suffix; [SS "PLAYER": player]
	2 × u32; 76 bytes position and rotation; 16 × 4 bytes level … skill points
	6 × ID mouse skills; list of {ID; u32} skills; 4 × {SS spell; u32 level}
	7 × u32 armour; 5 × u32 attributes and gold; 16 bytes; u8 skin
	list of ID   the unit's mod ids                       ← rewritten by Rebind
	list of item
	…     effects, augments, stats: skipped by the block size

An item (sockets nest items; MaxDepth caps the nesting):

	u8 sign; ID item (its unit GUID: Object.GUID); SS name; SS prefix; SS suffix; 24 bytes
	list of ID   the item's mod ids                       ← rewritten by Rebind
	u8; 3 × ID; u32; u32 enchantments; u32 stash place; 7 flag bytes
	12 bytes coordinate; 76 bytes position and rotation; u32 level
	u32 stack; u32 sockets; list of item (the socketed)
	u32; u32 damage; u32 armour; u32 armour type; ID quest; u32
	u16 n; n × 12 bytes damage bonuses
	3 × list of effect; list of SS augments; list of {ID; u32} stats

An effect: u32 flags; SS name; SS link (flag 0x800); SS graph (0x100);
SS particles (0x1000); ID unit theme (0x2000); u8 n; n × f32; u16 n;
n × 12 bytes; 8 × 4 bytes; u8 n; n × 2 bytes icon (0x20000).

# Moving

Rebind rewrites the bound list, the histories (the new mod put in front
when they lack it) and every object's mod-id list, and gives each unit
block whose length changed its new size. Rebind is the general case: the
moved-from ids replaced by several mods in the bound list, each object's
by the one a function picks from its GUID (the way back from a combined
mod to the mods it holds: the one providing the object's unit).

# What is not parsed

Everything after the pets: the maps (with the monsters, props and dropped
items on them, which carry mod ids too), the quests and the rest. Their
layout is not known well enough to find the lists; they stay bytes, Rebind
copies them unchanged and counts the moved-from ids still in them
(MoveReport.Left). The shared stash is another file, not read here.

# Errors

A *FormatError names the file (Options.Name), the block, the offset (of
the file in the envelope, of the plain body after it) and wraps one of
ErrVersion, ErrTruncated, ErrFooter, ErrChecksum, ErrTooLarge. Every count
is checked against the bytes left before anything is allocated for it;
Options cap the file size, the objects read and the socket nesting.
*/
package save
