package profiles

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"packsmith/backend/sys/ctxio"
	"packsmith/backend/sys/scratch"
	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/formats/tl2/raw"
)

// maxUnitIndex bounds what Providers reads of one constituent's
// UNITDATA.RAW (a large real mod's is a few MB).
const maxUnitIndex = 64 << 20

// maxUnits caps the GUIDs Providers records over all constituents.
const maxUnits = 200000

// ErrNoKeptBuild: the profile lists its combined build, the mods folder
// does not hold it as saved and the profiles folder keeps no copy.
var ErrNoKeptBuild = errors.New("the profile keeps no copy of its combined build")

// Providers maps each unit GUID (decimal) the constituents' UNITDATA.RAW
// list to the MOD_ID (decimal) of the first of them, in load order, that
// lists it: the constituent that provides the unit, as the combined mod's
// own index takes each unit once from the winning mod. A character moved
// back from the combined mod gives each object this id.
func Providers(ctx context.Context, srcs []mergepatch.Source) (map[string]string, error) {
	readers, closeAll, err := mergepatch.OpenMods(srcs)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	out := map[string]string{}
	for i, r := range readers {
		e, ok := r.Lookup("MEDIA/" + raw.UnitData.FileName())
		if !ok {
			continue
		}
		b, err := r.ReadEntry(e, maxUnitIndex)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", srcs[i].File, e.Path, err)
		}
		f, err := raw.Decode(raw.UnitData, b)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", srcs[i].File, e.Path, err)
		}
		id := strconv.FormatInt(srcs[i].ID, 10)
		for _, cat := range f.Units {
			for _, u := range cat {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				k := strconv.FormatInt(u.GUID, 10)
				if _, ok := out[k]; !ok {
					if len(out) >= maxUnits {
						return nil, fmt.Errorf("%s: more than %d units in the combined mods", srcs[i].File, maxUnits)
					}
					out[k] = id
				}
			}
		}
	}
	return out, nil
}

// CombinedSourcesOf is the constituents' ids a combined mod's header
// records (loadorder.CombinedSources), in load order; false for a file
// that is not a combined mod or does not read. It reads the header alone
// (deploy.ReadHeader: its length for every header version), not a fixed
// megabyte: a switch asks it of every mod in the folder.
func CombinedSourcesOf(p string) ([]int64, bool) {
	h, err := deploy.ReadHeader(p)
	if err != nil {
		return nil, false
	}
	srcs, ok := loadorder.CombinedSources(h.Description)
	if !ok {
		return nil, false
	}
	ids := make([]int64, 0, len(srcs))
	for _, s := range srcs {
		ids = append(ids, s.ID)
	}
	return ids, true
}

// combinedOf is the record of the first active combined mod of v (its
// header records its constituents), hashed; nil when none is active.
func combinedOf(ctx context.Context, v *loadorder.View) (*Combined, error) {
	for _, m := range activeRows(v) {
		if m.File == "" || m.Where != loadorder.WhereMods {
			continue
		}
		ids, ok := CombinedSourcesOf(m.File)
		if !ok {
			continue
		}
		sha, err := hashFile(ctx, m.File)
		if err != nil {
			return nil, err
		}
		c := &Combined{File: m.Rel, SHA256: sha, ID: m.ID}
		for _, id := range ids {
			c.Mods = append(c.Mods, strconv.FormatInt(id, 10))
		}
		return c, nil
	}
	return nil, nil
}

// buildPath is where the store keeps a combined build of that SHA-256.
func (st Store) buildPath(sha string) string {
	return filepath.Join(st.Dir, "builds", short(sha)+".MOD")
}

// Keep copies p's combined build, when p activates it, from the mods
// folder into the store (builds/<SHA>.MOD; a hard link where the disk
// allows), so that Use can put it back after it was removed or rebuilt.
// The copy is checked against the saved SHA-256; a copy already kept is
// left alone.
func (st Store) Keep(ctx context.Context, p *Profile) error {
	c := p.Combined
	if c == nil || !lists(p, c.ID) || c.SHA256 == "" {
		return nil
	}
	dst := st.buildPath(c.SHA256)
	if h, err := hashFile(ctx, dst); err == nil && h == c.SHA256 {
		return nil
	}
	src := filepath.Join(p.ModsDir, filepath.FromSlash(c.File))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp := dst + ".part"
	defer os.Remove(tmp)
	os.Remove(tmp)
	if err := os.Link(src, tmp); err != nil {
		if err := copyFile(ctx, src, tmp); err != nil {
			return fmt.Errorf("keeping the combined build %s: %w", src, err)
		}
	}
	if h, err := hashFile(ctx, tmp); err != nil || h != c.SHA256 {
		return fmt.Errorf("keeping the combined build: %s is no longer the file the profile saved (SHA-256 %s…)", src, short(c.SHA256))
	}
	return os.Rename(tmp, dst)
}

func copyFile(ctx context.Context, src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, ctxio.Reader{Ctx: ctx, R: in}); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func lists(p *Profile, id int64) bool {
	for _, m := range p.Mods {
		if m.ID == id {
			return true
		}
	}
	return false
}

// Redeployed is what Redeploy put back in the mods folder.
type Redeployed struct {
	ID   int64  `json:"id,string"`
	File string `json:"file"` // the combined mod in the mods folder
	From string `json:"from"` // the copy the profile keeps
	// BackupID is the build it replaced there, kept in the backups.
	BackupID string `json:"backupId,omitempty"`
}

// Redeploy puts p's combined build back in the mods folder v shows when
// p activates it and the folder does not hold it as saved (gone, or
// another build under its id): from the copy the store keeps (Keep),
// through deploy.Mod (a build in the way goes to the backups). nil when
// nothing had to be done. Call it before opening the load order locked
// for Use: the deploy takes the mods folder's lock.
func (st Store) Redeploy(ctx context.Context, p *Profile, v *loadorder.View) (*Redeployed, error) {
	c := p.Combined
	if c == nil || !lists(p, c.ID) || c.SHA256 == "" {
		return nil, nil
	}
	for _, m := range modFiles(v, c.ID) {
		if h, err := hashFile(ctx, m.File); err == nil && h == c.SHA256 {
			return nil, nil // there, as saved
		}
		break // the file the game loads for the id is another build
	}
	kept := st.buildPath(c.SHA256)
	if h, err := hashFile(ctx, kept); err != nil || h != c.SHA256 {
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("profile %q: the kept copy of its combined build %s is damaged", p.Name, kept)
		}
		return nil, fmt.Errorf("profile %q: %w (%s, SHA-256 %s…): combine its mods again", p.Name, ErrNoKeptBuild, c.File, short(c.SHA256))
	}
	// deploy.Mod names the mod after the file it copies: a link (or
	// copy) under the saved name in a scratch folder.
	tmp, done, err := scratch.Path("profile", filepath.Base(filepath.FromSlash(c.File)))
	if err != nil {
		return nil, err
	}
	defer done()
	if err := os.Link(kept, tmp); err != nil {
		if err := copyFile(ctx, kept, tmp); err != nil {
			return nil, err
		}
	}
	res, err := deploy.Mod(ctx, tmp, c.ID, v.ModsDir, false)
	if err != nil {
		return nil, fmt.Errorf("profile %q: putting its combined build back: %w", p.Name, err)
	}
	r := &Redeployed{ID: c.ID, File: res.Path, From: kept}
	if res.Previous != nil {
		r.BackupID = res.Previous.BackupID
	}
	for _, o := range res.Replaced {
		if r.BackupID == "" {
			r.BackupID = o.BackupID
		}
	}
	return r, nil
}

// Save keeps p's combined build (Keep) and writes p (Put): what saving
// the current setup as a profile does.
func (st Store) Save(ctx context.Context, p *Profile) error {
	if err := st.Keep(ctx, p); err != nil {
		return err
	}
	return st.Put(p)
}
