//go:build (dev || production) && !bindings

// Package frontend embeds the built Svelte app (frontend/dist) into the
// desktop build. The CLI-only build does not compile this file, and the
// binding generator's build (tag bindings) gets an empty one.
package frontend

import "embed"

//go:embed all:dist
var Dist embed.FS
