package app

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http"

	"packsmith/backend/archive"
	"packsmith/backend/tl2/modfiles"
	"packsmith/backend/view/meshview"
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

// levelPack is meshview.LevelEntry: the layout with the mod modfiles
// finds for it (a loose .LAYOUT inside a mod folder finds that mod), its
// walk grid read or baked within the request.
func (s *assetServer) levelPack(ctx context.Context, a archive.Archive, e archive.Entry) ([]byte, error) {
	data, err := readEntry(a, e)
	if err != nil {
		return nil, err
	}
	return meshview.LevelEntry(ctx, a, e.Path, data, gameData(s.settings), s.budget)
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
	return meshview.LoadTexture(f, key, s.budget)
}
