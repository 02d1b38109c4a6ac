//go:build dev || production

// Package frontend embeds the built Svelte app (frontend/dist) into the
// desktop build. The CLI-only build does not compile this file.
package frontend

import "embed"

//go:embed all:dist
var Dist embed.FS
