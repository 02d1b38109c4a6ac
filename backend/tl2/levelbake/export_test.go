package levelbake

import "packsmith/formats/tl2/layout"

var layoutEncode = layout.Encode
