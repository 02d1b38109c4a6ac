/*
Package mod reads, checks and writes Torchlight II containers: the .MOD
file a mod ships as, and the DATA.PAK + DATA.PAK.MAN pair the game keeps
its own files in. It is a pure codec: no file policy, no UI.

# Layout of a .MOD

All integers are little-endian. SS is a string: a u16 count of UTF-16
code units, then that many UTF-16LE units, no terminator. Strings are
returned as WTF-8, so lone surrogates survive a read/write unchanged.

	+------------------+  offset 0
	| header           |
	+------------------+  offData (= header length)
	| data section     |  8-byte head, then one block per file
	+------------------+  offMan
	| manifest         |  the file tree, to the end of the file
	+------------------+

Header, version 4 (the one GUTS writes and Writer writes):

	u16  version      1–4
	u16  modver       GUTS stores MOD.DAT VERSION + 1
	u16×4 gamever     major, minor, build, revision (1.25.5.6)
	u32  offData
	u32  offMan
	SS   title, author, description, website, download URL
	i64  mod id       signed: activation is keyed on it
	u32  flags        0 everywhere seen
	u64  reqHash      fingerprint of REQUIRED_MODS (see ReqHash)
	u16  n; n × { SS name; i64 mod id; u16 version }   REQUIRED_MODS
	u16  n; n × SS path                                 REMOVE_FILES

Older versions differ: versions 1–3 have no gamever; version 1 has,
after modver, (modver+1) × { u64 GUID; u8 major } and no version in
REQUIRED_MODS items; versions 1–2 have no REMOVE_FILES.

Data section. For a .MOD it is [offData, offMan); a DATA.PAK is nothing
but a data section.

	u32  maxCompressedBlockSize   largest compressed size below
	u32  rollingHash              the one hash the game checks
	blocks, each: u32 size; u32 compressed size (0 = stored raw); bytes

A block is one file: a zlib stream, or the raw bytes when its compressed
size is 0. GUTS stores .JPG files and any block of 0x1900000 bytes or
more; everything else is compressed. Blocks need not follow manifest
order (GUTS interleaves them), so readers follow each record's offset.

rollingHash samples the data section of N bytes (the bytes from the
start of its head to offMan, or the whole DATA.PAK):

	divisor = 25 + ((hi32(N) + lo32(N)·0x29777B41) mod 2³²) mod 51
	stride  = max(2, N / divisor)
	h = N
	for off = 8; off < N; off += stride: h = h·33 + int8(data[off])
	h = h·33 + int8(data[N−1])                     (all mod 2³²; N ≤ 8 → 0)

A wrong value makes the game drop the mod without a word: it stays ticked
in the launcher and nothing appears in game.

Manifest (at offMan in a .MOD; the whole DATA.PAK.MAN file for a PAK):

	u16  version      0–2; the game rejects anything above 2
	u32  mhash        version 2 only; never checked by the game
	SS   root         "MEDIA/"
	u32  fileCount    a capacity hint the game ignores
	u32  dirCount
	dirCount × {
	    SS   directory path            "MEDIA/UNITS/"
	    u32  n
	    n × { u32 crc32; u8 type; SS name; u32 offset; u32 size; u64 filetime }
	}

crc32 is the IEEE CRC-32 of the uncompressed bytes, size their length,
offset the block's position relative to the data section (the first
block is at 8), filetime the source's mtime as a Windows FILETIME. Type 7
records are folder placeholders ("SUB/", zero fields), not files; see
FileType for the other codes.

GUTS writes directories in this order, and Writer does the same: in a .MOD
first "" holding the one placeholder MEDIA/ (a DATA.PAK.MAN starts at
MEDIA/); then every directory that directly holds files, sorted by UTF-16
path, listing only its files; then every directory that has
subdirectories, sorted, listing only placeholders for them. A path such
as MEDIA/ therefore appears twice; Reader merges repeated directories.

Stored names must be upper case: the game upper-cases the path it looks
for and compares it with the stored name as is, so a lower-case name is
never found. GUTS upper-cases ASCII only, as does Writer.

mhash samples the finished manifest bytes from offset 0 with a step GUTS
draws at random in 15..25 (Writer uses DefaultMHashStep):

	h = 0x202A
	for off = 0; off < len; off += step: h = h·33 + int8(manifest[off])

# Hashes

reqHash folds REQUIRED_MODS with MurmurHash64B (32-bit seed variant):
acc = 34832; for each (id, version): t1 = H(id as u64, 0x22D0);
t2 = H(version as u16, lo32(t1)); acc = H(t2 as u64, lo32(acc)). An empty
list gives 0. GUTS also folds in the installed dependencies' own reqHash,
which offline tools cannot see, so only flat dependencies recompute.

# Using the package

NewReader and NewPakReader list an archive from its header and manifest
only; Reader.Open inflates one entry on demand and checks its size and
CRC-32 at the end. Options cap what a lying header can make the reader
allocate. Reader.Check and Reader.Verify report findings worded for a
player. NewWriter and NewPakWriter stream entries through a pool of
compressors with bounded memory and fill in offsets and hashes on Close;
Writer.CopyRaw copies an existing block without recompressing it, which
lets an unchanged GUTS .MOD be repacked byte for byte; blocks copied in
the order they lie in their source are gathered into runs and copied with
one read each (copyrun.go).
*/
package mod
