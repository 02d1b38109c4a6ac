// Package all registers every archive family. Import it for its side effect.
package all

import (
	_ "packsmith/backend/drivers/dirdrv"
	_ "packsmith/backend/drivers/iopdrv"
	_ "packsmith/backend/drivers/loosedrv"
	_ "packsmith/backend/drivers/reborndrv"
	_ "packsmith/backend/drivers/tl2drv"
	_ "packsmith/backend/drivers/zipdrv"
	_ "packsmith/backend/view/render"
)
