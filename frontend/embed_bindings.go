//go:build bindings

package frontend

import "embed"

// Dist is empty in the binding generator's build (wails generate module,
// the first step of wails build): it runs before the front end is built,
// so frontend/dist may not exist yet, and it never serves pages.
var Dist embed.FS
