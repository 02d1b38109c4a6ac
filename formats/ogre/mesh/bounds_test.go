package mesh

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Every prefix of every seed decodes or fails with a FormatError inside
// it: never a panic (a bounds check one byte short slices past the end of
// a truncated file: the vertex data, a count, a string).
func TestTruncatedSeedsFailCleanly(t *testing.T) {
	for si, s := range seeds() {
		for k := range len(s) {
			b := bytes.Clone(s[:k])
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("seed %d cut at %d of %d bytes: panic %v", si, k, len(s), p)
					}
				}()
				m, err := Decode(b, nil)
				if err == nil {
					m.Triangles(func(int, Triangle) {})
					return
				}
				var fe *FormatError
				if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > int64(k) {
					t.Fatalf("seed %d cut at %d: %v", si, k, err)
				}
			}()
		}
	}
}

// A position element must fit in its vertex: in a 12-byte vertex a FLOAT3
// at offset 0 is the whole vertex, at offset 1 it reaches a byte past it
// (past the buffer at the last vertex). The vertex data must hold exactly
// count × size bytes: one fewer fails.
func TestPositionAndBufferEdges(t *testing.T) {
	good, err := Encode(&Mesh{Submeshes: []Submesh{{Material: "m", Geometry: quad(2), Indices: []uint32{0, 1, 2}}}})
	if err != nil {
		t.Fatal(err)
	}
	// The position element's body: source 0, FLOAT3 (2), POSITION (1), offset 0, index 0.
	el := []byte{0, 0, 2, 0, 1, 0, 0, 0, 0, 0}
	at := bytes.Index(good, el)
	if at < 0 || bytes.Index(good[at+1:], el) >= 0 {
		t.Fatal("no single position element in the encoded quad")
	}
	for off, want := range map[uint16]string{0: "", 1: "position at offset 1 does not fit a 12-byte vertex"} {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint16(b[at+6:], off)
		m, err := Decode(b, nil)
		switch {
		case want == "" && (err != nil || fmt.Sprint(m.Submeshes[0].Geometry.Positions[9:]) != "[0 2 1]"):
			t.Errorf("offset %d: %v", off, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("offset %d: %v, want %q", off, err, want)
		}
	}
	// The vertex data chunk (0x5210) holds 4 × 12 bytes; claim a 13-byte
	// vertex instead: 52 bytes needed, 48 there (and the file goes on).
	sz := bytes.Index(good, []byte{0x10, 0x52}) - 2 // the vertex size before the data chunk
	if sz < 0 || binary.LittleEndian.Uint16(good[sz:]) != 12 {
		t.Fatalf("no vertex size 12 before the data chunk (at %d)", sz)
	}
	b := bytes.Clone(good)
	binary.LittleEndian.PutUint16(b[sz:], 13)
	if _, err := Decode(b, nil); err == nil || !strings.Contains(err.Error(), "4 vertices of 13 bytes need 52 bytes, 48 left") {
		t.Errorf("13-byte vertices in 48 bytes: %v", err)
	}
	// Cut one byte short of the vertex data (the data chunk's header is
	// the 6 bytes after the size): 48 needed, 47 left; cut at its end, the
	// positions are read and only what follows is missing.
	data := sz + 2 + 6
	if _, err := Decode(good[:data+47:data+47], nil); err == nil || !strings.Contains(err.Error(), "4 vertices of 12 bytes need 48 bytes, 47 left") {
		t.Errorf("vertex data one byte short: %v", err)
	}
	if _, err := Decode(good[:data+48:data+48], nil); err != nil && strings.Contains(err.Error(), "vertices of") {
		t.Errorf("vertex data complete: %v", err)
	}
}

// Every decode error is ErrFormat for errors.Is; one that ran out of bytes
// is ErrTruncated too, one that is malformed is not.
func TestSentinelErrors(t *testing.T) {
	good, _ := Encode(&Mesh{Submeshes: []Submesh{{Material: "m", Geometry: quad(0), Indices: []uint32{0, 1, 2}}}})
	_, err := Decode(good[:len(good)-5], nil)
	if !errors.Is(err, ErrFormat) || !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "left") {
		t.Errorf("truncated: %v", err)
	}
	_, err = Decode([]byte("DDS |....."), nil)
	if !errors.Is(err, ErrFormat) || errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "not an Ogre mesh") {
		t.Errorf("not a mesh: %v", err)
	}
}
