// Package all registers every archive family. Import it for its side effect.
// It registers families only: the preview renderers (backend/view/render)
// are registered where the window and the CLI are wired (app/service.go,
// app/cli/cli.go), so opening archives does not pull in the renderers and
// their TL2 name tables; a driver imports view only for what its family
// needs of it (kind, preview's text test).
package all

import (
	_ "packsmith/backend/drivers/dirdrv"
	_ "packsmith/backend/drivers/iopdrv"
	_ "packsmith/backend/drivers/loosedrv"
	_ "packsmith/backend/drivers/reborndrv"
	_ "packsmith/backend/drivers/tl2drv"
	_ "packsmith/backend/drivers/zipdrv"
)
