package archive

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"sync"

	"packsmith/backend/sys/limits"
)

// Entry is one file in an archive.
type Entry struct {
	// Path is '/'-separated, never starts with '/', as the family stores it
	// (TL2: MEDIA/UNITS/…; IOP: '\' shown as '/'; Reborn: #3/#0).
	Path string `json:"path"`
	// Size is the entry's length once decoded; -1 when unknown without decoding.
	Size int64 `json:"size"`
	// Packed is the number of bytes the entry takes inside the archive.
	Packed int64 `json:"packed"`
	// Kind is a short name for what the entry is (e.g. "text", "texture",
	// "BINDAT", "zip-deflate"); families choose it, previews key on it.
	Kind string `json:"kind"`
	// Extra holds the family's typed fields (tl2drv.EntryExtra: type code
	// and CRC; iopdrv.EntryExtra: comment, encryption, …); nil for
	// families with none. Its JSON is what `ls --json` and the window show.
	Extra EntryExtra `json:"extra,omitempty" ts_type:"{[key: string]: any}"`
}

// EntryExtra is one family's typed facts about an entry, a struct of the
// driver's own. Generic code asks only what every family can answer.
type EntryExtra interface {
	// Shadowed says a later copy of the same path hides this one: it is
	// listed, but the game (and every lookup) reads the other.
	Shadowed() bool
	// From names the part of a view over several containers the entry
	// comes from (a Lost Saga game folder: its pack); "" otherwise.
	From() string
}

// Shadowed says whether e is a copy a later one of its path hides.
func (e Entry) Shadowed() bool { return e.Extra != nil && e.Extra.Shadowed() }

// Name is the last element of the entry's path.
func (e Entry) Name() string { return path.Base(e.Path) }

// Archive is an opened container. Implementations must be safe for
// concurrent Open calls (previews and extract run side by side).
type Archive interface {
	// Family names the driver that opened it ("zip", "tl2-mod", …).
	Family() string
	// Path is the file the archive was opened from.
	Path() string
	// Entries lists every file entry; the slice must not be modified.
	Entries() []Entry
	// Open returns a reader over one entry's decoded bytes.
	Open(entryPath string) (io.ReadCloser, error)
	Close() error
	// Capabilities says what the family can do with this archive beyond
	// reading it (caps.go): edits, checks, metadata, lookup rules.
	Capabilities() Capabilities
}

// Severity of a verification finding.
type Severity string

const (
	SevError   Severity = "error"   // the game will misbehave
	SevWarning Severity = "warning" // likely a mistake
	SevInfo    Severity = "info"    // reported, never a failure
)

// Finding is one result of a verification check.
type Finding struct {
	Severity Severity `json:"severity"`
	Check    string   `json:"check"`           // short id: "rolling-hash", "crc", …
	Entry    string   `json:"entry,omitempty"` // the entry it is about, if any
	Offset   int64    `json:"offset,omitempty"`
	Message  string   `json:"message"` // what it means, in words a player understands
}

// EditOp is a write-back operation.
type EditOp int

const (
	EditReplace EditOp = iota
	EditAdd
	EditRemove
	EditRename
	// EditDropShadowed (no Path) drops the later copies of every path an
	// archive lists more than once, for families that can (tl2-mod); a
	// repack otherwise keeps them as they are.
	EditDropShadowed
)

func (o EditOp) String() string {
	switch o {
	case EditReplace:
		return "replace"
	case EditAdd:
		return "add"
	case EditRemove:
		return "remove"
	case EditRename:
		return "rename"
	case EditDropShadowed:
		return "drop-shadowed"
	}
	return fmt.Sprintf("EditOp(%d)", int(o))
}

// Edit is one change to apply when rewriting an archive.
type Edit struct {
	Op   EditOp
	Path string // entry path
	// Source is a file on disk whose bytes become the entry (replace, add).
	Source string
	// NewPath is the entry's new path (rename).
	NewPath string
	// Convert says whether the write converts Source to what the game
	// reads (backend/intake: TL2 text compiled, pictures encoded as the
	// texture they replace, text kept in its encoding).
	Convert Conversion
}

// Conversion is how a write treats its source bytes.
type Conversion uint8

const (
	// ConvertAuto converts where the family's own tool would (the default).
	ConvertAuto Conversion = iota
	// ConvertNone stores the bytes as they are (--as-is); nothing derived
	// (RAW indices) is rebuilt for the edit either.
	ConvertNone
	// ConvertDone: the caller converted the bytes already (the window's
	// pending changes); derived data is still rebuilt.
	ConvertDone
	// ConvertStrict is ConvertAuto refusing a number that is not what it
	// says (read the C way, out of range, infinite, NaN) instead of
	// storing it with a warning (--strict).
	ConvertStrict
)

// Staged is output written to temporary files, not yet in place.
// Commit renames every file into place; Abort removes them.
type Staged interface {
	Commit() error
	Abort() error
}

// Progress receives job progress. Implementations must be cheap and safe
// for concurrent use; the app throttles what reaches the window.
type Progress interface {
	Progress(done, total int64, what string)
}

// NoProgress discards progress.
type NoProgress struct{}

func (NoProgress) Progress(int64, int64, string) {}

// OpenOptions are passed to drivers.
type OpenOptions struct {
	Password string // for families with encryption (IOP)
	// MaxAlloc caps what a header may make a reader allocate at once;
	// 0 means the driver's default.
	MaxAlloc int64
	// Budget is the memory budget decoding takes its share of (Reborn's
	// MLZ0 layers and entries): the command's or the window's. nil means
	// a default one of the archive's own (backend/sys/limits).
	Budget *limits.Budget
}

// Driver opens one family's archives.
type Driver interface {
	// Name is the family id ("zip", "tl2-mod", "tl2-pak", "reborn-dat", "iop").
	Name() string
	// Detect says whether the file looks like this family, from its name
	// and first bytes (head may be shorter than asked for small files).
	Detect(name string, head []byte) bool
	Open(path string, opts OpenOptions) (Archive, error)
}

var (
	regMu   sync.RWMutex
	drivers []Driver
)

// Register adds a driver; drivers register themselves in init.
func Register(d Driver) {
	regMu.Lock()
	defer regMu.Unlock()
	drivers = append(drivers, d)
	sort.SliceStable(drivers, func(i, j int) bool { return drivers[i].Name() < drivers[j].Name() })
}

// Drivers lists the registered drivers.
func Drivers() []Driver {
	regMu.RLock()
	defer regMu.RUnlock()
	return append([]Driver(nil), drivers...)
}

// ErrUnknownFormat is returned when no driver recognises a file.
var ErrUnknownFormat = errors.New("not an archive Packsmith knows")

// ErrNotFound is returned by Open for a path that is not in the archive.
var ErrNotFound = errors.New("no such entry")

// HeadSize is how many leading bytes Detect gets.
const HeadSize = 512

// ErrNotRegular is returned for a path that is neither a file nor a
// folder: reading a FIFO blocks until a writer comes, a device never ends.
var ErrNotRegular = errors.New("not a regular file")

// notRegular refuses, before it is opened, what is neither a regular file
// nor a folder (a FIFO, a device, a socket).
func notRegular(p string, st os.FileInfo) error {
	if st.IsDir() || st.Mode().IsRegular() {
		return nil
	}
	what := "a special file"
	switch m := st.Mode(); {
	case m&os.ModeNamedPipe != 0:
		what = "a FIFO"
	case m&os.ModeDevice != 0:
		what = "a device"
	case m&os.ModeSocket != 0:
		what = "a socket"
	}
	return fmt.Errorf("%s: %w (it is %s; Packsmith reads files and folders)", p, ErrNotRegular, what)
}

// Detect returns the driver for the file at p, reading its first bytes.
func Detect(p string) (Driver, error) {
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s: is a folder (folders open through DetectDir/OpenDir)", p)
	} else if err == nil {
		if err := notRegular(p, st); err != nil {
			return nil, err
		}
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	head := make([]byte, HeadSize)
	n, err := io.ReadFull(f, head)
	f.Close()
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	for _, d := range Drivers() {
		if d.Detect(p, head[:n]) {
			return d, nil
		}
	}
	return nil, fmt.Errorf("%s: %w", p, ErrUnknownFormat)
}

// Open detects the family of the file at p and opens it. A folder opens
// through its best folder driver (dir.go), and a file no family knows
// through a fallback driver when one takes it (a loose texture or grid).
func Open(p string, opts OpenOptions) (Archive, error) {
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		return OpenDir(p, opts)
	} else if err == nil {
		if err := notRegular(p, st); err != nil {
			return nil, err
		}
	}
	d, err := Detect(p)
	if errors.Is(err, ErrUnknownFormat) {
		if a, ok, ferr := openFallback(p, opts); ok {
			return a, ferr
		}
	}
	if err != nil {
		return nil, err
	}
	return d.Open(p, opts)
}

// Find returns the entry with the given path. Lookup is exact first, then
// case-insensitive (Windows users type names in any case).
func Find(a Archive, entryPath string) (Entry, bool) {
	entryPath = strings.TrimPrefix(strings.ReplaceAll(entryPath, `\`, "/"), "/")
	es := a.Entries()
	for _, e := range es {
		if e.Path == entryPath {
			return e, true
		}
	}
	for _, e := range es {
		if strings.EqualFold(e.Path, entryPath) {
			return e, true
		}
	}
	return Entry{}, false
}

// EntryError names the archive, the entry and, when known, the offset.
type EntryError struct {
	Archive string
	Entry   string
	Offset  int64 // -1 when unknown
	Err     error
}

func (e *EntryError) Error() string {
	s := e.Archive
	if e.Entry != "" {
		s += ": " + e.Entry
	}
	if e.Offset >= 0 {
		s += fmt.Sprintf(" (offset 0x%X)", e.Offset)
	}
	return s + ": " + e.Err.Error()
}

func (e *EntryError) Unwrap() error { return e.Err }
