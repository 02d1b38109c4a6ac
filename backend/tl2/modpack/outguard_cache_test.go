package modpack

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCachedOutputReadsTheHeadOnly: the output guard tells the .MOD the
// last pack wrote from the cache's head, without reading (or checking)
// the rest, which openIncremental reads beside the walk; a watch session's
// cache answers without the file.
func TestCachedOutputReadsTheHeadOnly(t *testing.T) {
	dir := thingsMod(t, 20)
	out := filepath.Join(t.TempDir(), "X.MOD")
	if _, err := Pack(context.Background(), dir, Options{Output: out, Incremental: true, GameVersion: "1.25.5.6"}); err != nil {
		t.Fatal(err)
	}
	cacheFile := CacheFile("", out)
	whole, err := os.ReadFile(cacheFile)
	if err != nil {
		t.Fatal(err)
	}
	if !cachedOutput(nil, "", out) {
		t.Fatal("the .MOD the last pack wrote is not ours")
	}
	// The head is enough: the file cut after it (the checksum at the end
	// gone) still says whose the .MOD is.
	c, err := decodeCache(whole)
	if err != nil {
		t.Fatal(err)
	}
	headLen := len(encodeHead(c))
	if headLen >= len(whole)-4 {
		t.Fatalf("head %d bytes of a %d-byte cache", headLen, len(whole))
	}
	os.WriteFile(cacheFile, whole[:headLen], 0o644)
	if !cachedOutput(nil, "", out) {
		t.Fatal("with the head only, the .MOD is not ours")
	}
	// A head that names another size, another format, or no cache at all.
	for name, b := range map[string][]byte{
		"other size":   encodeHead(&packCache{Format: c.Format, Options: c.Options, ModSize: c.ModSize + 1, ModTime: c.ModTime}),
		"other format": encodeHead(&packCache{Format: c.Format + 1, Options: c.Options, ModSize: c.ModSize, ModTime: c.ModTime}),
		"cut short":    whole[:headLen-1],
		"not a cache":  []byte("PK\x03\x04 something else entirely"),
	} {
		os.WriteFile(cacheFile, b, 0o644)
		if cachedOutput(nil, "", out) {
			t.Errorf("%s: the .MOD counts as ours", name)
		}
	}
	// Options longer than the first read: the head is read whole.
	long := &packCache{Format: cacheFormat, Options: strings.Repeat("o", 2*cacheHeadRead), ModSize: c.ModSize, ModTime: c.ModTime}
	os.WriteFile(cacheFile, assembleCache(long, cacheBody{}), 0o644)
	if got, err := readCacheHead(cacheFile); err != nil || got.Options != long.Options || got.ModTime != c.ModTime {
		t.Fatalf("a %d-byte head: %v", len(encodeHead(long)), err)
	}
	if !cachedOutput(nil, "", out) {
		t.Error("with a long head, the .MOD is not ours")
	}

	// A watch session's cache answers without the file.
	os.Remove(cacheFile)
	ws := &watchSession{}
	ws.cache, ws.cacheAt = c, out
	if !cachedOutput(ws, "", out) {
		t.Fatal("with the session's cache, the .MOD is not ours")
	}
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(out, old, old)
	if cachedOutput(ws, "", out) {
		t.Fatal("a .MOD whose time changed is still the session's")
	}
}

// encodeHead is a cache file's head as assembleCache writes it (magic to
// the write time), for c.
func encodeHead(c *packCache) []byte {
	b := assembleCache(&packCache{Format: c.Format, Options: c.Options, ModSize: c.ModSize, ModTime: c.ModTime, Written: c.Written}, cacheBody{})
	return b[:len(b)-4-1] // the checksum, and the symbol table's count (0)
}
