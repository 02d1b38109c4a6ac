package journal

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"packsmith/backend/sys/procalive"
	"packsmith/backend/sys/safefile"
)

// Field is one "<key> <value>" line.
type Field struct {
	Key, Value string
}

// Journal is one journal as read back.
type Journal struct {
	Path   string
	Head   string
	PID    int // 0: it names none
	Fields []Field
}

// ErrDamaged is what Read returns (wrapped) for a file that is not a
// journal of the kind asked for.
var ErrDamaged = errors.New("not a journal of this kind")

// Value is the first value under key ("" when there is none).
func (j *Journal) Value(key string) string {
	for _, f := range j.Fields {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}

// Values are every value under key, in order.
func (j *Journal) Values(key string) []string {
	var out []string
	for _, f := range j.Fields {
		if f.Key == key {
			out = append(out, f.Value)
		}
	}
	return out
}

// Live reports whether the step the journal records may still be running:
// its writer is this process or a process that runs.
func (j *Journal) Live() bool {
	return j.PID > 0 && (j.PID == os.Getpid() || procalive.Alive(j.PID))
}

// Encode is the bytes of a journal of head with fields, written by pid.
func Encode(head string, pid int, fields ...Field) []byte {
	var b strings.Builder
	b.WriteString(head)
	b.WriteByte('\n')
	for _, f := range fields {
		b.WriteString(f.Key)
		b.WriteByte(' ')
		b.WriteString(quote(f.Value))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "pid %d\n", pid)
	return []byte(b.String())
}

// Write writes a journal of head with fields at path, owned by this
// process: whole or not at all, and on disk before it returns.
func Write(path, head string, fields ...Field) error {
	for _, f := range fields {
		if f.Key == "" || f.Key == "pid" || strings.ContainsAny(f.Key, " \t\r\n") {
			return fmt.Errorf("journal: bad key %q", f.Key)
		}
	}
	return safefile.WriteFile(path, Encode(head, os.Getpid(), fields...))
}

// Read reads the journal at path, which must have head. A missing file's
// error is the os one (errors.Is(err, fs.ErrNotExist)); any other file that
// does not parse gives an error wrapping ErrDamaged.
func Read(path, head string) (*Journal, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	j, err := Parse(b, head)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	j.Path = path
	if j.PID == 0 {
		j.PID = namePID(filepath.Base(path)) // an earlier version's journal
	}
	return j, nil
}

// Parse reads a journal's bytes, which must start with head.
func Parse(b []byte, head string) (*Journal, error) {
	s := string(b)
	first, rest, ok := strings.Cut(s, "\n")
	if strings.HasPrefix(s, "{") {
		return parseJSON(b)
	}
	if !ok || first != head {
		return nil, fmt.Errorf("%w: the first line is not %q", ErrDamaged, head)
	}
	j := &Journal{Head: head}
	for _, line := range strings.Split(rest, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, _ := strings.Cut(line, " ")
		if strings.HasPrefix(v, `"`) {
			u, err := strconv.Unquote(v)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: a quoted value does not end", ErrDamaged, k)
			}
			v = u
		}
		if k == "pid" {
			pid, err := strconv.Atoi(v)
			if err != nil || pid <= 0 {
				return nil, fmt.Errorf("%w: pid %q", ErrDamaged, v)
			}
			j.PID = pid
			continue
		}
		j.Fields = append(j.Fields, Field{k, v})
	}
	return j, nil
}

// parseJSON reads a journal an earlier version wrote (doc.go): one JSON
// object whose strings are values and whose arrays of strings are lists,
// keys in name order.
func parseJSON(b []byte) (*Journal, error) {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	j := &Journal{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch v := m[k].(type) {
		case string:
			j.Fields = append(j.Fields, Field{k, v})
		case []any:
			for _, x := range v {
				if s, ok := x.(string); ok {
					j.Fields = append(j.Fields, Field{k, s})
				}
			}
		}
	}
	return j, nil
}

// namePID is the pid in a journal's name (NewPath's: the number after the
// kind), 0 when it has none.
func namePID(name string) int {
	if !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, suffix) {
		return 0
	}
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(name, prefix), suffix), "-")
	if len(parts) < 2 {
		return 0
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

func quote(v string) string {
	if v == "" || v[0] == '"' || v[0] == ' ' || v[len(v)-1] == ' ' || strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 || r == 0x7F }) {
		return strconv.Quote(v)
	}
	return v
}

const (
	prefix = ".packsmith-"
	suffix = ".journal"
)

// NewPath names a new journal of kind (a word: "deploy") in dir, unique to
// this process and call.
func NewPath(dir, kind string) string {
	var rb [4]byte
	rand.Read(rb[:])
	return filepath.Join(dir, prefix+kind+"-"+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(rb[:])+suffix)
}

// List is the journals of kind in dir, by name (nil when there are none or
// dir does not read).
func List(dir, kind string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); !e.IsDir() && strings.HasPrefix(n, prefix+kind+"-") && strings.HasSuffix(n, suffix) {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out
}

// Sweep finishes the journals of kind in dir whose step nobody runs any
// more: each is read (one that does not parse is removed once the process
// its name gives is gone: it records nothing to finish) and handed to
// finish; it is removed when finish returns nil and kept for the next run
// otherwise. Journals of live steps are left alone.
func Sweep(dir, kind, head string, finish func(*Journal) error) {
	for _, p := range List(dir, kind) {
		j, err := Read(p, head)
		switch {
		case errors.Is(err, ErrDamaged):
			if pid := namePID(filepath.Base(p)); pid == 0 || (pid != os.Getpid() && !procalive.Alive(pid)) {
				os.Remove(p)
			}
			continue
		case err != nil:
			continue // gone meanwhile, or unreadable: not ours to judge
		case j.Live():
			continue
		}
		if finish(j) == nil {
			os.Remove(p)
		}
	}
}
