package layout

import "strings"

// RootOf is the root section GUTS writes for the layout at entryPath: "UI"
// for menus under MEDIA/UI, "Layout" elsewhere. It lives here, beside
// Decompile, so unpacking a mod (backend/tl2/modunpack) and the preview
// (backend/view/render) name the root the same way.
func RootOf(entryPath string) string {
	p := strings.ToUpper(strings.ReplaceAll(entryPath, `\`, "/"))
	if strings.HasPrefix(p, "MEDIA/UI/") || strings.Contains(p, "/MEDIA/UI/") {
		return "UI"
	}
	return "Layout"
}
