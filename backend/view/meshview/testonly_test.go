package meshview

import (
	"context"
)

// Helpers only tests use, moved out of the package's production files
// (deadcode -test, issue 45).

func newRaster(w, h int) *raster {
	r, _ := newRasterContext(context.Background(), w, h) // a background context never ends
	return r
}
