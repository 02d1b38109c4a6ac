package drivertest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
)

// checkCapabilities holds the family's descriptor (archive.Capabilities)
// to what the driver does: every claim is tried on the sample, and what is
// not claimed is refused where refusing is the contract. (Rename is
// checked by checkRename, in-place appends by checkInPlace.)
func checkCapabilities(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	c := a.Capabilities()

	checkEditClaims(t, fam, a, c)

	// Names: a family whose game reads names in any case finds them so.
	if c.FoldNames && !fam.FoldCase {
		t.Errorf("FoldNames, but the family's lookup is exact")
	}

	// Passwords: a family without them ignores one given.
	if !c.Passwords && fam.Driver != nil {
		b, err := archive.Open(p, archive.OpenOptions{Password: "not-a-password"})
		if err != nil {
			t.Errorf("no passwords, yet a password given breaks the open: %v", err)
		} else {
			compare(t, b, want)
			b.Close()
		}
	}

	// Checks and metadata run on a sound sample.
	if c.Verify != nil {
		if _, err := c.Verify(context.Background(), archive.NoProgress{}); err != nil {
			t.Errorf("Verify: %v", err)
		}
	}
	if c.Info != nil {
		in := c.Info()
		if in == nil {
			t.Errorf("Info set, but gives nil")
		} else if _, err := json.Marshal(in); err != nil {
			t.Errorf("Info is not JSON-ready: %v", err)
		}
	}
	if c.Shadowed != nil && len(c.Shadowed()) != 0 {
		t.Errorf("a sample without repeated paths lists shadowed copies %v", c.Shadowed())
	}

	checkEntryClaims(t, a, c, p, want)
	if c.MaxRatio < 0 {
		t.Errorf("MaxRatio %d", c.MaxRatio)
	}
}

// checkEditClaims: a family writes back exactly when it says so, and
// its edit claims agree with one another.
func checkEditClaims(t *testing.T, fam Family, a archive.Archive, c archive.Capabilities) {
	switch inPlaceOnly := c.Rewrite != nil && c.Append != nil && fam.ReadOnly; {
	case c.Rewrite == nil && !fam.ReadOnly:
		t.Errorf("no Rewrite, but the suite is not told ReadOnly")
	case c.Rewrite != nil && fam.ReadOnly && !inPlaceOnly:
		t.Errorf("a Rewrite, but the suite is told ReadOnly")
	case inPlaceOnly:
		// Edited only in place (a game folder, pack by pack): a rewrite
		// elsewhere is refused, an edit where it is works.
		dst := filepath.Join(t.TempDir(), "elsewhere")
		if st, err := c.Rewrite(context.Background(), dst, nil, archive.NoProgress{}); err == nil {
			st.Abort()
			t.Errorf("edited in place only, yet a rewrite to %s succeeded", dst)
		}
		t.Run("in-place", func(t *testing.T) { checkInPlace(t, fam) })
	}
	if (c.Rewrite == nil) != (c.Edit == 0) {
		t.Errorf("Edit %b with Rewrite set: %v: a family edits exactly when it rewrites", c.Edit, c.Rewrite != nil)
	}
	if c.Rewrite == nil && (c.Append != nil || c.Optimize != nil) {
		t.Errorf("appends or optimizes without a Rewrite")
	}
	if c.NoRename != "" && c.Edit.Has(archive.EditRename) {
		t.Errorf("says it renames, and NoRename says %q", c.NoRename)
	}
	if c.Rewrite != nil {
		checkUnclaimedOps(t, a, c)
	}
	for _, sc := range c.Sidecars {
		if _, err := os.Stat(sc); err != nil {
			t.Errorf("sidecar %s: %v", sc, err)
		}
	}
}

// checkEntryClaims: what the family says of its entries (files on disk,
// extract spans, links) describes the sample p.
func checkEntryClaims(t *testing.T, a archive.Archive, c archive.Capabilities, p string, want map[string][]byte) {
	// Entries that are files: the file holds the entry's bytes.
	if c.DiskPath != nil {
		for _, e := range a.Entries() {
			got, err := os.ReadFile(c.DiskPath(e.Path))
			if err != nil || !bytes.Equal(got, want[e.Path]) {
				t.Errorf("DiskPath(%q) = %s: not the entry's bytes (%v)", e.Path, c.DiskPath(e.Path), err)
			}
		}
	}

	// Extract guards describe this archive.
	if c.Spans != nil {
		names := map[string]bool{}
		for _, e := range a.Entries() {
			names[e.Path] = true
		}
		st, err := os.Stat(p)
		for _, sp := range c.Spans() {
			if !names[sp.Entry] {
				t.Errorf("span of %q, which is not listed", sp.Entry)
			}
			if err == nil && (sp.Offset < 0 || sp.Offset+sp.Length > st.Size()) {
				t.Errorf("span of %q (%d+%d) outside the %d-byte file", sp.Entry, sp.Offset, sp.Length, st.Size())
			}
		}
	}
	if c.IsLink != nil {
		for _, e := range a.Entries() {
			if c.IsLink(e.Path) {
				t.Errorf("%q of the sample is a link", e.Path)
			}
		}
	}
}

// checkUnclaimedOps: an edit operation the family does not list is
// refused, and leaves nothing behind.
func checkUnclaimedOps(t *testing.T, a archive.Archive, c archive.Capabilities) {
	ls := listed(a)
	src := filepath.Join(t.TempDir(), "x.bin")
	if err := os.WriteFile(src, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ed := range []archive.Edit{
		{Op: archive.EditReplace, Path: ls[0], Source: src, Convert: archive.ConvertNone},
		{Op: archive.EditAdd, Path: "MEDIA/UNCLAIMED/NEW.TXT", Source: src, Convert: archive.ConvertNone},
		{Op: archive.EditRemove, Path: ls[len(ls)-1]},
	} {
		if c.Edit.Has(ed.Op) {
			continue
		}
		dst := filepath.Join(t.TempDir(), "out"+filepath.Ext(a.Path()))
		st, err := c.Rewrite(context.Background(), dst, []archive.Edit{ed}, archive.NoProgress{})
		if err == nil {
			st.Abort()
			t.Errorf("%s is not in Edit, but a rewrite with it succeeded", ed.Op)
		} else if !strings.Contains(err.Error(), ed.Path) && !strings.Contains(err.Error(), ed.Op.String()) {
			t.Errorf("%s refused without naming it: %v", ed.Op, err)
		}
	}
}
