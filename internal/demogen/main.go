// Command demogen writes the demo workspace the README's run command opens
// (testdata/demo) and, for end-to-end tests and benchmarks, large generated
// archives. Its output is deterministic so it can be committed.
//
//	go run ./internal/demogen -demo testdata/demo
//	go run ./internal/demogen -bigzip /tmp/big.zip -entries 4000 -size 262144
package main

import (
	"archive/zip"
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"time"
	"unicode/utf16"
)

func main() {
	demo := flag.String("demo", "", "write the demo workspace into this folder")
	big := flag.String("bigzip", "", "write a large generated zip here")
	entries := flag.Int("entries", 4000, "entries in -bigzip")
	size := flag.Int("size", 256<<10, "bytes per entry in -bigzip")
	flag.Parse()
	if *demo == "" && *big == "" {
		flag.Usage()
		os.Exit(2)
	}
	if *demo != "" {
		if err := writeDemo(*demo); err != nil {
			fmt.Fprintln(os.Stderr, "demogen:", err)
			os.Exit(1)
		}
	}
	if *big != "" {
		if err := WriteBigZip(*big, *entries, *size); err != nil {
			fmt.Fprintln(os.Stderr, "demogen:", err)
			os.Exit(1)
		}
	}
}

// fixed modification time, so the output is byte-identical run to run
var stamp = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func utf16le(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func demoPNG() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.Set(x, y, color.NRGBA{uint8(x * 4), uint8(y * 4), 160, uint8(255 - (x+y)%64)})
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func demoFiles() []struct {
	name string
	data []byte
} {
	r := rand.New(rand.NewSource(7))
	bin := make([]byte, 4096)
	r.Read(bin)
	files := []struct {
		name string
		data []byte
	}{
		{"README.txt", []byte("Packsmith demo archive.\r\nOpen entries to preview them as text or hex.\r\n")},
		{"docs/utf8.txt", []byte("UTF-8 text: héllo wörld — ✓\n")},
		{"docs/utf16.txt", utf16le("UTF-16LE with BOM: [MOD]\r\n<STRING>NAME:Demo ü\r\n")},
		{"MEDIA/UNITS/MONSTERS/SKELETON.DAT", utf16le("[UNIT]\r\n\t<STRING>NAME:Skeleton\r\n\t<INTEGER>LEVEL:3\r\n\t<FLOAT>SCALE:1.5\r\n[/UNIT]\r\n")},
		{"MEDIA/UI/ICON.PNG", demoPNG()},
		// Lost Saga ships Korean text in code page 949: CP949 bytes written
		// by hand ([hero] name=안녕하세요, desc=한국어 게임, class=용병).
		{"lostsaga/korean_cp949.ini", []byte("[hero]\r\nname=\xbe\xc8\xb3\xe7\xc7\xcf\xbc\xbc\xbf\xe4\r\n" +
			"desc=\xc7\xd1\xb1\xb9\xbe\xee \xb0\xd4\xc0\xd3\r\nclass=\xbf\xeb\xba\xb4\r\n")},
		{"bin/random.bin", bin},
		{"bin/numbers.bin", []byte{0x01, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F}},
	}
	for i := 0; i < 40; i++ {
		files = append(files, struct {
			name string
			data []byte
		}{fmt.Sprintf("levels/level_%02d.txt", i), []byte(fmt.Sprintf("level %d\nmonsters: %d\n", i, i*3))})
	}
	return files
}

func writeDemo(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range demoFiles() {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: stamp})
		if err != nil {
			return err
		}
		w.Write(f.data)
	}
	zw.SetComment("Packsmith demo")
	if err := zw.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "demo.zip"), b.Bytes(), 0o644); err != nil {
		return err
	}
	if err := writeTextures(dir); err != nil {
		return err
	}
	if err := writeTL2Demo(dir); err != nil {
		return err
	}
	if err := writeLostSagaDemo(dir); err != nil {
		return err
	}
	if err := writeFamilyDemos(dir); err != nil {
		return err
	}
	return writeRebornData(filepath.Join(dir, "reborn", "Data"))
}

// WriteBigZip writes n entries of size bytes each: mostly zeros with a
// little noise, so the zip is small but extracting it writes n*size bytes.
func WriteBigZip(path string, n, size int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	buf := make([]byte, size)
	for i := 0; i < n; i++ {
		for j := 0; j < len(buf); j += 4096 {
			buf[j] = byte(i + j)
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("big/%03d/entry_%05d.bin", i/100, i), Method: zip.Deflate, Modified: stamp})
		if err != nil {
			f.Close()
			return err
		}
		if _, err := io.Copy(w, bytes.NewReader(buf)); err != nil {
			f.Close()
			return err
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
