package reborndrv

import (
	"bytes"
	"encoding/binary"
	"io"
	"testing"

	"packsmith/backend/sys/limits"
	"packsmith/formats/reborn/pakd"
	"packsmith/internal/crafted"
)

// FuzzMLZ0Chain puts fuzzed MLZ0 bytes where the layer chain finds them:
// the member of the RotXor+ZIP layer (the whole payload), and an entry of
// a pack. Nothing may panic; what opens lists and reads within the
// budget, which issue 22's 8 KB file took to 2 GB.
func FuzzMLZ0Chain(f *testing.F) {
	f.Add(crafted.MLZ0Dat(1 << 12)[:0], uint32(0), false)
	f.Add(append([]byte("MLZ0"), crafted.LZ4Zeros(1<<16)...), uint32(1<<16), false)
	f.Add(append([]byte("MLZ0"), crafted.LZ4Zeros(1<<16)...), uint32(1<<30), true)
	f.Add([]byte("MLZ0\x10\x00\x00\x00\x1f\x00\x01\x00\x00\x50abcde"), uint32(16), true)
	budget, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte, size uint32, inPack bool) {
		m := make([]byte, 0, 8+len(body))
		m = append(m, "MLZ0"...)
		m = binary.LittleEndian.AppendUint32(m, size)
		if len(body) >= 4 {
			m = append(m, body[4:]...) // body's own first bytes stood for the magic
		}
		payload := m
		if inPack {
			payload = pakd.Build([]pakd.Item{{Data: pakd.Pad(m)}, {Data: pakd.Pad([]byte("plain"))}})
		}
		data := rotxorZip("payload.bin", payload)
		a, err := openReader("fuzz.dat", bytes.NewReader(data), int64(len(data)), Limits{MaxAlloc: 1 << 28, MaxDecoded: 1 << 28, Budget: budget})
		if err != nil {
			return
		}
		defer a.Close()
		for _, e := range a.Entries() {
			rc, err := a.Open(e.Path)
			if err != nil {
				continue
			}
			io.Copy(io.Discard, rc)
			rc.Close()
		}
		if used := budget.InUse(); used > budget.Bytes() {
			t.Fatalf("%d bytes of the budget taken", used)
		}
	})
}
