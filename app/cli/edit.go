package cli

import (
	"fmt"

	"packsmith/backend/edit/intake"
)

// printConversions says what a write did to the sources on the way in:
// "  compiled MEDIA/X.DAT: compiled from text to BINDAT (812 → 430 bytes)".
func printConversions(c *ctx, convs []intake.Conversion) {
	for _, cv := range convs {
		fmt.Fprintln(c.stdout, "  "+cv.String())
		for _, w := range cv.Warnings {
			fmt.Fprintln(c.stdout, "    warning: "+w)
		}
	}
}
