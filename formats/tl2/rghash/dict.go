package rghash

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Dictionary maps rg_hash values back to names, for decompilers. The zero
// value is not usable; make one with NewDictionary or a loader. A Dictionary
// is safe for concurrent use.
type Dictionary struct {
	mu    sync.RWMutex
	names map[uint32]string
}

// NewDictionary returns an empty dictionary.
func NewDictionary() *Dictionary {
	return &Dictionary{names: make(map[uint32]string)}
}

// Add records name under Hash(name) and returns the hash. On a collision the
// name already stored wins, so loading order decides and lookups stay stable.
func (d *Dictionary) Add(name string) uint32 {
	h := Hash(name)
	d.mu.Lock()
	if _, ok := d.names[h]; !ok {
		d.names[h] = name
	}
	d.mu.Unlock()
	return h
}

// Name returns the name whose hash is h.
func (d *Dictionary) Name(h uint32) (string, bool) {
	if d == nil {
		return "", false
	}
	d.mu.RLock()
	n, ok := d.names[h]
	d.mu.RUnlock()
	return n, ok
}

// Len returns the number of names.
func (d *Dictionary) Len() int {
	if d == nil {
		return 0
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	return len(d.names)
}

// Names returns every name, sorted by hash.
func (d *Dictionary) Names() []string {
	d.mu.RLock()
	hs := make([]uint32, 0, len(d.names))
	for h := range d.names {
		hs = append(hs, h)
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i] < hs[j] })
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = d.names[h]
	}
	d.mu.RUnlock()
	return out
}

// LoadStats tells what a loader kept and dropped.
type LoadStats struct {
	Lines    int // non-empty lines read
	Added    int // names stored
	Mismatch int // lines whose name does not hash to the stated value (junk in the list)
	Bad      int // lines without "number:" in front
}

// maxDictLine bounds one line so a corrupt file cannot make us buffer it all.
const maxDictLine = 64 << 10

// Load reads `hash:name` lines (UTF-8, optional BOM, LF or CRLF; the hash in
// decimal or 0x-hex) into d. A name is kept only when Hash(name) equals the
// stated hash: the public list has lines whose "name" lost characters to
// line breaks or escapes, and a wrong name is worse than UNK_<HEX8>.
// Errors name the source and line.
func (d *Dictionary) Load(source string, r io.Reader) (LoadStats, error) {
	var st LoadStats
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxDictLine)
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if line == 1 {
			b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
		}
		b = bytes.TrimSuffix(b, []byte("\r"))
		if len(b) == 0 {
			continue
		}
		st.Lines++
		i := bytes.IndexByte(b, ':')
		if i <= 0 {
			st.Bad++
			continue
		}
		h, err := parseHash(string(b[:i]))
		if err != nil {
			st.Bad++
			continue
		}
		name := string(b[i+1:])
		if Hash(name) != h {
			st.Mismatch++
			continue
		}
		d.Add(name)
		st.Added++
	}
	if err := sc.Err(); err != nil {
		return st, fmt.Errorf("%s:%d: %w", source, line+1, err)
	}
	return st, nil
}

func parseHash(s string) (uint32, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		v, err := strconv.ParseUint(s[2:], 16, 32)
		return uint32(v), err
	}
	if strings.HasPrefix(s, "-") { // some lists print the hash as a signed int32
		v, err := strconv.ParseInt(s, 10, 32)
		return uint32(v), err
	}
	v, err := strconv.ParseUint(s, 10, 32)
	return uint32(v), err
}
