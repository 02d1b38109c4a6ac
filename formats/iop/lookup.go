package iop

import (
	"bufio"
	"bytes"
	"strings"

	"packsmith/formats/cp949"
)

// Winners maps each lookup key to the entry the client uses for it: on a
// duplicate name the entry later in the central directory wins.
func (z *Reader) Winners() map[string]*File {
	m := make(map[string]*File, len(z.File))
	for _, f := range z.File {
		m[f.Key()] = f
	}
	return m
}

// DeleteListName is the piece pack the client reads the delete list from,
// relative to the game folder. Its one entry is DeleteListEntry.
const (
	DeleteListName  = `info\delete_file_list.cfg.iop`
	DeleteListEntry = `info\delete_file_list.cfg`
)

// DeleteList holds the lookup keys the client hides, per pack.
type DeleteList struct {
	RS  []string // removed from rs.iop
	Map []string // removed from map.iop (lines that started with _map)
}

// ParseDeleteList reads delete_file_list.cfg the way the client does: per
// line (code page 949 bytes), '[' and ']' dropped, folded as names are
// (cp949.FoldKey: A–Z lower-cased, '/' turned into '\'); a line that
// starts with "_map" names a map.iop entry after its first five characters
// ("_map\"), every other line an rs.iop entry.
func ParseDeleteList(data []byte) DeleteList {
	var dl DeleteList
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		// byte-wise: the lines are code page 949, not UTF-8
		line := strings.NewReplacer("[", "", "]", "").Replace(sc.Text())
		line = cp949.FoldKey(strings.TrimSpace(line))
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "_map") {
			if len(line) > 5 {
				dl.Map = append(dl.Map, line[5:])
			}
			continue
		}
		dl.RS = append(dl.RS, line)
	}
	return dl
}
