package edits

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/view/render"
	"packsmith/formats/dds"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/raw"
)

const sword = "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT"

// swordText is the sample sword decompiled, with LEVEL set to level.
func swordText(t *testing.T, b []byte, level string) string {
	t.Helper()
	out, err := render.Decompile(render.KindBINDAT, sword, b)
	if err != nil {
		t.Fatal(err)
	}
	u := make([]rune, 0, len(out)/2)
	for i := 2; i+1 < len(out); i += 2 {
		u = append(u, rune(out[i])|rune(out[i+1])<<8)
	}
	text := string(u)
	if !strings.Contains(text, "<INTEGER>LEVEL:10") {
		t.Fatalf("the sample sword changed: %q", text)
	}
	return strings.Replace(text, "<INTEGER>LEVEL:10", "<INTEGER>LEVEL:"+level, 1)
}

// A text source replacing a BINDAT entry is compiled when the change is
// made: the change list says so, with the compiled size, and the save
// stores BINDAT and rebuilds UNITDATA.RAW (the sword's LEVEL is indexed).
func TestPendingTextCompiles(t *testing.T) {
	p := demoCopy(t, "PACKSMITH_SAMPLE.MOD")
	_, s := openSession(t, p, "")
	pend := &Pending{}
	orig := entry(t, s.Archive, sword)
	src := file(t, swordText(t, orig, "12"))
	ch, err := pend.Replace(s.Archive, sword, src)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(src)
	if ch.Conversion != "compiled from text to BINDAT" || ch.Given != src || ch.Source == src || ch.OldSize != int64(len(orig)) {
		t.Fatalf("change: %+v", ch)
	}
	conv, err := os.ReadFile(ch.Source)
	if err != nil || ch.NewSize != int64(len(conv)) || ch.NewSize == st.Size() || len(conv) < 4 || conv[0] != byte(bindat.Version) {
		t.Fatalf("converted source %s: %d bytes, change says %d (%v)", ch.Source, len(conv), ch.NewSize, err)
	}
	res, err := Save(context.Background(), s, pend, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK {
		t.Fatalf("read back: %+v", res.Checks)
	}
	var labels []string
	for _, c := range res.Conversions {
		labels = append(labels, c.Path+": "+c.Label)
	}
	want := []string{sword + ": compiled from text to BINDAT", "MEDIA/UNITDATA.RAW: rebuilt: 1 → 1 records"}
	if strings.Join(labels, "|") != strings.Join(want, "|") {
		t.Fatalf("conversions %q, want %q", labels, want)
	}
	if got := entry(t, s.Archive, sword); string(got) != string(conv) {
		t.Fatal("the saved entry is not the compiled bytes")
	}
	f, err := raw.Decode(raw.UnitData, entry(t, s.Archive, "MEDIA/UNITDATA.RAW"))
	if err != nil {
		t.Fatal(err)
	}
	level := int32(-1)
	for _, u := range f.Units[0] {
		if u.File == sword {
			level = u.Level
		}
	}
	if level != 12 {
		t.Fatalf("UNITDATA.RAW has the sword at level %d, want 12", level)
	}
	if _, err := os.Stat(ch.Source); !os.IsNotExist(err) {
		t.Fatalf("the converted file outlived the save: %v", err)
	}
}

// A source that does not compile is refused when the change is made, with
// its file:line, and nothing is pending.
func TestPendingBrokenTextRefused(t *testing.T) {
	p := demoCopy(t, "PACKSMITH_SAMPLE.MOD")
	_, s := openSession(t, p, "")
	pend := &Pending{}
	text := swordText(t, entry(t, s.Archive, sword), "12")
	text = strings.Replace(text, "[/UNIT]", "[/UNITX]", 1)
	src := filepath.Join(t.TempDir(), "sword.dat")
	os.WriteFile(src, []byte(text), 0o644)
	_, err := pend.Replace(s.Archive, sword, src)
	if err == nil || !strings.Contains(err.Error(), "sword.dat:") || !strings.Contains(err.Error(), sword) {
		t.Fatalf("want a file:line refusal naming the entry, got %v", err)
	}
	if pend.Len() != 0 {
		t.Fatalf("%d changes pending after a refusal", pend.Len())
	}
	// A dropped file on a .DAT folder compiles the same way (Put → Add).
	ok := file(t, swordText(t, entry(t, s.Archive, sword), "3"))
	ch, err := pend.Put(s.Archive, "MEDIA/UNITS/ITEMS/SAMPLE/NEW_SWORD.DAT", ok)
	if err != nil || ch.Op != Add || ch.Conversion != "compiled from text to BINDAT" {
		t.Fatalf("put: %+v %v", ch, err)
	}
	// Non-source entries are not converted.
	ch, err = pend.Replace(s.Archive, "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP", ok)
	if err != nil || ch.Conversion != "" || ch.Source != ok {
		t.Fatalf("an .MPP was converted: %+v %v", ch, err)
	}
	dir := filepath.Dir(pend.List()[0].Source)
	pend.Clear()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("Clear left %s", dir)
	}
}

// A picture added as a new .DDS, with no texture to take the format from,
// becomes DXT5 with its full mip chain; the change says so.
func TestPendingPictureAsNewDDS(t *testing.T) {
	p := demoCopy(t, "PACKSMITH_SAMPLE.MOD")
	_, s := openSession(t, p, "")
	pend := &Pending{}
	img := image.NewNRGBA(image.Rect(0, 0, 64, 32))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	src := filepath.Join(t.TempDir(), "new.png")
	os.WriteFile(src, b.Bytes(), 0o644)
	ch, err := pend.Add(s.Archive, "MEDIA/UI/NEW_ICON.DDS", src)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Conversion != "PNG encoded as DXT5, 7 mips (a new texture)" {
		t.Fatalf("conversion %q", ch.Conversion)
	}
	out, _ := os.ReadFile(ch.Source)
	in, err := dds.DecodeInfo(bytes.NewReader(out))
	if err != nil || in.Format != "BC3" || in.Width != 64 || in.Height != 32 || in.MipCount != 7 || int64(len(out)) != ch.NewSize {
		t.Fatalf("%+v %v (%d bytes, change says %d)", in, err, len(out), ch.NewSize)
	}
	// A name that is no texture keeps the PNG's bytes.
	ch, err = pend.Add(s.Archive, "MEDIA/UI/NEW_ICON.PNG", src)
	if err != nil || ch.Conversion != "" || ch.Source != src {
		t.Fatalf("%+v %v", ch, err)
	}
}
