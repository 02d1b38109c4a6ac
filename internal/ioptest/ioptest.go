// Package ioptest is a second, independent reader of Lost Saga packs for
// tests: its own ZipCrypto, a bit-by-bit CRC-32 and its own .ini XOR,
// written from the notes (../shared/spec/reborn-iop-notes.md part B) and
// sharing no code with formats/iop, so the two check each other.
package ioptest

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
)

// Entry is one central-directory record with its content as the client
// reads it (decrypted, inflated, .ini XOR undone for comment 1).
type Entry struct {
	Index     int
	Name      []byte // stored bytes
	Comment   string
	Method    uint16
	Encrypted bool
	Offset    uint32
	Raw       []byte // the ZIP layer's bytes (before the .ini XOR is undone)
	Data      []byte
}

func crcBit(crc uint32, b byte) uint32 {
	crc ^= uint32(b)
	for i := 0; i < 8; i++ {
		if crc&1 != 0 {
			crc = crc>>1 ^ 0xEDB88320
		} else {
			crc >>= 1
		}
	}
	return crc
}

// CRC32 is the IEEE CRC-32, one bit at a time.
func CRC32(b []byte) uint32 {
	c := ^uint32(0)
	for _, x := range b {
		c = crcBit(c, x)
	}
	return ^c
}

type keys [3]uint32

func newKeys(pw string) *keys {
	k := &keys{305419896, 591751049, 878082192}
	for i := 0; i < len(pw); i++ {
		k.add(pw[i])
	}
	return k
}

func (k *keys) add(c byte) {
	k[0] = crcBit(k[0], c)
	k[1] = (k[1]+k[0]&0xFF)*134775813 + 1
	k[2] = crcBit(k[2], byte(k[1]>>24))
}

func (k *keys) decrypt(b []byte) {
	for i := range b {
		t := k[2] | 2
		b[i] ^= byte((t & 0xFFFF) * ((t ^ 1) & 0xFFFF) >> 8)
		k.add(b[i])
	}
}

var iniRow = []byte{0x30, 0x1D, 0x60, 0x01, 0x09, 0x30, 0x39, 0xD5, 0xB2, 0x7B, 0x43, 0x5A, 0x02, 0x04, 0xFE,
	0xFF, 0x06, 0x08, 0x09, 0x17, 0x5A, 0x2C, 0xD6, 0xC7, 0x6C, 0x77, 0x03, 0x02, 0x02, 0x00}

// INIXor applies the client's fixed .ini XOR to a copy of b.
func INIXor(b []byte) []byte {
	out := make([]byte, len(b))
	n := len(b)
	for i := range b {
		out[i] = b[i] ^ iniRow[i%30] ^ iniRow[(n-i)%30]
	}
	return out
}

// Fold is the client's key: bytes A–Z lower-cased, '/' as '\'.
func Fold(name []byte) string {
	out := []byte(string(name))
	for i, c := range out {
		if c >= 'A' && c <= 'Z' {
			out[i] = c + 32
		}
		if c == '/' {
			out[i] = '\\'
		}
	}
	return string(out)
}

// Read reads every entry of a pack held in b.
func Read(b []byte, password string) ([]Entry, error) {
	le := binary.LittleEndian
	end := bytes.LastIndex(b, []byte("PK\x05\x06"))
	if end < 0 || end+22 > len(b) {
		return nil, fmt.Errorf("no end record")
	}
	count := int(le.Uint16(b[end+10:]))
	p := int(le.Uint32(b[end+16:]))
	var out []Entry
	for i := 0; i < count; i++ {
		if p+46 > len(b) || le.Uint32(b[p:]) != 0x02014b50 {
			return nil, fmt.Errorf("record %d: no PK\\1\\2 at %d", i, p)
		}
		h := b[p:]
		nl, xl, cl := int(le.Uint16(h[4:])), int(le.Uint16(h[6:])), int(le.Uint16(h[32:]))
		e := Entry{Index: i, Name: append([]byte(nil), h[46:46+nl]...), Comment: string(h[46+nl+xl : 46+nl+xl+cl]),
			Method: le.Uint16(h[10:]), Encrypted: le.Uint16(h[8:])&1 != 0, Offset: le.Uint32(h[42:])}
		flags, mtime, crc := le.Uint16(h[8:]), le.Uint16(h[12:]), le.Uint32(h[16:])
		csize, usize := int(le.Uint32(h[20:])), int(le.Uint32(h[24:]))
		p += 46 + nl + xl + cl
		lh := b[e.Offset:]
		if le.Uint32(lh) != 0x04034b50 || int(le.Uint16(lh[4:])) != nl || !bytes.Equal(lh[30:30+nl], e.Name) {
			return nil, fmt.Errorf("%q: local header does not match", e.Name)
		}
		data := append([]byte(nil), lh[30+nl+int(le.Uint16(lh[6:])):][:csize]...)
		if e.Encrypted {
			k := newKeys(password)
			k.decrypt(data)
			check := byte(crc >> 24)
			if flags&8 != 0 {
				check = byte(mtime >> 8)
			}
			if data[11] != check {
				return nil, fmt.Errorf("%q: wrong password", e.Name)
			}
			data = data[12:]
		}
		if e.Method == 8 {
			d, err := io.ReadAll(flate.NewReader(bytes.NewReader(data)))
			if err != nil {
				return nil, fmt.Errorf("%q: %v", e.Name, err)
			}
			data = d
		}
		if len(data) != usize || CRC32(data) != crc {
			return nil, fmt.Errorf("%q: size or CRC mismatch", e.Name)
		}
		e.Raw = data
		e.Data = data
		if bytes.Contains([]byte(Fold(e.Name)), []byte(".ini")) && atoi(e.Comment) == 1 {
			e.Data = INIXor(data)
		}
		out = append(out, e)
	}
	return out, nil
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// Winners maps each folded name to the entry the client uses: the last.
func Winners(es []Entry) map[string]Entry {
	m := map[string]Entry{}
	for _, e := range es {
		m[Fold(e.Name)] = e
	}
	return m
}
