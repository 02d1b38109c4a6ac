package combine

import (
	"fmt"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// What a combine holds, taken from its budget before anything is written
// (so a budget too small fails at once, naming the mod and the limit, with
// nothing written), and kept until Build returns:
//
//   - per manifest entry of every constituent, entryCost bytes: its Entry
//     (about 80 bytes and its path), the plan's maps of paths taken and
//     its copy list, and the written manifest's record;
//   - per byte of a constituent's RAW indices, rawFactor bytes: the bytes
//     read, their decoded records and the union built of them;
//   - the block copy's buffers, copyInFlight plus one run (a block over 8
//     MB is streamed, not held).
//
// The merge of the shared text takes its own share as it goes
// (mergepatch, Options.Budget), from the same budget.
const (
	entryCost    = 512
	rawFactor    = 8
	copyInFlight = 16 << 20
	copyBuffers  = copyInFlight + 4<<20
)

// takeMemory takes from b what the copy of readers holds; release gives
// it back. A constituent whose share does not fit is an error naming its
// file, its entries and the limit.
func takeMemory(b *limits.Budget, srcs []mergepatch.Source, readers []*mod.Reader) (func(), error) {
	var rels []func()
	release := func() {
		for _, r := range rels {
			r()
		}
	}
	r, err := b.Take("the block copy's buffers", copyBuffers)
	if err != nil {
		return nil, fmt.Errorf("combine: %w (%s)", err, limits.Hint)
	}
	rels = append(rels, r)
	for i, rd := range readers {
		var rawBytes int64
		for _, k := range raw.Kinds {
			if e, ok := rd.Lookup("MEDIA/" + k.FileName()); ok {
				rawBytes += int64(e.Size)
			}
		}
		need := limits.Mul(int64(len(rd.Entries)), entryCost) + limits.Mul(rawBytes, rawFactor)
		what := fmt.Sprintf("combining %s (%d entries, %d bytes of RAW indices)", srcs[i].File, len(rd.Entries), rawBytes)
		r, err := b.Take(what, need)
		if err != nil {
			release()
			return nil, fmt.Errorf("combine: %w (%s)", err, limits.Hint)
		}
		rels = append(rels, r)
	}
	return release, nil
}
