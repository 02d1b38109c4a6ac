package modpack

import (
	"encoding/binary"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/rghash"
)

// BaseDir reads base-game unit data for UNITDATA.RAW's BASEFILE chain from
// a folder: the game's MEDIA/ (or a folder holding it), as text or as the
// compiled files an extracted DATA.PAK holds under their .DAT names (or as
// FOO.DAT.BINDAT). Names are matched in any case. It implements
// raw.BaseData and is safe for concurrent use.
type BaseDir struct {
	root string // the folder that holds MEDIA/

	once  sync.Once
	err   error
	index map[string]string // "MEDIA/UNITS/…" upper case → file
	dict  *rghash.Dictionary
}

// OpenBase checks dir and returns a BaseDir over it.
func OpenBase(dir string) (*BaseDir, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("base data: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("base data: %s is not a folder", dir)
	}
	if _, _, err := findMedia(dir); err == nil {
		return &BaseDir{root: dir}, nil
	}
	if strings.EqualFold(filepath.Base(filepath.Clean(dir)), "MEDIA") {
		return &BaseDir{root: filepath.Dir(filepath.Clean(dir))}, nil
	}
	return nil, fmt.Errorf("base data: %s holds no MEDIA folder (give the game's MEDIA folder, or one extracted from DATA.PAK)", dir)
}

// Root is the folder holding MEDIA/.
func (b *BaseDir) Root() string { return b.root }

func (b *BaseDir) load() {
	b.index = map[string]string{}
	media, name, err := findMedia(b.root)
	if err != nil {
		b.err = err
		return
	}
	units := ""
	ents, _ := os.ReadDir(media)
	for _, e := range ents {
		if strings.EqualFold(e.Name(), "UNITS") && e.IsDir() {
			units = filepath.Join(media, e.Name())
		}
	}
	if units == "" {
		return // nothing resolves; every lookup says not found
	}
	b.err = filepath.WalkDir(units, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(b.root, p)
		rel = filepath.ToSlash(rel)
		up := mod.UpperName("MEDIA" + rel[len(name):])
		if strings.HasSuffix(up, ".DAT.BINDAT") {
			up = strings.TrimSuffix(up, ".BINDAT")
			if _, ok := b.index[up]; ok {
				return nil // the text wins
			}
		}
		b.index[up] = p
		return nil
	})
	// Decompiling needs the names the UNITDATA generator looks up.
	b.dict = unitDict()
}

// Dat implements raw.BaseData.
func (b *BaseDir) Dat(p string) (*dattext.Node, error) {
	b.once.Do(b.load)
	if b.err != nil {
		return nil, fmt.Errorf("base data %s: %w", b.root, b.err)
	}
	f, ok := b.index[mod.UpperName(p)]
	if !ok {
		return nil, fmt.Errorf("%s: not in the base data %s: %w", p, b.root, fs.ErrNotExist)
	}
	data, err := os.ReadFile(f)
	if err != nil {
		return nil, err
	}
	if looksBINDAT(data) {
		d, err := bindat.Decompile(f, data, b.dict)
		if err != nil {
			return nil, err
		}
		return d.Root, nil
	}
	return dattext.Parse(f, data)
}

// looksBINDAT: version 2 in the first u32 (text starts with a BOM, '[' or
// blanks, never with 02 00 00 00).
func looksBINDAT(b []byte) bool {
	return len(b) >= 12 && binary.LittleEndian.Uint32(b) == bindat.Version
}

// GuessedFinding marks the warning about a unit whose inherited fields were
// guessed: the window holds a deploy until the user agrees.
const GuessedFinding = "UNITDATA.RAW: GUESSED"

// unresolvedFinding says which inherited fields of a unit were guessed.
func unresolvedFinding(file, baseFile string, missing []string, baseRoot string) Finding {
	var guess []string
	for _, k := range missing {
		switch k {
		case "LEVEL", "RARITY":
			guess = append(guess, k+" 1")
		case "RARITY_HC":
			guess = append(guess, k+" = RARITY")
		case "UNITTYPE":
			guess = append(guess, k+` ""`)
		case "CREATEAS":
			guess = append(guess, "CREATEAS none (EQUIPMENT false)")
		case "SET":
			guess = append(guess, "SET none")
		default:
			guess = append(guess, k+" 0")
		}
	}
	hint := "give the game folder (--game, or the setting) or base-game data (--base) to read them"
	if baseRoot != "" {
		hint = "it is in neither the mod nor the base data " + baseRoot
	}
	return Finding{Severity: SevWarning, Stage: StageRAW, File: file,
		Message: fmt.Sprintf("%s: inherits from %s, which could not be read, so %s were guessed as %s (GUTS's defaults, inferred from its own UNITDATA.RAW; the game may differ); %s",
			GuessedFinding, baseFile, strings.Join(missing, ", "), strings.Join(guess, ", "), hint)}
}
