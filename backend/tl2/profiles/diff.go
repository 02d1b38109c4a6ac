package profiles

// Moved is a mod both profiles list at different places (1-based).
type Moved struct {
	ID    int64  `json:"id,string"`
	Title string `json:"title"`
	From  int    `json:"from"` // its place in A
	To    int    `json:"to"`   // its place in B
}

// Changed is a mod both profiles list with different saved files.
type Changed struct {
	ID    int64  `json:"id,string"`
	Title string `json:"title"`
	A     Mod    `json:"a"`
	B     Mod    `json:"b"`
}

// Difference is what Diff finds between profiles A and B.
type Difference struct {
	A       string    `json:"a"`
	B       string    `json:"b"`
	OnlyA   []Mod     `json:"onlyA"` // in A's order
	OnlyB   []Mod     `json:"onlyB"` // in B's order
	Moved   []Moved   `json:"moved"` // in B's order
	Changed []Changed `json:"changed"`
}

// Same says the two profiles list the same files in the same order.
func (d *Difference) Same() bool {
	return len(d.OnlyA)+len(d.OnlyB)+len(d.Moved)+len(d.Changed) == 0
}

// Diff compares two profiles. A mod is "moved" when its place differs
// once the mods only one profile has are set aside (adding a mod at the
// top moves nothing else).
func Diff(a, b *Profile) *Difference {
	d := &Difference{A: a.Name, B: b.Name, OnlyA: []Mod{}, OnlyB: []Mod{}, Moved: []Moved{}, Changed: []Changed{}}
	inA, inB := index(a.Mods), index(b.Mods)
	var commonA, commonB []int64
	for _, m := range a.Mods {
		if _, ok := inB[m.ID]; ok {
			commonA = append(commonA, m.ID)
		} else {
			d.OnlyA = append(d.OnlyA, m)
		}
	}
	for _, m := range b.Mods {
		if _, ok := inA[m.ID]; ok {
			commonB = append(commonB, m.ID)
		} else {
			d.OnlyB = append(d.OnlyB, m)
		}
	}
	placeA := map[int64]int{}
	for i, id := range commonA {
		placeA[id] = i
	}
	for i, id := range commonB {
		ma, mb := a.Mods[inA[id]], b.Mods[inB[id]]
		if placeA[id] != i {
			d.Moved = append(d.Moved, Moved{ID: id, Title: mb.Title, From: inA[id] + 1, To: inB[id] + 1})
		}
		if ma.SHA256 != mb.SHA256 || ma.File != mb.File {
			d.Changed = append(d.Changed, Changed{ID: id, Title: mb.Title, A: ma, B: mb})
		}
	}
	return d
}

// index is the first place of each id in ms.
func index(ms []Mod) map[int64]int {
	out := make(map[int64]int, len(ms))
	for i, m := range ms {
		if _, ok := out[m.ID]; !ok {
			out[m.ID] = i
		}
	}
	return out
}
