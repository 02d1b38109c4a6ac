package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"strings"
	"testing"

	"packsmith/backend/view/preview"
)

// btxFile builds a Reborn btx by hand (formats/reborn/btx/doc.go): header,
// name, data at 0x40.
func btxFile(format byte, w, h, stride int, data []byte) []byte {
	b := make([]byte, 0x40)
	copy(b, "btx\x00")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 0x0103)
	le.PutUint16(b[8:], uint16(w))
	le.PutUint16(b[0xA:], uint16(h))
	le.PutUint32(b[0xC:], uint32(stride))
	b[0x10] = format
	le.PutUint32(b[0x18:], 0x40)
	le.PutUint32(b[0x24:], 0x34)
	copy(b[0x34:], "demo")
	return append(b, data...)
}

// Reborn textures are found by magic whatever their name, and a format
// the notes do not document says so instead of showing garbage.
func TestBTX(t *testing.T) {
	a := newArchive()
	px := []byte{255, 0, 0, 255, 0, 255, 0, 128}
	e := a.add("#3/#0", "", btxFile(0, 2, 1, 8, px))
	d, err := preview.Describe(a, e)
	if err != nil || d.Renderer != "btx texture" || d.Views[0] != preview.ViewImage {
		t.Fatalf("describe %+v %v", d, err)
	}
	img, meta, err := preview.RenderImage(a, e, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img.(*image.NRGBA).Pix, px) || meta.(*BTXMeta).Format != "btx R8G8B8A8" || meta.(*BTXMeta).Name != "demo" || meta.(*BTXMeta).Width != 2 {
		t.Fatalf("image %v meta %v", img.(*image.NRGBA).Pix, meta)
	}
	bad := a.add("ui/x.btx", "", btxFile(5, 4, 4, 16, make([]byte, 16)))
	_, _, err = preview.RenderImage(a, bad, preview.Options{})
	if err == nil || !strings.Contains(err.Error(), "test.zip: ui/x.btx: btx texture: btx: format 5 is not documented") ||
		!strings.Contains(err.Error(), "(at offset 16)") {
		t.Fatalf("format 5: %v", err)
	}
}
