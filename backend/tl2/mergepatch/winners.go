package mergepatch

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/sys/safefile"
)

// WinnersFile keeps the user's winner choices beside modlauncher.sch, for
// the next build (the command line's --winner and the window's picks).
const WinnersFile = "packsmith-merged-patch.json"

type winnerChoices struct {
	Winners map[string]string `json:"winners"` // Conflict.Key → mod title
}

// LoadWinners reads userDir's choices (none: an empty map).
func LoadWinners(userDir string) (map[string]string, error) {
	p := filepath.Join(userDir, WinnersFile)
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	var w winnerChoices
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if w.Winners == nil {
		w.Winners = map[string]string{}
	}
	return w.Winners, nil
}

// SaveWinners writes the choices atomically.
func SaveWinners(userDir string, w map[string]string) error {
	b, err := json.MarshalIndent(winnerChoices{Winners: w}, "", "  ")
	if err != nil {
		return err
	}
	return safefile.WriteFile(filepath.Join(userDir, WinnersFile), append(b, '\n'))
}
