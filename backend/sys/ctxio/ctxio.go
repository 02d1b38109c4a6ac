// Package ctxio holds a reader that stops with its context's error as soon
// as the context is done, so a cancelled extract, conversion or search
// stops mid-entry. It sits at the bottom of backend/ so that export (which
// extracts) and view (which reads entries for search and diff) share it
// without one importing the other.
package ctxio

import (
	"context"
	"io"
)

// Reader reads R until Ctx is done, then fails with Ctx's error.
type Reader struct {
	Ctx context.Context
	R   io.Reader
}

// Context is the reader's context (a converter reading through it can
// find it and stop its own work with it).
func (c Reader) Context() context.Context { return c.Ctx }

func (c Reader) Read(b []byte) (int, error) {
	if err := c.Ctx.Err(); err != nil {
		return 0, err
	}
	return c.R.Read(b)
}
