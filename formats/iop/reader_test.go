package iop

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

func readSample(t *testing.T) []byte {
	b, err := os.ReadFile("testdata/sample.iop")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSwappedHeaderFields(t *testing.T) {
	b := readSample(t)
	le := binary.LittleEndian
	// First local header: name length @4, version needed @26, flags @28.
	if le.Uint32(b) != sigLocal || le.Uint16(b[4:]) != uint16(len(`config\client.ini`)) || le.Uint16(b[26:]) != 0x14 || le.Uint16(b[28:]) != 0x000B {
		t.Fatalf("local header % X", b[:30])
	}
	z := mustRead(t, b, Options{})
	cd := b[z.CentralOffset:]
	if le.Uint32(cd) != sigCentral || le.Uint16(cd[4:]) != uint16(len(`config\client.ini`)) || le.Uint16(cd[28:]) != 0x14 || le.Uint16(cd[30:]) != 0x14 || le.Uint16(cd[8:]) != 0x000B {
		t.Fatalf("central record % X", cd[:46])
	}
}

func TestReadSampleFindsRegionPassword(t *testing.T) {
	z := mustRead(t, readSample(t), Options{})
	pw, label, ok := z.Password()
	if !ok || pw != samplePassword || label != "US pack password" {
		t.Fatalf("password %q %q %v", pw, label, ok)
	}
	if len(z.File) != len(sampleEntries) {
		t.Fatalf("%d entries", len(z.File))
	}
	for i, f := range z.File {
		e := sampleEntries[i]
		if f.Name != e.name || f.Comment != e.comment || f.Method != e.method || f.Encrypted() != e.encrypt || f.INIScrambled() != e.ini {
			t.Errorf("entry %d: %+v", i, f)
		}
		if got := readAllEntry(t, f); !bytes.Equal(got, e.data) {
			t.Errorf("%s: got %q, want %q", f.Name, got, e.data)
		}
		if !f.Modified().Equal(genTime) {
			t.Errorf("%s: time %v", f.Name, f.Modified())
		}
	}
	// The .ini is stored scrambled: OpenZip shows the scrambled bytes.
	rc, _ := z.File[0].OpenZip()
	raw, _ := io.ReadAll(rc)
	want := append([]byte(nil), sampleEntries[0].data...)
	ScrambleINI(want)
	if !bytes.Equal(raw, want) {
		t.Fatalf("zip layer of the .ini: % X", raw)
	}
}

func TestExplicitPassword(t *testing.T) {
	b := readSample(t)
	z := mustRead(t, b, Options{Password: samplePassword})
	if _, label, ok := z.Password(); !ok || label != "given" {
		t.Fatalf("label %q", label)
	}
	_, err := NewReader(bytes.NewReader(b), int64(len(b)), Options{Password: "iosuccess#@"})
	if !errors.Is(err, ErrWrongPassword) {
		t.Fatalf("wrong password: %v", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "wrong password") || !strings.Contains(msg, `entry "`) || !strings.Contains(msg, "offset 0x") {
		t.Fatalf("error text %q", msg)
	}
}

func TestUnknownPassword(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, "not a published one")
	w.WriteFile(FileHeader{Name: "a.txt", Method: MethodDeflate, Encrypt: true, Modified: genTime}, []byte("secret"), false)
	w.WriteFile(FileHeader{Name: "b.txt", Method: MethodStored, Modified: genTime}, []byte("open"), false)
	w.Close()
	z := mustRead(t, buf.Bytes(), Options{})
	if _, _, ok := z.Password(); ok {
		t.Fatal("a password was found")
	}
	if _, err := z.File[0].Open(); !errors.Is(err, ErrUnknownPassword) || !strings.Contains(err.Error(), "--password") {
		t.Fatalf("open: %v", err)
	}
	if got := readAllEntry(t, z.File[1]); string(got) != "open" {
		t.Fatalf("plain entry %q", got)
	}
}

func TestRoundTripAndRawCopy(t *testing.T) {
	b := readSample(t)
	z := mustRead(t, b, Options{})
	var out bytes.Buffer
	w := NewWriter(&out, "")
	for _, f := range z.File {
		if err := w.CopyFile(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), b) {
		t.Fatalf("raw copy of every entry is not byte-identical (%d vs %d bytes)", out.Len(), len(b))
	}
	// Rewrite with re-encryption under another password and read back.
	out.Reset()
	w = NewWriter(&out, "iosuccess#@")
	for i, f := range z.File {
		e := sampleEntries[i]
		data := readAllEntry(t, f)
		if err := w.WriteFile(FileHeader{Name: f.Name, Comment: f.Comment, Method: f.Method, Encrypt: f.Encrypted(), Modified: f.Modified()}, data, f.INIScrambled()); err != nil {
			t.Fatal(err)
		}
		_ = e
	}
	w.Close()
	z2 := mustRead(t, out.Bytes(), Options{})
	if _, label, _ := z2.Password(); label != "Korea pack password" {
		t.Fatalf("label %q", label)
	}
	for i, f := range z2.File {
		if got := readAllEntry(t, f); !bytes.Equal(got, sampleEntries[i].data) {
			t.Errorf("%s: %q", f.Name, got)
		}
	}
}

func TestWinnersAndDeleteList(t *testing.T) {
	z := mustRead(t, readSample(t), Options{})
	w := z.Winners()
	if len(w) != 4 || w[`xml\items.xml`].Index != 3 {
		t.Fatalf("winners %v", w)
	}
	dl := ParseDeleteList([]byte("[xml/Items.xml]\r\n\r\n_map\\maps\\old.map\nconfig\\A.INI\n"))
	if strings.Join(dl.RS, "|") != `xml\items.xml|config\a.ini` || strings.Join(dl.Map, "|") != `maps\old.map` {
		t.Fatalf("%+v", dl)
	}
}

func TestCorruptInputs(t *testing.T) {
	b := readSample(t)
	// Every truncation: an error or a reader, never a panic.
	for n := 0; n < len(b); n++ {
		z, err := NewReader(bytes.NewReader(b[:n]), int64(n), Options{})
		if err == nil {
			exercise(z)
		}
	}
	// Every single-byte flip.
	for i := range b {
		c := append([]byte(nil), b...)
		c[i] ^= 0xA5
		z, err := NewReader(bytes.NewReader(c), int64(len(c)), Options{Password: samplePassword})
		if err == nil {
			exercise(z)
		}
	}
}

func exercise(z *Reader) {
	for _, f := range z.File {
		if rc, err := f.Open(); err == nil {
			io.Copy(io.Discard, rc)
			rc.Close()
		}
	}
}

func TestCorruptErrorsNameEntryAndOffset(t *testing.T) {
	b := readSample(t)
	z := mustRead(t, b, Options{})
	// Damage the stored entry's data (resource\readme.txt, stored, encrypted).
	f := z.File[2]
	off, err := f.DataOffset()
	if err != nil {
		t.Fatal(err)
	}
	c := append([]byte(nil), b...)
	c[off+EncHeaderLen+3] ^= 0xFF
	z2 := mustRead(t, c, Options{Password: samplePassword})
	rc, err := z2.File[2].Open()
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.ReadAll(rc)
	if !errors.Is(err, ErrChecksum) || !strings.Contains(err.Error(), `"resource/readme.txt"`) || !strings.Contains(err.Error(), "offset 0x") {
		t.Fatalf("damaged entry: %v", err)
	}

	// A lying end record: central directory size far past the file.
	c = append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(c[len(c)-endLen+12:], 0xFFFFFF00)
	if _, err := NewReader(bytes.NewReader(c), int64(len(c)), Options{}); !errors.Is(err, ErrFormat) {
		t.Fatalf("lying cd size: %v", err)
	}
	// A central directory bigger than the cap.
	if _, err := NewReader(bytes.NewReader(b), int64(len(b)), Options{MaxCentralDir: 10}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("cap: %v", err)
	}
	// A lying plain size: reading stops at the declared size with an error.
	c = append([]byte(nil), b...)
	cdr := c[z.CentralOffset:]
	binary.LittleEndian.PutUint32(cdr[24:], 4) // client.ini says 4 bytes
	z3 := mustRead(t, c, Options{Password: samplePassword})
	rc, err = z3.File[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(rc)
	if !errors.Is(err, ErrChecksum) || len(got) > 5 {
		t.Fatalf("lying size: %d bytes, %v", len(got), err)
	}
	// Not a pack at all.
	if _, err := NewReader(strings.NewReader("hello"), 5, Options{}); !errors.Is(err, ErrFormat) {
		t.Fatalf("short: %v", err)
	}
}

func FuzzReadIOP(f *testing.F) {
	for _, name := range []string{"testdata/sample.iop", "testdata/plain.iop"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	if b, err := os.ReadFile("testdata/plain.iop"); err == nil {
		f.Add(standardLocalHeaders(b)) // the layout some tools write
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		head := b
		if len(head) > 512 {
			head = head[:512]
		}
		LooksLikePack(head, bytes.NewReader(b), int64(len(b)))
		dl := ParseDeleteList(b)
		for _, k := range append(dl.RS, dl.Map...) {
			if k == "" || strings.ContainsAny(k, "[]/") {
				t.Fatalf("delete list key %q", k)
			}
		}
		z, err := NewReader(bytes.NewReader(b), int64(len(b)), Options{Password: samplePassword, MaxCentralDir: 1 << 20})
		if err != nil {
			return
		}
		for _, fl := range z.File {
			if p := fl.Path(); strings.Contains(p, `\`) || len(fl.Key()) != len(fl.Name) {
				t.Fatalf("name %q: path %q key %q", fl.Name, p, fl.Key())
			}
			rc, err := fl.Open()
			if err != nil {
				continue
			}
			io.Copy(io.Discard, io.LimitReader(rc, 1<<20))
			rc.Close()
		}
	})
}

// standardLocalHeaders rewrites every local header of a pack in the
// standard ZIP layout (name and extra lengths at 26 and 28, version and
// flags at 4 and 6); the central directory stays swapped.
func standardLocalHeaders(b []byte) []byte {
	c := append([]byte(nil), b...)
	z, err := NewReader(bytes.NewReader(c), int64(len(c)), Options{})
	if err != nil {
		return c
	}
	le := binary.LittleEndian
	for _, f := range z.File {
		h := c[f.HeaderOffset:]
		nl, xl, ver, fl := le.Uint16(h[4:]), le.Uint16(h[6:]), le.Uint16(h[26:]), le.Uint16(h[28:])
		le.PutUint16(h[4:], ver)
		le.PutUint16(h[6:], fl)
		le.PutUint16(h[26:], nl)
		le.PutUint16(h[28:], xl)
	}
	return c
}

func TestStandardLocalHeadersRead(t *testing.T) {
	b, err := os.ReadFile("testdata/plain.iop")
	if err != nil {
		t.Fatal(err)
	}
	c := standardLocalHeaders(b)
	if bytes.Equal(b, c) {
		t.Fatal("nothing rewritten")
	}
	if LooksLikePack(c[:64], nil, 0) || !LooksLikePack(c[:64], bytes.NewReader(c), int64(len(c))) {
		t.Fatal("detection of the standard layout")
	}
	z := mustRead(t, c, Options{})
	for i, e := range plainEntries {
		rc, err := z.File[i].Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc)
		if err != nil || !bytes.Equal(got, e.data) {
			t.Fatalf("%s: %v", e.name, err)
		}
	}
}
