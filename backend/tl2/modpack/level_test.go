package modpack

import (
	"bytes"
	"context"
	"io"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zlib"

	"packsmith/formats/tl2/mod"
)

// A pack deflates textures at level 3, skeletons at 4 and the rest at 6
// (each block is the very stream zlib gives at that level); a texture its
// level shrinks below a quarter is deflated at 6 after all (mod.Refold);
// an asked-for level applies to every entry.
func TestAssetsPackAtTheirLevels(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var poor strings.Builder // 16 symbols, some runs: deflate keeps about half, and each level keeps other bytes
	for poor.Len() < 200_000 {
		if rng.Intn(8) == 0 {
			poor.WriteString(strings.Repeat("texel", 1+rng.Intn(6)))
		}
		poor.WriteByte("ABCDEFGHIJKLMNOP"[rng.Intn(16)])
	}
	rich := strings.Repeat("blank texel ", 20_000) // kept: a few per cent
	files := map[string]string{
		"MEDIA/UI/ICON.DDS":         poor.String(),
		"MEDIA/UI/BLANK.DDS":        rich,
		"MEDIA/MODELS/A/A.SKELETON": poor.String(),
		"MEDIA/MODELS/A/A.MESH":     poor.String(),
		"MEDIA/UI/PIC.PNG":          poor.String(),
		"MEDIA/MODELS/A/A.MATERIAL": poor.String(),
	}
	dir := makeMod(t, simpleModDat, files)
	for _, c := range []struct {
		level int
		want  map[string]int
	}{
		{0, map[string]int{"MEDIA/UI/ICON.DDS": 3, "MEDIA/UI/BLANK.DDS": 6, "MEDIA/MODELS/A/A.SKELETON": 4, "MEDIA/MODELS/A/A.MESH": 6,
			"MEDIA/UI/PIC.PNG": 6, "MEDIA/MODELS/A/A.MATERIAL": 6}},
		{9, map[string]int{"MEDIA/UI/ICON.DDS": 9, "MEDIA/UI/BLANK.DDS": 9, "MEDIA/MODELS/A/A.SKELETON": 9, "MEDIA/MODELS/A/A.MESH": 9}},
	} {
		out := filepath.Join(t.TempDir(), "OUT.MOD")
		if _, err := Pack(context.Background(), dir, Options{Output: out, Level: c.level}); err != nil {
			t.Fatal(err)
		}
		r := openMod(t, out)
		for name, level := range c.want {
			e, ok := r.Lookup(name)
			if !ok {
				t.Fatalf("level %d: no %s", c.level, name)
			}
			if got := payload(t, r, e); !bytes.Equal(got, deflated(t, files[name], level)) {
				t.Errorf("asked level %d: %s is not zlib's level-%d stream of it (%d bytes; level 3, 4, 6: %d, %d, %d)", c.level, name, level,
					len(got), len(deflated(t, files[name], 3)), len(deflated(t, files[name], 4)), len(deflated(t, files[name], 6)))
			}
		}
	}
}

// payload is an entry's block as stored.
func payload(t *testing.T, r *mod.Reader, e *mod.Entry) []byte {
	t.Helper()
	_, sr, err := r.RawBlock(e)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(sr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func deflated(t *testing.T, s string, level int) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, err := zlib.NewWriterLevel(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}
