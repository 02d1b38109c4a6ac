package modpack

import (
	"os"

	"packsmith/backend/tl2/deploy"
)

// guardOutput protects what is at the output before the pack replaces it
// (deploy.GuardOutput): an active mod is refused, a file Packsmith did not
// make is backed up. Packsmith made it when this output's pack cache
// records its size and time (the last pack wrote it) or OutputIsOurs says
// so; then it is a rebuild, replaced as always.
func (r *packRun) guardOutput() error {
	g := deploy.OutputGuard{Command: "a pack (pack -o, merge -o)", Ours: cachedOutput(r.opt.CacheDir, r.out)}
	if r.md != nil && r.md.HasModID {
		g.ModID = r.md.ModID
	}
	if !g.Ours && r.opt.OutputIsOurs != nil {
		g.Ours = r.opt.OutputIsOurs(r.out)
	}
	e, err := deploy.GuardOutput(r.out, g)
	if e != nil {
		r.res.OutputBackupID = e.ID
	}
	return err
}

// cachedOutput says whether out is the .MOD its pack cache describes.
func cachedOutput(cacheDir, out string) bool {
	st, err := os.Stat(out)
	if err != nil {
		return false
	}
	b, err := os.ReadFile(CacheFile(cacheDir, out))
	if err != nil {
		return false
	}
	c, _, err := decodeCacheHead(b)
	return err == nil && c.Format == cacheFormat && c.ModSize == st.Size() && c.ModTime == st.ModTime().UnixNano()
}
