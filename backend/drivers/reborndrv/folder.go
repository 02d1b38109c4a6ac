package reborndrv

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/reborn/filetable"
)

// DataFamily is the family of a game's Data/ folder opened through its
// FileTable.bin.
const DataFamily = "reborn-data"

// MaxTable caps the FileTable.bin read (the game's is well under a MB).
const MaxTable = 64 << 20

func init() {
	archive.Register(DataDriver{})
	archive.RegisterDir(DataDriver{})
}

// DataDriver opens a Reborn Data/ folder, or its FileTable.bin: the entries
// are the files the table names, with their sizes in the table and on disk.
type DataDriver struct{}

func (DataDriver) Name() string { return DataFamily }

// Detect accepts a file named FileTable.bin whose first u16 is the table
// magic 0x1EF1 (either byte order).
func (DataDriver) Detect(name string, head []byte) bool {
	if !strings.EqualFold(filepath.Base(name), "FileTable.bin") || len(head) < 2 {
		return false
	}
	return binary.LittleEndian.Uint16(head) == filetable.Magic || binary.BigEndian.Uint16(head) == filetable.Magic
}

// DetectDir scores a folder holding a FileTable.bin: 10, above a generic
// folder view (1).
func (DataDriver) DetectDir(dir string) int {
	if tableIn(dir) != "" {
		return 10
	}
	return 0
}

func tableIn(dir string) string {
	for _, n := range []string{"FileTable.bin", "filetable.bin", "FILETABLE.BIN"} {
		p := filepath.Join(dir, n)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// OpenDir opens a Data/ folder through its FileTable.bin.
func (d DataDriver) OpenDir(dir string, opts archive.OpenOptions) (archive.Archive, error) {
	return d.Open(dir, opts)
}

// DataArchive is an opened Data/ folder.
type DataArchive struct {
	path, root, table string
	t                 *filetable.Table
	entries           []archive.Entry
	disk              map[string]string // entry path → file on disk
	problems          []archive.Finding
}

// Open reads the table and stats every file it names.
func (DataDriver) Open(p string, _ archive.OpenOptions) (archive.Archive, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	tp := p
	if st.IsDir() {
		if tp = tableIn(p); tp == "" {
			return nil, fmt.Errorf("%s: no FileTable.bin in this folder", p)
		}
	}
	FinishInterrupted(filepath.Dir(tp)) // before the table is read: journal.go
	tst, err := os.Stat(tp)
	if err != nil {
		return nil, err
	}
	if tst.Size() > MaxTable {
		return nil, fmt.Errorf("%s: %d bytes, over the %d-byte cap for a file table", tp, tst.Size(), MaxTable)
	}
	b, err := os.ReadFile(tp)
	if err != nil {
		return nil, err
	}
	t, err := filetable.Decode(b)
	if err != nil {
		return nil, &archive.EntryError{Archive: tp, Offset: -1, Err: err}
	}
	a := &DataArchive{path: p, root: filepath.Dir(tp), table: tp, t: t, disk: map[string]string{}}
	seen := map[string]bool{}
	for _, r := range t.Rows {
		name := strings.TrimPrefix(filepath.ToSlash(strings.ReplaceAll(r.Path, `\`, "/")), "./")
		if name == "" {
			name = fmt.Sprintf("dir%d/file%d", r.Dir, r.File) // a PSP row: no external file
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		disk := filepath.Join(a.root, filepath.FromSlash(name))
		x := &DataExtra{Dir: r.Dir, File: r.File, TableSize: r.Size, DiskPath: disk}
		e := archive.Entry{Path: name, Size: int64(r.Size), Packed: -1, Kind: "file", Extra: x}
		if strings.EqualFold(filepath.Ext(name), ".dat") {
			e.Kind = Family
		}
		if r.Path == "" {
			x.Problem = "the table gives no external file (a PSP table)"
		} else if fst, err := os.Stat(disk); err != nil {
			x.Problem = "missing on disk"
			a.problems = append(a.problems, archive.Finding{Severity: archive.SevError, Check: "filetable-missing", Entry: name,
				Message: fmt.Sprintf("FileTable.bin names %s (directory %d, file %d), which is not on disk", name, r.Dir, r.File)})
		} else {
			e.Packed = fst.Size()
			size := fst.Size()
			x.DiskSize = &size
			if fst.Size() != int64(r.Size) {
				x.Problem = fmt.Sprintf("size differs: table %d, disk %d", r.Size, fst.Size())
				a.problems = append(a.problems, archive.Finding{Severity: archive.SevError, Check: "filetable-size", Entry: name,
					Message: fmt.Sprintf("FileTable.bin says %d bytes, the file on disk has %d: the game reads it over the table's length", r.Size, fst.Size())})
			}
		}
		a.disk[name] = disk
		a.entries = append(a.entries, e)
	}
	return a, nil
}

func (a *DataArchive) Family() string           { return DataFamily }
func (a *DataArchive) Path() string             { return a.path }
func (a *DataArchive) Entries() []archive.Entry { return a.entries }
func (a *DataArchive) Close() error             { return nil }

// Capabilities: the table is read, never written here; its checks compare
// the table with the files on disk.
func (a *DataArchive) Capabilities() archive.Capabilities {
	return archive.Capabilities{Verify: a.Verify, Info: a.Info}
}

// DiskPath is the file on disk an entry names.
func (a *DataArchive) DiskPath(entry string) (string, bool) {
	e, ok := archive.Find(a, entry)
	if !ok {
		return "", false
	}
	return a.disk[e.Path], true
}

// Open returns the file's bytes as they are on disk.
func (a *DataArchive) Open(entry string) (io.ReadCloser, error) {
	p, ok := a.DiskPath(entry)
	if !ok {
		return nil, &archive.EntryError{Archive: a.path, Entry: entry, Offset: -1, Err: archive.ErrNotFound}
	}
	f, err := safefile.OpenShared(p)
	if err != nil {
		return nil, &archive.EntryError{Archive: a.path, Entry: entry, Offset: -1, Err: err}
	}
	return f, nil
}

// DataInfo is the table's header and what disagrees with the disk.
type DataInfo struct {
	Family      string `json:"family"`
	Table       string `json:"table"`
	TitleID     string `json:"titleId"`
	Reborn      bool   `json:"reborn"`
	Directories int    `json:"directories"`
	Batches     int    `json:"batches"`
	Names       int    `json:"names"`
	Files       int    `json:"files"`
	Problems    int    `json:"problems"`
}

func (a *DataArchive) Info() any {
	return DataInfo{Family: DataFamily, Table: a.table, TitleID: a.t.TitleID1, Reborn: a.t.Reborn, Directories: len(a.t.Directories),
		Batches: len(a.t.Batches), Names: len(a.t.Names), Files: len(a.entries), Problems: len(a.problems)}
}

// Verify reports files missing on disk and sizes that disagree.
func (a *DataArchive) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	return append([]archive.Finding(nil), a.problems...), nil
}
