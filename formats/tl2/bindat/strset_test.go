package bindat

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
)

// refHashIDs is HashIDs.Assign's collision rule over given hashes: strings
// in sorted order, each moved up from its hash past taken ids and
// EmptyString.
func refHashIDs(strs []string, hashes []uint32) []uint32 {
	order := make([]int, len(strs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(strs[a], strs[b]) })
	ids := make([]uint32, len(strs))
	taken := map[uint32]bool{}
	for _, i := range order {
		id := hashes[i]
		for taken[id] || id == EmptyString {
			id++
		}
		taken[id] = true
		ids[i] = id
	}
	return ids
}

// probeRuns must give refHashIDs's ids, keys sorted by them, or decline
// only when a run reaches EmptyString.
func TestProbeRuns(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for iter := 0; iter < 20000; iter++ {
		n := 1 + r.Intn(40)
		base := uint32(r.Intn(1 << 20))
		if iter%10 == 0 {
			base = EmptyString - uint32(r.Intn(60))
		}
		spread := 1 + r.Intn(2*n)
		var c compiler
		seen := map[string]bool{}
		for len(c.strs) < n {
			s := fmt.Sprint(r.Intn(1000))
			if seen[s] {
				continue
			}
			seen[s] = true
			c.strs = append(c.strs, s)
			c.hashes = append(c.hashes, base+uint32(r.Intn(spread)))
		}
		want := refHashIDs(c.strs, c.hashes)
		ids := slices.Clone(c.hashes)
		keys := sortedKeys(nil, ids)
		if distinctIDs(keys) {
			continue
		}
		if !c.probeRuns(keys, ids) {
			last := slices.Max(want)
			if slices.Contains(c.hashes, EmptyString) || last >= EmptyString-uint32(n) || slices.Min(want) < base {
				continue // wrapped or near the reserved id: declining is allowed
			}
			t.Fatalf("declined hashes %v (ids %v)", c.hashes, want)
		}
		if !slices.Equal(ids, want) {
			t.Fatalf("hashes %v strs %v: ids %v, want %v", c.hashes, c.strs, ids, want)
		}
		if !slices.Equal(keys, sortedKeys(nil, want)) {
			t.Fatalf("keys not in id order: %x", keys)
		}
	}
}

// otherIDs hides HashIDs behind another type, so Compile takes its general
// path.
type otherIDs struct{}

func (otherIDs) Assign(strs []string) ([]uint32, error) { return HashIDs{}.Assign(strs) }

// The generated corpus has files whose strings collide under rg_hash; the
// default numbering must match HashIDs.Assign there too.
func TestCompileCollisionsMatchAssign(t *testing.T) {
	collided := 0
	for _, f := range pipelineCorpus(120, 5150) {
		root, err := dattext.Parse(f.rel, f.src)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Compile(f.rel, root, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Compile(f.rel, root, &Options{IDs: otherIDs{}})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: default numbering differs from HashIDs.Assign", f.rel)
		}
		dec, err := Decompile(f.rel, got, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range dec.Strings {
			if e.ID != rghash.Hash(e.Text) {
				collided++
				break
			}
		}
	}
	if collided == 0 {
		t.Fatal("no file with colliding strings: the test checks nothing")
	}
	t.Logf("%d files with colliding string hashes", collided)
}

// sortKeys must order keys as a plain sort does, at every size.
func TestSortKeys(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	var c compiler
	for iter := 0; iter < 3000; iter++ {
		ids := make([]uint32, r.Intn(300))
		mask := []uint32{0xFF, 0xFFFF, 0xFF00FF00, 0xFFFFFFFF, 0x0F}[r.Intn(5)]
		for i := range ids {
			ids[i] = r.Uint32() & mask
		}
		want := sortedKeys(nil, ids)
		if got := c.sortKeys(ids); !slices.Equal(got, want) {
			t.Fatalf("ids %x: %x, want %x", ids, got, want)
		}
	}
}

// collidingStrings returns n distinct strings with one rg_hash: blocks of
// two characters that collide, strung together (rg_hash is linear, so
// swapping a block for a colliding one keeps the hash).
func collidingStrings(t *testing.T, n int) []string {
	groups := map[uint32][]string{}
	var blocks []string
	for a := byte('!'); a <= '~' && blocks == nil; a++ {
		for b := byte(1); b < 0x80; b++ {
			if b == '\r' || b == '\n' {
				continue // would end the line
			}
			s := string([]byte{a, b})
			h := rghash.Hash(s)
			if groups[h] = append(groups[h], s); len(groups[h]) == 4 {
				blocks = groups[h]
				break
			}
		}
	}
	if blocks == nil {
		t.Fatal("no four colliding blocks")
	}
	out := []string{""}
	for len(out) < n {
		var next []string
		for _, s := range out {
			for _, b := range blocks {
				next = append(next, s+b)
			}
		}
		out = next
	}
	return out[:n]
}

// A file whose strings all share one rg_hash still compiles (the string
// set gives way to a map) and numbers its strings as HashIDs.Assign does.
func TestCompileHostileCollisions(t *testing.T) {
	strs := collidingStrings(t, 1024)
	h := rghash.Hash(strs[0])
	var b strings.Builder
	var order []string // first appearance
	seen := map[string]bool{}
	b.WriteString("[A]\r\n")
	for i, s := range strs {
		if rghash.Hash(s) != h {
			t.Fatalf("%q does not collide", s)
		}
		for _, v := range []string{s, strs[(i*7)%len(strs)]} {
			fmt.Fprintf(&b, "<STRING>S:%s\r\n", v)
			if !seen[v] {
				seen[v] = true
				order = append(order, v)
			}
		}
	}
	b.WriteString("[/A]\r\n")
	root, err := dattext.ParseText("H.DAT", b.String())
	if err != nil {
		t.Fatal(err)
	}
	got, err := Compile("H.DAT", root, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Compile("H.DAT", root, &Options{IDs: otherIDs{}})
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("default numbering differs from HashIDs.Assign (%v)", err)
	}
	seq, err := Compile("H.DAT", root, &Options{IDs: SequentialIDs{First: 1}})
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decompile("H.DAT", seq, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(dec.Strings) != len(order) {
		t.Fatalf("%d strings in the table, want %d", len(dec.Strings), len(order))
	}
	for i, e := range dec.Strings {
		if e.ID != uint32(i+1) || e.Text != order[i] {
			t.Fatalf("entry %d = %d %q, want %d %q", i, e.ID, e.Text, i+1, order[i])
		}
	}
}
