package combine

import "testing"

// What the window and the terminal say when shared text is not merged:
// one sentence that starts as one, the count agreeing with its noun, the
// game folder named rather than the command line's flags (the trial of
// issue 43 read "no game data given (--game or --base): 1 text sources …"
// in the window).
func TestUnmergedText(t *testing.T) {
	for n, want := range map[int]string{
		1: "The game's data was not given, so the one text source two or more mods ship is the load order's winner's copy, not a merge (give the game folder to merge it)",
		3: "The game's data was not given, so the 3 text sources two or more mods ship are the load order's winner's copies, not merges (give the game folder to merge them)",
	} {
		if got := unmergedText(n); got != want {
			t.Errorf("%d: %q", n, got)
		}
	}
}
