package deploy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/tl2/tl2paths"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/sch"
)

// SchName is the mod activation list, kept in the user folder beside mods/.
const SchName = tl2paths.SchName

// MaxActiveMods is how many mods the game activates (tl2-notes §6).
const MaxActiveMods = 10

// DefaultModsDir is where the game looks for mods: on Windows
// Documents/My Games/Runic Games/Torchlight 2/mods; elsewhere the Mac or
// Proton copy of that folder when its user folder exists. "" when there is
// no default (a setting or --mods must say).
func DefaultModsDir() string { return tl2paths.DefaultModsDir() }

// Replaced is a copy Mod moved out of the mods folder: an older copy of
// the same mod, or what held the deployed file's name.
type Replaced struct {
	Path     string `json:"path"`
	Backup   string `json:"backup,omitempty"`   // where it was moved (backend/workspace/backups); "" when the deploy overwrote it
	BackupID string `json:"backupId,omitempty"` // the ID that restores it (packsmith backups restore ID)
	ModID    int64  `json:"modId,string"`
}

// SchReplaced is a line of modlauncher.sch that named an earlier build of
// the deployed mod (the same title and file name, another MOD_ID) and now
// names the deployed one, in the same place.
type SchReplaced struct {
	OldID int64 `json:"oldId,string"`
	NewID int64 `json:"newId,string"`
	Place int   `json:"place"` // 1-based place in the list
}

// Result says what Mod did.
type Result struct {
	ModsDir        string     `json:"modsDir"`
	Path           string     `json:"path"` // the deployed .MOD
	Replaced       []Replaced `json:"replaced"`
	Enabled        bool       `json:"enabled"` // listed in modlauncher.sch
	AlreadyEnabled bool       `json:"alreadyEnabled,omitempty"`
	SchPath        string     `json:"schPath,omitempty"`
	SchBackup      string     `json:"schBackup,omitempty"`
	SchBackupID    string     `json:"schBackupId,omitempty"`
	// SchReplaced is set when the list named an earlier build of this mod
	// under another id: that line now names this one.
	SchReplaced *SchReplaced `json:"schReplaced,omitempty"`
	// Previous is the build of this mod the deploy wrote over (the same
	// MOD_ID under the same name), copied to the backups first so that it
	// can be restored; nil when there was none or it had the same bytes.
	Previous *Replaced `json:"previous,omitempty"`
	Warnings []string  `json:"warnings"`
}

// Mod copies a packed .MOD into the mods folder atomically (a temporary
// file renamed into place), under its own file name. Older copies of the
// same mod id elsewhere in the folder are moved to the backup folder
// (backend/backups: out of the game's way; the game loads the first file
// per id, so two copies would fight); a different mod already under the
// target name is moved there the same way. When that file is an earlier
// build of this mod (the same title, another MOD_ID: a mod folder without
// MOD_ID packed twice) and modlauncher.sch lists its id, that line is made
// to name the new id instead of leaving a dead one. With enable, the id
// goes first in modlauncher.sch (backed up first), so the mod wins over
// the others. Nothing but the .MOD is left in the mods folder. Cancelling
// leaves the folder as it was.
func Mod(ctx context.Context, modPath string, modID int64, modsDir string, enable bool) (*Result, error) {
	modsDir, err := openModsDir(modsDir)
	if err != nil {
		return nil, err
	}
	lock, err := filelock.Acquire(ctx, modsDir, 0) // one deploy per mods folder at a time
	if err != nil {
		return nil, fmt.Errorf("deploy: %w", err)
	}
	defer lock.Unlock()
	res := &Result{ModsDir: modsDir, Replaced: []Replaced{}, Warnings: finishJournals(modsDir)}
	target := filepath.Join(modsDir, filepath.Base(modPath))
	res.Path = target

	older, holder, err := scanMods(modsDir, target, modID)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// An earlier build of this very mod under the target name: its
	// modlauncher.sch line is this mod's (see updateSch).
	earlier := int64(0)
	if holder.other && holder.id != 0 {
		if h, err := ReadHeader(modPath); err == nil && strings.TrimSpace(h.Title) != "" && strings.EqualFold(strings.TrimSpace(h.Title), strings.TrimSpace(holder.title)) {
			earlier = holder.id
		}
	}
	store := backups.Default()
	var retiring []string
	for _, o := range older {
		retiring = append(retiring, o.Path)
	}
	jp, err := writeJournal(modsDir, modID, target, retiring)
	if err != nil {
		return nil, fmt.Errorf("deploy: %w", err)
	}
	if jp != "" {
		defer os.Remove(jp) // after the older copies are retired
	}
	deployStep("journal")
	if !sameFile(modPath, target) {
		if err := copyAtomic(ctx, modPath, target, func() error {
			if !holder.other {
				// The build deployed before: copied, not moved, so that a
				// failed rename leaves it in place.
				e, err := keepPrevious(store, modPath, target, modsDir)
				if err != nil {
					return err
				}
				if e != nil {
					res.Previous = &Replaced{Path: target, Backup: e.Path, BackupID: e.ID, ModID: modID}
				}
				return nil
			}
			if holder.other {
				why := "held the name of the deployed .MOD"
				if earlier != 0 {
					why = "an earlier build of the deployed mod (another MOD_ID)"
				}
				e, err := retire(store, target, modsDir, why)
				if err != nil {
					return err
				}
				res.Replaced = append(res.Replaced, Replaced{Path: target, Backup: e.Path, BackupID: e.ID, ModID: holder.id})
				if earlier == 0 {
					what := fmt.Sprintf("a different mod (MOD_ID %d)", holder.id)
					if holder.id == 0 {
						what = "a file that is not a readable .MOD"
					}
					res.Warnings = append(res.Warnings, fmt.Sprintf("%s held %s; moved to the backups (%s)", target, what, e.ID))
				}
			}
			return nil
		}); err != nil {
			return nil, err
		}
	}
	deployStep("placed")
	for _, o := range older {
		e, err := retire(store, o.Path, modsDir, "an older copy of the deployed mod")
		if err != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("could not move the older copy %s aside: %v (the game may load it instead)", o.Path, err))
			continue
		}
		o.Backup, o.BackupID = e.Path, e.ID
		res.Replaced = append(res.Replaced, o)
	}
	if enable || earlier != 0 {
		if err := updateSch(res, store, modsDir, modID, enable, earlier); err != nil {
			return res, err
		}
	}
	return res, nil
}

// openModsDir settles the mods folder ("" = DefaultModsDir), making it
// when only its parent (the game's user folder) exists.
func openModsDir(modsDir string) (string, error) {
	if modsDir == "" {
		modsDir = DefaultModsDir()
	}
	if modsDir == "" {
		return "", errors.New("deploy: no mods folder on this system; give one (--mods DIR, or the mods folder field in the window)")
	}
	modsDir = filepath.Clean(modsDir)
	if st, err := os.Stat(modsDir); err != nil {
		parent := filepath.Dir(modsDir)
		if pst, perr := os.Stat(parent); perr != nil || !pst.IsDir() {
			return "", fmt.Errorf("deploy: neither the mods folder %s nor its parent exists (is the game's user folder right?)", modsDir)
		}
		if err := os.Mkdir(modsDir, 0o755); err != nil {
			return "", fmt.Errorf("deploy: %w", err)
		}
	} else if !st.IsDir() {
		return "", fmt.Errorf("deploy: %s is not a folder", modsDir)
	}
	return modsDir, nil
}

// nameHolder is what holds the deployed file's name in the mods folder.
type nameHolder struct {
	other bool   // another mod, or a file that is not a readable .MOD
	id    int64  // its MOD_ID (0 when unreadable)
	title string // its title
}

// scanMods finds, under modsDir, the other copies of mod id modID and
// whatever holds the name target.
func scanMods(modsDir, target string, modID int64) (older []Replaced, holder nameHolder, err error) {
	err = filepath.WalkDir(modsDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == modsDir {
				return err
			}
			return nil // unreadable subfolder: not ours to judge
		}
		if d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".mod") {
			return nil
		}
		h, err := ReadHeader(p)
		if err != nil {
			if sameFile(p, target) {
				holder.other = true // not a readable .MOD: keep it aside, do not lose it
			}
			return nil
		}
		switch {
		case sameFile(p, target):
			if h.ModID != modID {
				holder = nameHolder{other: true, id: h.ModID, title: h.Title}
			}
		case h.ModID == modID:
			older = append(older, Replaced{Path: p, ModID: h.ModID})
		}
		return nil
	})
	if err != nil {
		return nil, holder, fmt.Errorf("deploy: scanning %s: %w", modsDir, err)
	}
	return older, holder, nil
}

// deployStep marks the points between Mod's moves (tests stop there).
var deployStep = func(string) {}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(sa, sb)
	}
	return filepath.Clean(a) == filepath.Clean(b)
}

// retire moves the .MOD p out of the mods folder into the backups; a
// restore locks the mods folder, as Mod does.
func retire(store *backups.Store, p, modsDir, why string) (*backups.Entry, error) {
	e, err := store.Move(p, backups.Options{Kind: backups.KindMod, Why: why, Lock: modsDir})
	if err == nil && e == nil {
		err = fmt.Errorf("%s is gone", p)
	}
	return e, err
}

// keepPrevious copies the build at target (this mod's, about to be
// replaced by src) into the backups, unless it is missing or has src's
// bytes (the same build deployed again).
func keepPrevious(store *backups.Store, src, target, modsDir string) (*backups.Entry, error) {
	if same, err := sameBytes(src, target); err != nil || same {
		return nil, err
	}
	// Replacing: target is renamed over next, so the store may link it.
	return store.Copy(target, backups.Options{Kind: backups.KindMod, Why: "the build deployed before a newer one", Lock: modsDir, Replacing: true})
}

// sameBytes says whether a and b hold the same bytes; a missing b is not
// the same.
func sameBytes(a, b string) (bool, error) {
	sb, err := os.Stat(b)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	sa, err := os.Stat(a)
	if err != nil || sa.Size() != sb.Size() {
		return false, err
	}
	fa, err := os.Open(a)
	if err != nil {
		return false, err
	}
	defer fa.Close()
	fb, err := os.Open(b)
	if err != nil {
		return false, err
	}
	defer fb.Close()
	ba, bb := make([]byte, 1<<20), make([]byte, 1<<20)
	// Two builds of one .MOD differ in the manifest at its end (each
	// entry's CRC-32 and offset) when they differ at all: the last
	// megabyte first tells most of them apart without reading the rest.
	if tail := min(sa.Size(), 1<<20); tail > 0 {
		if _, err := fa.ReadAt(ba[:tail], sa.Size()-tail); err != nil {
			return false, err
		}
		if _, err := fb.ReadAt(bb[:tail], sb.Size()-tail); err != nil {
			return false, err
		}
		if !bytes.Equal(ba[:tail], bb[:tail]) {
			return false, nil
		}
	}
	for {
		na, ea := io.ReadFull(fa, ba)
		nb, eb := io.ReadFull(fb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false, nil
		}
		if ea == io.EOF || ea == io.ErrUnexpectedEOF {
			return eb == io.EOF || eb == io.ErrUnexpectedEOF, nil
		}
		if ea != nil {
			return false, ea
		}
		if eb != nil {
			return false, eb
		}
	}
}

// copyAtomic puts src's bytes at dst through a temporary name beside dst;
// beforeCommit runs just before the rename. Where it can (linkAtomic) the
// temporary name is a hard link to src, so no byte is copied and nothing
// needs flushing again; else the bytes are copied.
func copyAtomic(ctx context.Context, src, dst string, beforeCommit func() error) error {
	if done, err := linkAtomic(src, dst, beforeCommit); done {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := safefile.Create(dst)
	if err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	// File to file in 64 MB steps (ctx is checked between them): where
	// the system can (copy_file_range on Linux) the kernel copies the
	// bytes without passing them through this process.
	for {
		if err := ctx.Err(); err != nil {
			out.Abort()
			return err
		}
		_, err := io.CopyN(out.File, in, 64<<20) // io.EOF: the end was in this step
		if err == io.EOF {
			break
		}
		if err != nil {
			out.Abort()
			return fmt.Errorf("deploy: copying %s to %s: %w", src, dst, err)
		}
	}
	if beforeCommit != nil {
		if err := beforeCommit(); err != nil {
			out.Abort()
			return fmt.Errorf("deploy: %w", err)
		}
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("deploy: %s: %w", dst, err)
	}
	return nil
}

// linkAtomic places src at dst as a hard link: the link is made under a
// temporary name beside dst (safefile's naming, so a crash leaves nothing
// that CleanStale does not clear), then renamed over dst. A .MOD is never
// written in place (the packer writes a new file and renames it over its
// output, and so does every writer here), so the deployed name and the
// packed output are the same bytes for as long as they are one file, and
// the next pack's rename leaves the deployed copy as it was. Saving a
// 130 MB copy and its flush to disk is most of what Pack on save spent
// from a save to the deployed .MOD. It reports false (nothing done) where
// a link cannot serve: on Windows (a game holding the deployed file open
// would then keep the packer from renaming over its output), or when the
// link fails (another volume, a file system without links); then the
// caller copies.
func linkAtomic(src, dst string, beforeCommit func() error) (bool, error) {
	if runtime.GOOS == "windows" {
		return false, nil
	}
	dir := filepath.Dir(dst)
	safefile.CleanStale(dir)
	var tmp string
	for i := 0; ; i++ {
		tmp = filepath.Join(dir, fmt.Sprintf(".%s%s%d-%d%s", filepath.Base(dst), safefile.TempMark, os.Getpid(), rand.Uint32(), safefile.TempSuffix))
		err := os.Link(src, tmp)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || i > 100 {
			return false, nil
		}
	}
	if beforeCommit != nil {
		if err := beforeCommit(); err != nil {
			os.Remove(tmp)
			return true, fmt.Errorf("deploy: %w", err)
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return true, fmt.Errorf("deploy: %s: %w", dst, err)
	}
	return true, nil
}

// MaxHeader caps the .MOD header ReadHeader reads (real ones are well
// under 64 KiB).
const MaxHeader = 1 << 20

// ReadHeader reads the .MOD header of a file: the header's own bytes
// (mod.ReadHeader, which finds its length for every header version), at
// most MaxHeader, not a fixed megabyte: a switch or a deploy asks it of
// every mod in the folder.
func ReadHeader(p string) (*mod.Header, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	h, err := mod.ReadHeader(f, st.Size(), MaxHeader)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return h, nil
}

// updateSch edits modlauncher.sch beside the mods folder: a line naming
// earlier (an earlier build of this mod, 0 for none) names id instead, in
// its place; with enable, id goes first when it is not listed.
func updateSch(res *Result, store *backups.Store, modsDir string, id int64, enable bool, earlier int64) error {
	p := filepath.Join(filepath.Dir(modsDir), SchName)
	if enable {
		res.SchPath = p
	}
	// The same lock as loadorder.LockPath: a load-order edit running at the
	// same time waits for this one.
	lock, err := filelock.Acquire(context.Background(), p, 0)
	if err != nil {
		return fmt.Errorf("enable: %w", err)
	}
	defer lock.Unlock()
	var f *sch.File
	b, err := os.ReadFile(p)
	switch {
	case err == nil:
		f, err = sch.Parse(b)
		if err != nil {
			if !enable {
				res.Warnings = append(res.Warnings, fmt.Sprintf("%s: %v (left unchanged)", p, err))
				return nil
			}
			return fmt.Errorf("enable: %s: %w (left unchanged)", p, err)
		}
	case errors.Is(err, fs.ErrNotExist):
		if !enable {
			return nil
		}
		f = sch.New(nil)
	default:
		return fmt.Errorf("enable: %w", err)
	}
	ids := f.IDs()
	next := make([]int64, 0, len(ids)+1)
	listed := false
	for _, x := range ids {
		if x == id {
			listed = true
		}
	}
	for _, x := range ids {
		switch {
		case earlier != 0 && x == earlier:
			if res.SchReplaced == nil {
				res.SchReplaced = &SchReplaced{OldID: earlier, NewID: id, Place: len(next) + 1}
			}
			if !listed { // else the line naming id already stands
				next = append(next, id)
				listed = true
			}
		default:
			next = append(next, x)
		}
	}
	if res.SchReplaced != nil {
		res.SchPath = p
		res.Enabled = true
	}
	switch {
	case res.SchReplaced != nil:
	case !enable:
		return nil
	case listed:
		res.Enabled, res.AlreadyEnabled = true, true
		return nil
	default:
		next = append([]int64{id}, next...)
	}
	f.SetIDs(next)
	if _, err := os.Stat(p); err == nil {
		e, err := store.Copy(p, backups.Options{Kind: backups.KindSch, Why: "before a deploy changed it", Lock: p})
		if err != nil {
			return fmt.Errorf("enable: backing up %s: %w", p, err)
		}
		if e != nil {
			res.SchBackup, res.SchBackupID = e.Path, e.ID
		}
	}
	if err := safefile.WriteFile(p, f.Bytes()); err != nil {
		return fmt.Errorf("enable: %w", err)
	}
	res.Enabled = true
	if len(next) > MaxActiveMods {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%d mods are now enabled; the game activates at most %d (the last ones in %s are ignored)", len(next), MaxActiveMods, SchName))
	}
	return nil
}
