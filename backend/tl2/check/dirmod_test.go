package check

// DirMod is a mod folder read as Check reads it (tests only; the use
// cases read folders through dirMod with their limit).
func DirMod(name, dir string) (*Mod, error) { return dirMod(name, dir, maxRead(nil)) }
