package mod

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand"
	"strings"
	"testing"
)

// checkedSource is a .MOD of n small entries (every seventh stored: .JPG).
func checkedSource(t *testing.T, n int) []byte {
	rng := rand.New(rand.NewSource(5))
	var files []genFile
	for i := range n {
		name := fmt.Sprintf("MEDIA/F/E%03d.DAT", i)
		if i%7 == 3 {
			name = fmt.Sprintf("MEDIA/F/E%03d.JPG", i)
		}
		data := make([]byte, 200+rng.Intn(3000))
		for j := range data {
			data[j] = byte(rng.Intn(4) + 'a')
		}
		files = append(files, genFile{name, data})
	}
	return genMod(t, &Header{Title: "checked source"}, files)
}

// copyChecked copies every entry of the .MOD in src, each checked against
// the payload CRC-32 it has in good (the bytes it was written with), in
// runs or, with alone, block by block; check false copies with CopyRaw.
func copyChecked(t *testing.T, src, good []byte, alone, check bool) ([]byte, error) {
	t.Helper()
	r, err := NewReader(bytes.NewReader(src), int64(len(src)), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := &memFile{}
	w, err := NewWriter(out, &Header{Title: "copy"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Entries {
		e := &r.Entries[i]
		blk, err := r.BlockOf(e)
		if err != nil {
			t.Fatal(err)
		}
		pc := payloadCheck{on: check, want: crc32.ChecksumIEEE(good[blk.Offset+8 : blk.Offset+8+blk.Payload])}
		fh := FileHeader{Name: e.Path, FileTime: fixedTime}
		if alone {
			var rec *manRecord
			var name string
			rec, name, err = w.newRecord(fh)
			if err == nil {
				err = w.copyOne(r, e, rec, pc)
			}
			if err == nil {
				w.commitRecord(rec, name)
			}
		} else if check {
			err = w.CopyRawChecked(r, e, fh, pc.want)
		} else {
			err = w.CopyRaw(r, e, fh)
		}
		if err != nil {
			w.Abort()
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.b, nil
}

// A block whose payload changed on disk (its head intact: nothing else
// notices until the game fails to inflate it) is refused by name, in a run
// or alone; intact blocks copy exactly as CopyRaw copies them.
func TestCopyRawCheckedRefusesDamagedPayload(t *testing.T) {
	src := checkedSource(t, 60)
	plain, err := copyChecked(t, src, src, false, false)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := NewReader(bytes.NewReader(src), int64(len(src)), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, alone := range []bool{false, true} {
		got, err := copyChecked(t, src, src, alone, true)
		if err != nil {
			t.Fatalf("alone %v: %v", alone, err)
		}
		if !bytes.Equal(got, plain) {
			t.Fatalf("alone %v: the checked copy differs from CopyRaw's", alone)
		}
		for _, k := range []int{0, 3, 17, 31, 59} {
			e := &rd.Entries[k]
			blk, _ := rd.BlockOf(e)
			bad := bytes.Clone(src)
			bad[blk.Offset+8+blk.Payload/2] ^= 0x10
			// Unchecked, the damage goes through unseen.
			if _, err := copyChecked(t, bad, src, alone, false); err != nil {
				t.Fatalf("alone %v, unchecked: %v", alone, err)
			}
			_, err := copyChecked(t, bad, src, alone, true)
			var ce *CopyError
			if !errors.As(err, &ce) || !errors.Is(err, ErrChecksum) || ce.Entry != e.Path || ce.Offset != blk.Offset ||
				!strings.Contains(err.Error(), "payload CRC-32") {
				t.Fatalf("alone %v, %s payload damaged: %v", alone, e.Path, err)
			}
		}
	}
}
