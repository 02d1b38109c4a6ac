package render

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/view/kind"
	"packsmith/backend/view/preview"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mpp"
	"packsmith/internal/testfixtures"
)

// memArchive holds entries with the kinds a test chooses (a TL2 driver
// names BINDAT by type code, a zip by extension).
type memArchive struct {
	entries []archive.Entry
	data    map[string][]byte
}

func newArchive() *memArchive { return &memArchive{data: map[string][]byte{}} }

func (m *memArchive) add(p, k string, b []byte) archive.Entry {
	if k == "" {
		k = kind.FromName(p)
	}
	e := archive.Entry{Path: p, Size: int64(len(b)), Packed: int64(len(b)), Kind: k}
	m.entries = append(m.entries, e)
	m.data[p] = b
	return e
}

func (m *memArchive) Family() string                     { return "test" }
func (m *memArchive) Capabilities() archive.Capabilities { return archive.Capabilities{} }
func (m *memArchive) Path() string                       { return "test.zip" }
func (m *memArchive) Entries() []archive.Entry           { return m.entries }
func (m *memArchive) Close() error                       { return nil }
func (m *memArchive) Open(p string) (io.ReadCloser, error) {
	b, ok := m.data[p]
	if !ok {
		return nil, archive.ErrNotFound
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}

// ddsFile writes a legacy DDS header with a FourCC, then the surfaces.
func ddsFile(w, h, mips int, fourCC string, cube bool, data []byte) []byte {
	b := make([]byte, 128)
	copy(b, "DDS ")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 124)
	le.PutUint32(b[8:], 0x1|0x2|0x4|0x1000|0x20000)
	le.PutUint32(b[12:], uint32(h))
	le.PutUint32(b[16:], uint32(w))
	le.PutUint32(b[28:], uint32(mips))
	le.PutUint32(b[76:], 32)
	le.PutUint32(b[80:], 0x4)
	copy(b[84:], fourCC)
	caps := uint32(0x1000)
	if mips > 1 || cube {
		caps |= 0x8 | 0x400000
	}
	le.PutUint32(b[108:], caps)
	if cube {
		le.PutUint32(b[112:], 0x200|0xFC00)
	}
	return append(b, data...)
}

// bc1 is one BC1 block: two RGB565 endpoints and 16 2-bit indices.
func bc1(c0, c1 uint16, idx [16]uint8) []byte {
	var bits uint32
	for i, v := range idx {
		bits |= uint32(v) << (2 * i)
	}
	b := make([]byte, 8)
	binary.LittleEndian.PutUint16(b, c0)
	binary.LittleEndian.PutUint16(b[2:], c1)
	binary.LittleEndian.PutUint32(b[4:], bits)
	return b
}

func solid(c uint16) []byte { return bc1(c, 0, [16]uint8{}) }

func nrgba(t *testing.T, img image.Image, x, y int) color.NRGBA {
	t.Helper()
	n, ok := img.(*image.NRGBA)
	if !ok {
		t.Fatalf("image is %T, want *image.NRGBA", img)
	}
	return n.NRGBAAt(x, y)
}

func TestDDSExactPixels(t *testing.T) {
	a := newArchive()
	// Row 0: palette entries 0..3 of red/blue (four-colour mode, c0 > c1);
	// row 1: the 1-bit alpha mode's transparent black is in another block.
	four := bc1(0xF800, 0x001F, [16]uint8{0, 1, 2, 3})
	e := a.add("MEDIA/UI/X.DDS", "", ddsFile(4, 4, 1, "DXT1", false, four))
	img, meta, err := preview.RenderImage(a, e, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	for x, w := range want {
		if got := nrgba(t, img, x, 0); got != w {
			t.Errorf("pixel (%d,0) = %v, want %v", x, got, w)
		}
	}
	if got := nrgba(t, img, 0, 3); got != want[0] {
		t.Errorf("pixel (0,3) = %v, want %v", got, want[0])
	}
	if meta.(*TextureMeta).Format != "BC1" || meta.(*TextureMeta).Width != 4 || meta.(*TextureMeta).Mips != 1 || meta.(*TextureMeta).Slices != 1 {
		t.Errorf("meta %v", meta)
	}

	// 1-bit alpha: c0 <= c1, index 3 is transparent black, index 2 the mean.
	alpha := bc1(0x001F, 0xF800, [16]uint8{3, 2})
	e = a.add("alpha.dds", "", ddsFile(4, 4, 1, "DXT1", false, alpha))
	img, _, err = preview.RenderImage(a, e, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := nrgba(t, img, 0, 0); got != (color.NRGBA{}) {
		t.Errorf("transparent texel = %v", got)
	}
	if got := nrgba(t, img, 1, 0); got != (color.NRGBA{128, 0, 128, 255}) {
		t.Errorf("mean texel = %v", got)
	}
}

func TestDDSMipAndFace(t *testing.T) {
	a := newArchive()
	// 8×8 with 4 mips: 4 blocks, then one block per smaller level, each
	// level its own colour.
	var data []byte
	for range 4 {
		data = append(data, solid(0xF800)...) // red
	}
	data = append(data, solid(0x07E0)...) // green 4×4
	data = append(data, solid(0x001F)...) // blue 2×2
	data = append(data, solid(0xFFFF)...) // white 1×1
	e := a.add("mips.dds", "", ddsFile(8, 8, 4, "DXT1", false, data))
	img, meta, err := preview.RenderImage(a, e, preview.Options{View: map[string]string{"mip": "2"}})
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 2 || b.Dy() != 2 || meta.(*TextureMeta).Mips != 4 || meta.(*TextureMeta).Mip != 2 || meta.(*TextureMeta).BaseWidth != 8 {
		t.Fatalf("mip 2: %v, meta %v", b, meta)
	}
	if got := nrgba(t, img, 1, 1); got != (color.NRGBA{0, 0, 255, 255}) {
		t.Fatalf("mip 2 pixel %v", got)
	}
	_, _, err = preview.RenderImage(a, e, preview.Options{View: map[string]string{"mip": "4"}})
	if err == nil || !strings.Contains(err.Error(), "test.zip: mips.dds: DDS texture:") {
		t.Fatalf("mip out of range: %v", err)
	}
	_, _, err = preview.RenderImage(a, e, preview.Options{View: map[string]string{"mip": "x"}})
	if err == nil || !strings.Contains(err.Error(), `option mip="x"`) {
		t.Fatalf("bad option: %v", err)
	}

	// Cube map: six 4×4 faces, each its own colour.
	colours := []uint16{0xF800, 0x07E0, 0x001F, 0xFFE0, 0xF81F, 0x07FF}
	data = nil
	for _, c := range colours {
		data = append(data, solid(c)...)
	}
	e = a.add("cube.dds", "", ddsFile(4, 4, 1, "DXT1", true, data))
	img, meta, err = preview.RenderImage(a, e, preview.Options{View: map[string]string{"face": "3"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := nrgba(t, img, 0, 0); got != (color.NRGBA{255, 255, 0, 255}) || meta.(*TextureMeta).Faces != 6 || !meta.(*TextureMeta).Cube || meta.(*TextureMeta).Slice != 3 {
		t.Fatalf("face 3: %v, meta %v", got, meta)
	}
}

func TestDDSFailuresSayWhy(t *testing.T) {
	a := newArchive()
	e := a.add("MEDIA/BROKEN.DDS", "", []byte("not a dds at all"))
	d, err := preview.Describe(a, e)
	if err != nil || d.Renderer != "DDS texture" {
		t.Fatalf("describe %+v %v", d, err)
	}
	_, _, err = preview.RenderImage(a, e, preview.Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "test.zip: MEDIA/BROKEN.DDS: DDS texture: ") {
		t.Fatalf("err %v", err)
	}
	// Truncated surface data: the offset is named.
	e = a.add("short.dds", "", ddsFile(8, 8, 1, "DXT1", false, solid(0)))
	_, _, err = preview.RenderImage(a, e, preview.Options{})
	if err == nil || !strings.Contains(err.Error(), "offset") {
		t.Fatalf("truncated: %v", err)
	}
}

func TestTGA(t *testing.T) {
	a := newArchive()
	// 2×1 uncompressed true-colour, 32 bits, top-left origin: BGRA.
	h := make([]byte, 18)
	h[2] = 2
	binary.LittleEndian.PutUint16(h[12:], 2)
	binary.LittleEndian.PutUint16(h[14:], 1)
	h[16] = 32
	h[17] = 0x28
	b := append(h, 0x10, 0x20, 0x30, 0x80, 0xFF, 0x00, 0x00, 0xFF)
	e := a.add("icon.tga", "", b)
	img, meta, err := preview.RenderImage(a, e, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := nrgba(t, img, 0, 0); got != (color.NRGBA{0x30, 0x20, 0x10, 0x80}) {
		t.Fatalf("pixel %v", got)
	}
	if meta.(*TGAMeta).Format != "TGA 32-bit" || meta.(*TGAMeta).Width != 2 {
		t.Fatalf("meta %v", meta)
	}
}

// testGrid is 12×8: a walled room of walkable floor, void outside, and a
// 2×2 pocket behind a one-cell wall.
func testGrid(t *testing.T) *mpp.Grid {
	g, err := mpp.New(12, 8, mpp.Void)
	if err != nil {
		t.Fatal(err)
	}
	for y := 1; y < 7; y++ {
		for x := 1; x < 11; x++ {
			c := mpp.Walkable
			if x == 1 || x == 10 || y == 1 || y == 6 || x == 7 {
				c = mpp.Wall
			}
			g.Set(x, y, c)
		}
	}
	// Room 2..6 × 2..5 (20 cells) is the main region; 8..9 × 2..5
	// (8 cells) is a pocket walled off by the one-cell wall at x=7.
	return g
}

func TestWalkGridStatsAndPicture(t *testing.T) {
	g := testGrid(t)
	b, err := mpp.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	// Count the bytes directly.
	var walk, wall, void int
	for _, c := range b[mpp.HeaderSize:] {
		switch c {
		case 0:
			walk++
		case 1:
			wall++
		case 0xFF:
			void++
		}
	}
	if walk != 5*4+2*4 || wall != 12*8-walk-void {
		t.Fatalf("direct count %d %d %d", walk, wall, void)
	}
	a := newArchive()
	e := a.add("MEDIA/LAYOUTS/ROOM.MPP", KindWalkGrid, b)
	img, meta, err := preview.RenderImage(a, e, preview.Options{View: map[string]string{"scale": "2", "overlay": "1", "legend": "0"}})
	if err != nil {
		t.Fatal(err)
	}
	rep := meta.(*GridMeta).Grid
	if rep.Width != 12 || rep.Height != 8 || rep.Walkable.Count != walk || rep.Wall.Count != wall || rep.Void.Count != void {
		t.Fatalf("report %+v", rep)
	}
	if rep.Pockets != 1 || rep.PocketCells != 8 || rep.ThinWalls != 1 || rep.Stub || rep.Bytes != int64(len(b)) {
		t.Fatalf("pockets %+v", rep)
	}
	if meta.(*GridMeta).Width != 24 || meta.(*GridMeta).Height != 16 || img.Bounds().Dx() != 24 {
		t.Fatalf("picture %v meta %v", img.Bounds(), meta)
	}
	at := func(x, y int) color.RGBA { return img.(*image.RGBA).RGBAAt(2*x, 2*y) }
	if at(0, 0) != ColorVoid || at(1, 1) != ColorWall || at(3, 3) != ColorWalkable || at(9, 3) != ColorPocket {
		t.Fatalf("colours void %v wall %v walk %v pocket %v", at(0, 0), at(1, 1), at(3, 3), at(9, 3))
	}
	if len(meta.(*GridMeta).Legend) != 5 {
		t.Fatalf("legend %v", meta.(*GridMeta).Legend)
	}
	if !strings.Contains(strings.Join(rep.Warnings, "\n"), "1 walkable pocket(s), 8 cells") {
		t.Fatalf("warnings %q", rep.Warnings)
	}
	// With the legend (the CLI's default) the picture is taller than the grid.
	img, _, err = preview.RenderImage(a, e, preview.Options{})
	if err != nil || img.Bounds().Dx() < 12 || img.Bounds().Dy() <= 8 {
		t.Fatalf("legend picture %v %v", img.Bounds(), err)
	}
	if _, _, err := preview.RenderImage(a, e, preview.Options{View: map[string]string{"scale": "99"}}); err == nil || !strings.Contains(err.Error(), "scale=99") {
		t.Fatalf("scale: %v", err)
	}
}

func TestWalkGridStubAndDamage(t *testing.T) {
	stub := make([]byte, mpp.StubSize)
	le := binary.LittleEndian
	le.PutUint32(stub, 50)
	le.PutUint32(stub[4:], 50)
	for i, f := range []uint32{0x41200000, 0x41200000, 0x41A00000, 0x41A00000} { // 10, 10, 20, 20
		le.PutUint32(stub[8+4*i:], f)
	}
	for i := mpp.HeaderSize; i < len(stub); i++ {
		stub[i] = 0xFF
	}
	a := newArchive()
	e := a.add("STUB.MPP", "", stub)
	_, meta, err := preview.RenderImage(a, e, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rep := meta.(*GridMeta).Grid
	// The window gets meta in an HTTP header: it must be ASCII JSON.
	js, _ := json.Marshal(meta)
	for i, c := range js {
		if c >= 0x80 {
			t.Fatalf("meta JSON has a non-ASCII byte at %d: %s", i, js)
		}
	}
	if !rep.Stub || !meta.(*GridMeta).Stub || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "the player cannot move here") {
		t.Fatalf("stub report %+v", rep)
	}
	// A cell that is no class: the offset is named.
	bad := append([]byte(nil), stub...)
	bad[mpp.HeaderSize+7] = 0x02
	e = a.add("BAD.MPP", "", bad)
	_, _, err = preview.RenderImage(a, e, preview.Options{})
	var fe *mpp.FormatError
	if !errors.As(err, &fe) || fe.Offset != mpp.HeaderSize+7 || !strings.HasPrefix(err.Error(), "test.zip: BAD.MPP: walk grid: mpp: offset 31") {
		t.Fatalf("bad cell: %v", err)
	}
	e = a.add("SHORT.MPP", "", stub[:30])
	if _, _, err = preview.RenderImage(a, e, preview.Options{}); err == nil {
		t.Fatal("short grid rendered")
	}
}

const datSource = "[UNIT]\r\n\t<STRING>NAME:Skeleton\r\n\t<INTEGER>LEVEL:3\r\n\t<FLOAT>SCALE:1.5\r\n[/UNIT]\r\n"

func TestBINDATByContent(t *testing.T) {
	bin, err := bindat.CompileText("SKELETON.DAT", []byte(datSource), nil)
	if err != nil {
		t.Fatal(err)
	}
	a := newArchive()
	// In a zip .DAT is "text" by name: the bytes say BINDAT.
	e := a.add("MEDIA/UNITS/SKELETON.DAT", "", bin)
	d, err := preview.Describe(a, e)
	if err != nil || d.Renderer != "decompiled BINDAT" || d.Views[0] != preview.ViewText {
		t.Fatalf("describe %+v %v", d, err)
	}
	txt, err := preview.RenderText(a, e)
	if err != nil {
		t.Fatal(err)
	}
	// Without the names dictionary, names are UNK_<HEX8>; values survive.
	if !strings.Contains(txt.Text, "<STRING>") || !strings.Contains(txt.Text, ":Skeleton\r\n") || !strings.Contains(txt.Text, ":1.5\r\n") {
		t.Fatalf("text %q", txt.Text)
	}
	back, err := bindat.CompileText("SKELETON.DAT", []byte(txt.Text), nil)
	if err != nil || !bytes.Equal(back, bin) {
		t.Fatalf("recompiled differs (%v)", err)
	}
	// A real text .DAT, even typed BINDAT by a driver, is shown as text.
	e = a.add("MEDIA/UNITS/SRC.DAT", KindBINDAT, []byte(datSource))
	if d, _ := preview.Describe(a, e); d.Renderer != "" || d.Views[0] != preview.ViewText {
		t.Fatalf("text source described %+v", d)
	}
	if txt, err := preview.RenderText(a, e); err != nil || txt.Text != datSource {
		t.Fatalf("text source %q %v", txt.Text, err)
	}
	// Typed BINDAT, neither BINDAT nor text: the view says why.
	bad := append([]byte{1, 0, 0, 0}, bin[4:]...)
	bad[9] = 0xC3
	e = a.add("MEDIA/UNITS/BAD.DAT", KindBINDAT, bad)
	_, err = preview.RenderText(a, e)
	if err == nil || !strings.Contains(err.Error(), "test.zip: MEDIA/UNITS/BAD.DAT: decompiled BINDAT: BAD.DAT: offset 0 (0x0): version 1") {
		t.Fatalf("bad BINDAT: %v", err)
	}
}

func TestBINLAYOUT(t *testing.T) {
	src := "[Layout]\r\n\t<INTEGER>VERSION:4\r\n\t<UNSIGNED INT>COUNT:0\r\n\t[OBJECTS]\r\n\t[/OBJECTS]\r\n[/Layout]\r\n"
	bin, _, err := layout.Compile("ROOM.LAYOUT", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a := newArchive()
	e := a.add("MEDIA/LAYOUTS/ROOM.LAYOUT", "", bin)
	txt, err := preview.RenderText(a, e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(txt.Text, "[Layout]\r\n") || txt.Encoding != "decompiled BINLAYOUT" {
		t.Fatalf("layout %q (%s)", txt.Text, txt.Encoding)
	}
	e = a.add("MEDIA/UI/MENUS/M.LAYOUT", KindBINLAYOUT, bin)
	if txt, err = preview.RenderText(a, e); err != nil || !strings.HasPrefix(txt.Text, "[UI]\r\n") {
		t.Fatalf("UI layout %q %v", txt.Text, err)
	}
	e = a.add("MEDIA/LAYOUTS/CUT.LAYOUT", KindBINLAYOUT, bin[:len(bin)-1])
	if _, err = preview.RenderText(a, e); err == nil || !strings.Contains(err.Error(), "CUT.LAYOUT: decompiled BINLAYOUT: binlayout: offset") {
		t.Fatalf("cut layout: %v", err)
	}
}

func TestFixtures(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2")
	read := func(rel string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			testfixtures.Skipf(t, "fixture: %v", err)
		}
		return b
	}
	a := newArchive()
	// BINDAT under its source's name, as a .MOD stores it.
	bin := read("xover/MEDIA/SKILLS/X_YEET/X_YEET.DAT.BINDAT")
	e := a.add("MEDIA/SKILLS/X_YEET/X_YEET.DAT", KindBINDAT, bin)
	txt, err := preview.RenderText(a, e)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := preview.DecodeText(read("xover/MEDIA/SKILLS/X_YEET/X_YEET.DAT"))
	if names() != nil && names().Len() > 0 {
		if txt.Text != src.Text {
			t.Errorf("decompiled X_YEET.DAT differs from its source")
		}
	}
	if !strings.HasPrefix(txt.Text, "[SKILL]\r\n") {
		t.Errorf("X_YEET decompiled: %.200q", txt.Text)
	}
	back, err := bindat.CompileText("X_YEET.DAT", []byte(txt.Text), &bindat.Options{IDs: mustTable(t, bin)})
	if err != nil || !bytes.Equal(back, bin) {
		t.Errorf("recompiled X_YEET differs (%v)", err)
	}
	t.Logf("X_YEET.DAT: %d BINDAT bytes → %d lines of text", len(bin), strings.Count(txt.Text, "\n"))

	// The real walk grid: stats match a direct count; the stub is reported.
	g := read("cyber_mod/MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP")
	e = a.add("CITY_04B.MPP", "", g)
	_, meta, err := preview.RenderImage(a, e, preview.Options{View: map[string]string{"overlay": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	rep := meta.(*GridMeta).Grid
	n := map[byte]int{}
	for _, c := range g[mpp.HeaderSize:] {
		n[c]++
	}
	if rep.Walkable.Count != n[0] || rep.Wall.Count != n[1] || rep.Void.Count != n[0xFF] || rep.Stub {
		t.Errorf("CITY_04B %+v, direct %v", rep.Stats, n)
	}
	t.Logf("CITY_04B.MPP: %d×%d, walkable %d (%.1f%%), wall %d, void %d, %d pockets (%d thin walls)",
		rep.Width, rep.Height, rep.Walkable.Count, rep.Walkable.Percent, rep.Wall.Count, rep.Void.Count, rep.Pockets, rep.ThinWalls)
	e = a.add("CITY05.MPP", "", read("cyber_mod/MEDIA/LAYOUTS/CITY05/CITY05.MPP"))
	_, meta, err = preview.RenderImage(a, e, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep := meta.(*GridMeta).Grid; rep.Bytes == mpp.StubSize && !rep.Stub {
		t.Errorf("CITY05 is the stub but not reported: %+v", rep)
	}

	// RAW by name; BINLAYOUT of a UI menu under UI.
	e = a.add("MEDIA/SKILLS.RAW", KindRAW, read("xover/MEDIA/SKILLS.RAW"))
	if txt, err := preview.RenderText(a, e); err != nil || !strings.HasPrefix(txt.Text, "SKILLS.RAW: ") {
		t.Errorf("SKILLS.RAW %.100q %v", txt.Text, err)
	}
	e = a.add("MEDIA/UI/MENUS/UNITUNIQUEMENUS/XOVER_CLASS_BAR.LAYOUT", KindBINLAYOUT,
		read("xover/MEDIA/UI/MENUS/UNITUNIQUEMENUS/XOVER_CLASS_BAR.LAYOUT.BINLAYOUT"))
	if txt, err := preview.RenderText(a, e); err != nil || !strings.HasPrefix(txt.Text, "[UI]\r\n") {
		t.Errorf("XOVER_CLASS_BAR %.100q %v", txt.Text, err)
	}
	// A texture of the fixtures through the renderer.
	e = a.add("x_dodgeroll.dds", "", read("xover/MEDIA/UI/ICONS/x_dodgeroll.dds"))
	if img, meta, err := preview.RenderImage(a, e, preview.Options{}); err != nil || img.Bounds().Dx() == 0 {
		t.Errorf("x_dodgeroll.dds: %v", err)
	} else {
		t.Logf("x_dodgeroll.dds: %v %d×%d, %d mips", meta.(*TextureMeta).Format, meta.(*TextureMeta).Width, meta.(*TextureMeta).Height, meta.(*TextureMeta).Mips)
	}
}

func mustTable(t *testing.T, bin []byte) bindat.TableIDs {
	d, err := bindat.Decompile("X_YEET.DAT", bin, nil)
	if err != nil {
		t.Fatal(err)
	}
	return bindat.TableIDs(d.Strings)
}

// TestTruncationsSayWhy feeds every prefix of a valid file of each kind to
// its renderer: each fails with a message naming the entry, or shows what
// it can and warns, and never panics.
func TestTruncationsSayWhy(t *testing.T) {
	bin, _ := bindat.CompileText("SKELETON.DAT", []byte(datSource), nil)
	lay, _, _ := layout.Compile("ROOM.LAYOUT", []byte("[Layout]\r\n\t<INTEGER>VERSION:4\r\n\t<UNSIGNED INT>COUNT:0\r\n\t[OBJECTS]\r\n\t[/OBJECTS]\r\n[/Layout]\r\n"))
	grid, _ := mpp.Encode(testGrid(t))
	var mips []byte
	for range 7 {
		mips = append(mips, solid(0xF800)...)
	}
	files := []struct {
		name, kind string
		data       []byte
	}{
		{"MEDIA/X.DAT", KindBINDAT, bin},
		{"MEDIA/X.LAYOUT", KindBINLAYOUT, lay},
		{"MEDIA/X.MPP", KindWalkGrid, grid},
		{"X.DDS", kind.Texture, ddsFile(8, 8, 4, "DXT1", false, mips)},
	}
	for _, f := range files {
		for n := 0; n < len(f.data); n++ {
			a := newArchive()
			e := a.add(f.name, f.kind, f.data[:n])
			d, err := preview.Describe(a, e)
			if err != nil {
				t.Fatalf("%s[:%d]: describe: %v", f.name, n, err)
			}
			var meta preview.ImageMeta
			if d.Views[0] == preview.ViewImage {
				_, meta, err = preview.RenderImage(a, e, preview.Options{})
			} else {
				_, err = preview.RenderText(a, e)
			}
			if err == nil && warningOf(meta) != "" {
				continue // a DDS cut after mip 0 shows mip 0 and says what is missing
			}
			if err == nil && n > 0 {
				t.Errorf("%s cut to %d of %d bytes rendered without error", f.name, n, len(f.data))
			}
			if err != nil && !strings.HasPrefix(err.Error(), "test.zip: "+f.name+": ") {
				t.Errorf("%s[:%d]: %v", f.name, n, err)
			}
		}
	}
}

// warningOf is what a picture's meta warns of ("" for none or no meta).
func warningOf(m preview.ImageMeta) string {
	if m == nil {
		return ""
	}
	_, w := m.Caption()
	return w
}
