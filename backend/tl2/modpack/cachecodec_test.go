package modpack

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"reflect"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
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
		},
	}
}

func TestCacheCodecRoundTrip(t *testing.T) {
	c := sampleCache(t)
	b := encodeCache(c)
	got, err := decodeCache(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) {
		t.Fatalf("round trip differs:\n got %+v\nwant %+v", got, c)
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
	_, err := decodeCache(encodeCache(c))
	if err == nil || !strings.Contains(err.Error(), "tree deeper than 200") {
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
		c, err := decodeCache(b)
		if err != nil || c.Format != cacheFormat {
			return
		}
		c2, err := decodeCache(encodeCache(c))
		if err != nil {
			t.Fatalf("re-encoded cache does not decode: %v", err)
		}
		if !reflect.DeepEqual(c, c2) {
			t.Fatal("re-encoded cache differs")
		}
	})
}

// encodeCache is the cache's bytes, entries in name order, made at once
// (a pack makes the entries part beside the write and puts the head on it
// after: packwrite.go).
func encodeCache(c *packCache) []byte {
	return assembleCache(c, encodeEntries(c.Entries))
}
