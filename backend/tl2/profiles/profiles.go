package profiles

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/workspace/settings"
)

// Format is the version of the profile file this package writes and reads.
const Format = 1

// MaxName is the longest profile name, in characters.
const MaxName = 64

// maxProfileFile bounds what Get reads of one profile file: a profile of
// a thousand mods is ~300 KB.
const maxProfileFile = 4 << 20

// Errors callers may test with errors.Is.
var (
	ErrNotFound = errors.New("no such profile")
	ErrBadName  = errors.New("bad profile name")
)

// Mod is one mod of a profile.
type Mod struct {
	ID     int64  `json:"id,string"`
	Title  string `json:"title"`
	File   string `json:"file"`   // relative to the mods folder, '/'-separated; "" = no file
	SHA256 string `json:"sha256"` // "" = no file
	Size   int64  `json:"size"`
}

// Combined is the combined build of a profile's mods (issue 43's combine):
// the .MOD (relative to the mods folder), its SHA-256 and MOD_ID.
// backend/tl2/combine's Deploy records it in the profile it saves of the
// setup before (the constituents' profile, which does not activate it);
// Snapshot records the one a profile activates, and Keep keeps a copy of
// that build for Use to put back.
type Combined struct {
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
	ID     int64  `json:"id,string"`
	// Mods are the constituents' MOD_IDs in load order, decimal.
	Mods []string `json:"mods,omitempty"`
	// Units maps each unit GUID the constituents provide to the one
	// providing it (Providers), both decimal: a character moved back
	// from the combined mod gets, per object, that constituent's id.
	Units map[string]string `json:"units,omitempty"`
}

// Profile is one saved setup.
type Profile struct {
	Format   int       `json:"format"`
	Name     string    `json:"name"`
	Saved    time.Time `json:"saved"`
	UserDir  string    `json:"userDir"`
	ModsDir  string    `json:"modsDir"`
	Mods     []Mod     `json:"mods"`
	Combined *Combined `json:"combined"`
}

// Store is a folder of profiles.
type Store struct{ Dir string }

// Default is the store in the settings folder.
func Default() Store { return Store{Dir: filepath.Join(settings.Dir(), "profiles")} }

// CheckName says why name cannot name a profile (ErrBadName), or nil.
func CheckName(name string) error {
	n := []rune(name)
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("%w: empty", ErrBadName)
	case len(n) > MaxName:
		return fmt.Errorf("%w: %d characters (at most %d)", ErrBadName, len(n), MaxName)
	case name == "." || name == "..":
		return fmt.Errorf("%w: %q", ErrBadName, name)
	case name != strings.TrimSpace(name) || strings.HasSuffix(name, "."):
		return fmt.Errorf("%w: %q starts or ends with a space or ends with a dot", ErrBadName, name)
	}
	for _, r := range name {
		if unicode.IsControl(r) || strings.ContainsRune(`<>:"/\|?*`, r) {
			return fmt.Errorf("%w: %q holds %q (not allowed in a file name)", ErrBadName, name, r)
		}
	}
	return nil
}

// path is the file of the profile named name (any case): the existing
// file whose name matches ignoring case, else <name>.json.
func (st Store) path(name string) (string, bool) {
	es, _ := os.ReadDir(st.Dir)
	for _, e := range es {
		if base, ok := strings.CutSuffix(e.Name(), ".json"); ok && !e.IsDir() && strings.EqualFold(base, name) {
			return filepath.Join(st.Dir, e.Name()), true
		}
	}
	return filepath.Join(st.Dir, name+".json"), false
}

// Get reads the profile named name (any case).
func (st Store) Get(name string) (*Profile, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	p, ok := st.path(name)
	if !ok {
		return nil, fmt.Errorf("%w %q (profiles are in %s)", ErrNotFound, name, st.Dir)
	}
	return readProfile(p)
}

func readProfile(p string) (*Profile, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > maxProfileFile {
		return nil, fmt.Errorf("%s: %d bytes, more than a profile holds (%d)", p, fi.Size(), maxProfileFile)
	}
	var pr Profile
	if err := json.NewDecoder(f).Decode(&pr); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if pr.Format != Format {
		return nil, fmt.Errorf("%s: format %d is not one this Packsmith reads (%d)", p, pr.Format, Format)
	}
	if err := CheckName(pr.Name); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if pr.Mods == nil {
		pr.Mods = []Mod{}
	}
	return &pr, nil
}

// Put writes p (replacing the profile of that name, any case).
func (st Store) Put(p *Profile) error {
	if err := CheckName(p.Name); err != nil {
		return err
	}
	p.Format = Format
	if p.Mods == nil {
		p.Mods = []Mod{}
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(st.Dir, 0o755); err != nil {
		return err
	}
	// The same profile under another case replaces the file it has (its
	// name's case kept in the JSON): writing a second name and removing
	// the first would, on a case-insensitive disk, remove what was written.
	target, _ := st.path(p.Name)
	return safefile.WriteFile(target, append(b, '\n'))
}

// Remove deletes the profile named name (any case).
func (st Store) Remove(name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	p, ok := st.path(name)
	if !ok {
		return fmt.Errorf("%w %q", ErrNotFound, name)
	}
	return os.Remove(p)
}

// Summary is one profile as List shows it.
type Summary struct {
	Name  string    `json:"name"`
	Saved time.Time `json:"saved"`
	Mods  int       `json:"mods"`
	Error string    `json:"error"` // why the file cannot be read ("" = fine)
}

// List is every profile, by name (ignoring case). A file that cannot be
// read is listed with its error, not skipped.
func (st Store) List() ([]Summary, error) {
	es, err := os.ReadDir(st.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return []Summary{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := []Summary{}
	for _, e := range es {
		base, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p, err := readProfile(filepath.Join(st.Dir, e.Name()))
		if err != nil {
			out = append(out, Summary{Name: base, Error: err.Error()})
			continue
		}
		out = append(out, Summary{Name: p.Name, Saved: p.Saved, Mods: len(p.Mods)})
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out, nil
}
