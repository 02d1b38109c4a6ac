package bindat

import (
	"slices"
	"strings"
)

// strSet maps a string to its position in compiler.strs. It is keyed by the
// string's rg_hash, which Compile needs anyway for HashIDs, so no other hash
// is computed; the slots carry a generation stamp so a pooled set is reused
// without clearing.
type strSet struct {
	slots []uint64 // gen<<32 | position; a slot stamped with another generation is empty
	gen   uint32   // never 0, the stamp of fresh slots
	shift uint     // 32 - log2(len(slots))
	n     int      // strings in this generation
}

const strSetMin = 64

// strSetMaxProbe bounds a search. rg_hash collisions are easy to make, and
// a file of strings sharing one hash would make every search walk all of
// them; past this many slots the compile goes on with a map instead.
const strSetMaxProbe = 64

// find returns the position of s (hash h) in strs, or -1 and the slot to
// add it at; the slot is -1 when the search ran past strSetMaxProbe.
func (t *strSet) find(strs []string, hashes []uint32, s string, h uint32) (slot, i int) {
	if len(t.slots) == 0 {
		t.slots, t.shift, t.gen = make([]uint64, strSetMin), 32-6, 1 // 2^6 slots
	}
	mask := len(t.slots) - 1
	// Multiplying spreads the hash: rg_hash's low bits mostly come from
	// the last characters, which values tend to share ("….DAT").
	p := int(h * 0x9E3779B1 >> t.shift)
	for range strSetMaxProbe {
		v := t.slots[p]
		if uint32(v>>32) != t.gen {
			return p, -1
		}
		j := int(uint32(v))
		if hashes[j] == h && strs[j] == s {
			return p, j
		}
		p = (p + 1) & mask
	}
	return -1, -1
}

// add records position i (whose hash is hashes[i]) at the slot find gave,
// growing the set to keep it at most half full.
func (t *strSet) add(hashes []uint32, slot, i int) {
	t.slots[slot] = uint64(t.gen)<<32 | uint64(i)
	t.n++
	if 2*t.n <= len(t.slots) {
		return
	}
	t.slots = make([]uint64, 2*len(t.slots))
	t.shift--
	mask := len(t.slots) - 1
	for j, h := range hashes[:t.n] {
		p := int(h * 0x9E3779B1 >> t.shift)
		for uint32(t.slots[p]>>32) == t.gen {
			p = (p + 1) & mask
		}
		t.slots[p] = uint64(t.gen)<<32 | uint64(j)
	}
}

// slowIndex is the set's stand-in once its probes run long: the position
// of s in c.strs by map, or -1.
func (c *compiler) slowIndex(s string) int {
	if c.slow == nil {
		c.slow = make(map[string]int, 2*len(c.strs))
		for j, s := range c.strs {
			c.slow[s] = j
		}
	}
	if i, ok := c.slow[s]; ok {
		return i
	}
	return -1
}

// remember records that c.strs[i] is s, at the slot find gave.
func (c *compiler) remember(s string, slot, i int) {
	if c.slow != nil {
		c.slow[s] = i
		return
	}
	c.set.add(c.hashes, slot, i)
}

// reset empties the set by moving to the next generation.
func (t *strSet) reset() {
	t.n = 0
	if t.gen++; t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

// probeRuns turns sorted keys (hash<<32 | position) of distinct strings
// whose hashes collide into the ids HashIDs.Assign gives, in ids and keys
// (then sorted by id). HashIDs takes the strings in sorted order and moves
// each up from its hash to the first free id: linear probing, where the
// ids that end up taken do not depend on the order, so a string only ever
// meets the strings of its own run (the hashes that, probed, fill one
// stretch of ids) and each run can be settled on its own, none of them
// needing a map. Runs that reach EmptyString, where HashIDs skips the
// reserved id and wraps, are left to HashIDs: probeRuns then returns false
// (and ids and keys are to be recomputed).
func (c *compiler) probeRuns(keys []uint64, ids []uint32) bool {
	for a := 0; a < len(keys); {
		start := keys[a] >> 32
		end, dup := start, false // the run takes ids start..end
		b := a + 1
		for ; b < len(keys) && keys[b]>>32 <= end+1; b++ {
			dup = dup || keys[b]>>32 == keys[b-1]>>32
			end++
		}
		if end >= EmptyString {
			return false
		}
		if dup {
			c.settleRun(keys[a:b], ids, uint32(start))
		}
		a = b
	}
	return true
}

// settleRun gives the strings of one run (their keys, sorted by hash) the
// ids start, start+1, … as HashIDs does, and rewrites the keys in id order.
func (c *compiler) settleRun(run []uint64, ids []uint32, start uint32) {
	members := append(c.run[:0], run...)
	c.run = members
	slices.SortFunc(members, func(x, y uint64) int {
		return strings.Compare(c.strs[uint32(x)], c.strs[uint32(y)])
	})
	taken := slices.Grow(c.taken[:0], len(run))[:len(run)]
	clear(taken)
	c.taken = taken
	for _, m := range members {
		d := uint32(m>>32) - start
		for taken[d] { // stays in the run: its ids are all taken in the end
			d++
		}
		taken[d] = true
		i := uint32(m)
		ids[i] = start + d
		run[d] = uint64(start+d)<<32 | uint64(i)
	}
}
