package modpack

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
)

func sampleCache(t testing.TB) *packCache {
	root, err := dattext.ParseText("UNIT.DAT", "[UNIT]\r\n\t<STRING>NAME:A\r\n\t<INTEGER64>UNIT_GUID:12\r\n\t[UNITTYPES]\r\n\t\t<STRING>UNITTYPE:1H SWORD\r\n\t[/UNITTYPES]\r\n\t[EMPTY]\r\n\t[/EMPTY]\r\n[/UNIT]\r\n")
	if err != nil {
		t.Fatal(err)
	}
	return &packCache{
		Format: cacheFormat, Options: "f2 level 6 strict false build go1.26", ModSize: 123456, ModTime: 1700000000123456789, Written: -5,
		Entries: map[string]cacheEntry{
			"MEDIA/UNITS/ITEMS/A.DAT": {Size: 400, MTime: 1700000000000000001, Hash: "0011223344556677", Key: "", CRC: 0xDEADBEEF,
				Findings: []Finding{{Severity: SevWarning, Stage: StageCompile, File: "MEDIA/units/items/a.dat", Line: 3, Message: "lower-case key"}},
				Pruned:   root},
			"MEDIA/MODELS/X.DDS": {Size: 1 << 20, MTime: 1, Hash: "0011223344556677", CRC: 7},
			"MEDIA/SKILLS/S.DAT": {Size: 0, MTime: 0, Hash: "ffffffffffffffff", Key: "ids 01234567/3", CRC: 0},
			"MEDIA/MISSILES/M.LAYOUT": {Size: 90, MTime: 2, Hash: "0123456789abcdef", CRC: 9,
				Lay: &layout.Layout{Version: 4, Objects: []*layout.Object{
					{Descriptor: rawDescriptors[0], ID: -7, Name: "Missile0", Props: []layout.Prop{{ID: 1, Value: []byte{3, 0, 'F', 0, 'I', 0}}, {ID: 200, Value: []byte{}}}},
					{Descriptor: rawDescriptors[1], ID: 1 << 62}}}},
			"MEDIA/MISSILES/EMPTY.LAYOUT":  {Size: 9, Hash: "0123456789abcdef", Lay: &layout.Layout{Version: 54}},
			"MEDIA/LAYOUTS/S/SCENE.LAYOUT": {Size: 10, Hash: "0123456789abcdef", Flags: cacheScenery},
		},
	}
}

// decoded is c with every record's findings and tree decoded and the
// file's bytes dropped: what a cache means, to compare two.
func decoded(t testing.TB, c *packCache) *packCache {
	t.Helper()
	out := *c
	out.syms = nil
	out.Entries = map[string]cacheEntry{}
	for n, ce := range c.Entries {
		if err := ce.decodeRest(); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		ce.raw, ce.rest, ce.syms = "", "", nil
		out.Entries[n] = ce
	}
	return &out
}

func TestCacheCodecRoundTrip(t *testing.T) {
	c := sampleCache(t)
	b := encodeCache(c)
	got, err := decodeCache(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(decoded(t, got), c) {
		t.Fatalf("round trip differs:\n got %+v\nwant %+v", decoded(t, got), c)
	}
	// Deterministic: the same cache gives the same bytes.
	if b2 := encodeCache(c); !bytes.Equal(b, b2) {
		t.Fatal("two encodings of one cache differ")
	}
	// Property types and keys are stored once: "STRING" is the type of
	// two properties, "UNITTYPES" both a section name and nothing else.
	if n := bytes.Count(b, []byte("STRING")); n != 1 {
		t.Fatalf("the type STRING is stored %d times, want 1", n)
	}
}

// A cache read back and written again copies its records (the bytes are
// the same, none decoded); a record changed since is encoded anew against
// the table extended with its new symbols, and the records kept still
// mean what they meant.
func TestCacheCodecKeepsRecordsAsRead(t *testing.T) {
	b := encodeCache(sampleCache(t))
	c, err := decodeCache(b)
	if err != nil {
		t.Fatal(err)
	}
	if again := assembleCache(c, encodeEntries(sortedEntries(c.Entries), c.syms, false)); !bytes.Equal(again, b) {
		t.Fatal("a cache written back as read is not the same bytes")
	}
	for n, ce := range c.Entries {
		if ce.rest == "" || ce.Findings != nil || ce.Pruned != nil {
			t.Errorf("%s: decoded before it was asked (rest %d bytes)", n, len(ce.rest))
		}
	}
	// One record changes: a finding whose stage is a symbol the table
	// lacks, and a new tree.
	root, _ := dattext.ParseText("S.DAT", "[SKILL]\r\n\t<STRING>NAME:S\r\n\t[NEWSECTION]\r\n\t[/NEWSECTION]\r\n[/SKILL]\r\n")
	s := c.Entries["MEDIA/SKILLS/S.DAT"]
	s.raw, s.rest, s.Findings, s.Pruned = "", "", []Finding{{Severity: SevInfo, Stage: "brand-new-stage", Message: "m"}}, root
	c.Entries["MEDIA/SKILLS/S.DAT"] = s
	body := encodeEntries(sortedEntries(c.Entries), c.syms, true)
	if len(body.syms.list) <= len(c.syms.list) || !reflect.DeepEqual(body.syms.list[:len(c.syms.list)], c.syms.list) {
		t.Fatalf("the table was not extended: %q after %q", body.syms.list, c.syms.list)
	}
	if !bytes.Contains(body.encoded, []byte(c.Entries["MEDIA/UNITS/ITEMS/A.DAT"].raw)) {
		t.Error("the unchanged record was not copied as it was")
	}
	next, err := decodeCache(assembleCache(c, body))
	if err != nil {
		t.Fatal(err)
	}
	want := sampleCache(t)
	want.Entries["MEDIA/SKILLS/S.DAT"] = cacheEntry{Size: s.Size, MTime: s.MTime, Hash: s.Hash, Key: s.Key, CRC: s.CRC, Findings: s.Findings, Pruned: root}
	if got := decoded(t, next); !reflect.DeepEqual(got, want) {
		t.Fatalf("after one record changed:\n got %+v\nwant %+v", got, want)
	}
	// Kept for Watch (keep): each entry holds its new record, under the
	// new table, so the next write copies them all.
	if again := assembleCache(c, encodeEntries(sortedEntries(body.entries), body.syms, false)); !bytes.Equal(again, assembleCache(c, body)) {
		t.Fatal("the records kept for the next pack are not written back as they are")
	}
}

// A record whose findings or tree do not decode (with the file's checksum
// made to fit) decodes as a cache, and refuses only that record's reuse.
func TestCacheCodecDamagedRecordRest(t *testing.T) {
	b := encodeCache(sampleCache(t))
	at := bytes.Index(b, []byte("lower-case key")) // A.DAT's finding message
	b[at-1] = 0x7F                                 // its length: more than the record holds
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	c, err := decodeCache(b)
	if err != nil {
		t.Fatal(err)
	}
	a := c.Entries["MEDIA/UNITS/ITEMS/A.DAT"]
	if err := a.decodeRest(); err == nil || !strings.Contains(err.Error(), "string with") {
		t.Fatalf("damaged findings: %v", err)
	}
	x := c.Entries["MEDIA/MODELS/X.DDS"]
	if err := x.decodeRest(); err != nil {
		t.Fatalf("an undamaged record: %v", err)
	}
}

func TestCacheCodecRefusesDamage(t *testing.T) {
	b := encodeCache(sampleCache(t))
	for n := 0; n < len(b); n++ {
		if _, err := decodeCache(b[:n]); err == nil {
			t.Fatalf("a cache cut to %d of %d bytes decoded", n, len(b))
		}
	}
	for i := range b {
		d := append([]byte(nil), b...)
		d[i] ^= 0x40
		if _, err := decodeCache(d); err == nil {
			t.Fatalf("a cache with byte %d flipped decoded", i)
		}
	}
	// A correct checksum over a lying count: refused by the count check,
	// before any allocation.
	lie := append([]byte(nil), cacheMagic...)
	lie = binary.AppendUvarint(lie, cacheFormat)
	lie = append(lie, 0)       // options ""
	lie = append(lie, 0, 0, 0) // sizes and times
	lie = binary.AppendUvarint(lie, 1<<40)
	lie = binary.LittleEndian.AppendUint32(lie, crc32.ChecksumIEEE(lie))
	_, err := decodeCache(lie)
	if err == nil || !strings.Contains(err.Error(), "count 1099511627776 is more than") {
		t.Fatalf("lying count: %v", err)
	}
	if _, err := decodeCache([]byte("gob data")); err == nil || err.Error() != "not a Packsmith pack cache" {
		t.Fatalf("foreign file: %v", err)
	}
}

func TestCacheCodecDepthLimit(t *testing.T) {
	deep := &dattext.Node{Name: "ROOT"}
	n := deep
	for i := 0; i < cacheMaxDepth+5; i++ {
		c := &dattext.Node{Name: "C"}
		n.Children = []*dattext.Node{c}
		n = c
	}
	c := &packCache{Format: cacheFormat, Entries: map[string]cacheEntry{"A.DAT": {Pruned: deep}}}
	got, err := decodeCache(encodeCache(c))
	if err != nil {
		t.Fatal(err)
	}
	a := got.Entries["A.DAT"]
	if err := a.decodeRest(); err == nil || !strings.Contains(err.Error(), "tree deeper than 200") {
		t.Fatalf("deep tree: %v", err)
	}
}

// FuzzCacheDecode: any bytes decode or fail with an error, never a panic;
// what decodes encodes and decodes to the same cache.
func FuzzCacheDecode(f *testing.F) {
	f.Add(encodeCache(sampleCache(f)))
	f.Add(encodeCache(&packCache{Format: cacheFormat}))
	f.Fuzz(func(t *testing.T, b []byte) {
		// The checksum would stop almost every mutation at the door:
		// fix it so the fuzzer reaches the decoder proper.
		if len(b) >= len(cacheMagic)+4 {
			binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		}
		// The head alone (cachedOutput) reads what the whole file's
		// decode reads, never more.
		h, herr := decodeHeadFields(b)
		c, err := decodeCache(b)
		if err == nil && (herr != nil || h.Format != c.Format || h.Options != c.Options || h.ModSize != c.ModSize || h.ModTime != c.ModTime || h.Written != c.Written) {
			t.Fatalf("the head alone reads %+v (%v), the whole file %+v", h, herr, c)
		}
		if err != nil || c.Format != cacheFormat {
			return
		}
		// Written back as read (records copied): it means the same.
		back, err := decodeCache(assembleCache(c, encodeEntries(sortedEntries(c.Entries), c.syms, false)))
		if err != nil {
			t.Fatalf("a cache written back as read does not decode: %v", err)
		}
		for n, ce := range c.Entries {
			if ce.decodeRest() != nil {
				delete(c.Entries, n) // a record a pack would compile again
				delete(back.Entries, n)
			}
		}
		if !reflect.DeepEqual(decoded(t, c), decoded(t, back)) {
			t.Fatal("a cache written back as read differs")
		}
		c2, err := decodeCache(encodeCache(decoded(t, c)))
		if err != nil {
			t.Fatalf("re-encoded cache does not decode: %v", err)
		}
		if !reflect.DeepEqual(decoded(t, c), decoded(t, c2)) {
			t.Fatal("re-encoded cache differs")
		}
	})
}

// encodeCache is the cache's bytes, entries in name order, made at once
// (a pack makes the entries part beside the write and puts the head on it
// after: packwrite.go).
func encodeCache(c *packCache) []byte {
	return assembleCache(c, encodeEntries(sortedEntries(c.Entries), nil, false))
}

// sortedEntries is entries in name order, for encodeEntries.
func sortedEntries(entries map[string]cacheEntry) []namedEntry {
	var list []namedEntry
	for _, n := range slices.Sorted(maps.Keys(entries)) {
		ce := entries[n]
		list = append(list, namedEntry{n, &ce})
	}
	return list
}

// assembleCache is writeCache's bytes.
func assembleCache(c *packCache, body cacheBody) []byte {
	var b bytes.Buffer
	writeCache(&b, c, body)
	return b.Bytes()
}

// entries pairs the feed's records with the writer's blocks in one pass
// (the walk grids and RAW indices between have none), each taking its
// block's CRCs; records that do not follow the blocks' order make no
// cache at all rather than one without CRCs.
func TestEntriesPairRecordsWithBlocks(t *testing.T) {
	written := []mod.WrittenBlock{
		{Path: "MEDIA/A.OGG", CRC32: 1, PayloadCRC32: 11},
		{Path: "MEDIA/LEVELS/X.MPP", CRC32: 2, PayloadCRC32: 12},
		{Path: "MEDIA/UNITS/B.DAT", CRC32: 3, PayloadCRC32: 13},
		{Path: "MEDIA/UNITDATA.RAW", CRC32: 4, PayloadCRC32: 14},
	}
	s := &incState{on: true}
	s.keep("MEDIA/A.OGG", &cacheEntry{Size: 5, Hash: "a"})
	s.keep("MEDIA/UNITS/B.DAT", &cacheEntry{Size: 6, Hash: "b"})
	body := s.entries(written)
	if body.err != nil {
		t.Fatal(body.err)
	}
	c, err := decodeCache(assembleCache(&packCache{Format: cacheFormat}, body))
	if err != nil {
		t.Fatal(err)
	}
	got := decoded(t, c).Entries
	if len(got) != 2 || got["MEDIA/A.OGG"].CRC != 1 || got["MEDIA/A.OGG"].Payload != 11 ||
		got["MEDIA/UNITS/B.DAT"].CRC != 3 || got["MEDIA/UNITS/B.DAT"].Payload != 13 {
		t.Fatalf("paired entries: %+v", got)
	}
	out := &incState{on: true}
	out.keep("MEDIA/UNITS/B.DAT", &cacheEntry{Size: 6, Hash: "b"})
	out.keep("MEDIA/A.OGG", &cacheEntry{Size: 5, Hash: "a"})
	if body := out.entries(written); body.err == nil || !strings.Contains(body.err.Error(), "1 of 2 records did not pair with a written block (at MEDIA/A.OGG)") {
		t.Fatalf("records out of the blocks' order: err %v", body.err)
	}
}
