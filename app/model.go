package app

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"path"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/tl2/levelbake"
	"packsmith/backend/tl2/modfiles"
	"packsmith/backend/view/meshview"
	"packsmith/formats/dds"
	"packsmith/formats/tga"
	"packsmith/formats/tl2/mpp"
)

// The 3D view's data (frontend MeshView.svelte, LevelView.svelte), all in
// response bodies (WebKitGTK drops response headers):
//
//	GET /api/mesh?s=SESSION&p=ENTRY.MESH        a meshview pack (kind "mesh")
//	GET /api/level?s=SESSION&p=ENTRY.LAYOUT     a meshview pack (kind "level"):
//	                                            pieces placed as the bake does, the walk grid
//	GET /api/modeltex?s=SESSION&p=ENTRY&t=KEY   texture KEY (a pack's submesh texture) as PNG,
//	                                            looked up in ENTRY's mod, then the game's data
func (s *assetServer) registerModelAPI(mux *http.ServeMux) {
	mux.HandleFunc("/api/mesh", s.serveMesh)
	mux.HandleFunc("/api/level", s.serveLevel)
	mux.HandleFunc("/api/modeltex", s.serveModelTex)
}

// modelBaker opens the mod a layout entry belongs to (the archive's
// entries under the entry's MEDIA/) to place its pieces; nil when the
// entry is under no MEDIA folder. A mesh's mod is meshview.OpenModelEntry's.
func (s *assetServer) modelBaker(a archive.Archive, e archive.Entry) (*levelbake.Baker, error) {
	root, ok := levelbake.ArchiveRoot(e.Path)
	if !ok {
		return nil, nil
	}
	return levelbake.NewFromArchive(a, root, gameData(s.settings))
}

func writeBody(w http.ResponseWriter, typ string, b []byte) {
	w.Header().Set("Content-Type", typ)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}

func (s *assetServer) serveMesh(w http.ResponseWriter, r *http.Request) {
	a, e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	// The request's context: a closed view or a new request for another
	// mesh ends the work (issue 44: a unit listing 12,000 animations held
	// the window), and what the unit reads is held to the window's budget.
	b, err := s.meshPack(r.Context(), a, e)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	writeBody(w, "application/octet-stream", b)
}

func (s *assetServer) meshPack(ctx context.Context, a archive.Archive, e archive.Entry) ([]byte, error) {
	data, err := readEntry(a, e)
	if err != nil {
		return nil, err
	}
	m, err := meshview.Decoder(s.budget)(a.Path()+": "+e.Path, data)
	if err != nil {
		return nil, err
	}
	md := meshview.OpenModelEntry(a, e.Path, gameData(s.settings))
	defer md.Close()
	return md.Pack(ctx, s.budget, e.Path, m)
}

func (s *assetServer) serveLevel(w http.ResponseWriter, r *http.Request) {
	a, e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	b, err := s.levelPack(r.Context(), a, e)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	writeBody(w, "application/octet-stream", b)
}

func (s *assetServer) levelPack(ctx context.Context, a archive.Archive, e archive.Entry) ([]byte, error) {
	bk, err := s.modelBaker(a, e)
	if err != nil {
		return nil, err
	}
	if bk == nil {
		return nil, fmt.Errorf("%s: only a layout under a MEDIA folder can be shown: its pieces are found from there", e.Path)
	}
	defer bk.Close()
	data, err := readEntry(a, e)
	if err != nil {
		return nil, err
	}
	name := filepath.Base(e.Path)
	sc, err := bk.Scene(name, data, meshview.Decoder(s.budget))
	if err != nil {
		return nil, err
	}
	// The walk grid: the .MPP beside the layout, else a bake of it.
	var grid *mpp.Grid
	src := ""
	base := strings.TrimSuffix(e.Path, path.Ext(e.Path))
	if strings.HasSuffix(strings.ToUpper(base), ".LAYOUT") { // X.LAYOUT.BINLAYOUT
		base = base[:len(base)-len(".LAYOUT")]
	}
	if ge, ok := archive.Find(a, base+".MPP"); ok {
		if gb, err := readEntry(a, ge); err == nil {
			if g, err := mpp.Decode(gb); err == nil {
				grid, src = g, ge.Path
			}
		}
	}
	if grid == nil && sc.Missing == nil {
		rep, err := bk.BakeLayout(ctx, name, data, levelbake.Options{Budget: s.budget})
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr // the request ended: no level sent without its grid
		}
		if err == nil {
			grid, src = rep.Grid, "baked"
		}
	}
	b, _, err := meshview.PackLevel(sc, grid, src, meshview.NewResolver(bk.Mod()))
	return b, err
}

func (s *assetServer) serveModelTex(w http.ResponseWriter, r *http.Request) {
	a, e, ok := s.entryFor(w, r)
	if !ok {
		return
	}
	key := r.URL.Query().Get("t")
	img, err := s.modelTexture(a, e, key)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeBody(w, "image/png", buf.Bytes())
}

func (s *assetServer) modelTexture(a archive.Archive, e archive.Entry, key string) (image.Image, error) {
	// The entry's mod as the mesh found it (modfiles, as meshview.Model),
	// without indexing its materials again for one file.
	f, _, err := modfiles.ForEntry(a, e.Path, gameData(s.settings))
	if err != nil {
		return nil, fmt.Errorf("texture %s: %w", key, err)
	}
	defer f.Close()
	data, found, err := f.ReadFile(key)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("texture %s: not in the mod or the game's data", key)
	}
	switch strings.ToLower(path.Ext(key)) {
	case ".dds":
		img, _, err := dds.Decode(bytes.NewReader(data), dds.Options{MaxBytes: s.budget.Bytes()})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		return img, nil
	case ".tga":
		img, _, err := tga.Decode(bytes.NewReader(data), tga.Options{MaxBytes: s.budget.Bytes()})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		return img, nil
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return img, nil
}
