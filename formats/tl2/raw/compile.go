package raw

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
	"packsmith/formats/utf16"
)

// Finding is one message of ParseText, at its line of the text.
type Finding struct {
	File string
	Line int // 1-based; 0 for the text as a whole
	Msg  string
	// Lossy: a value stored as something other than what the text says (a
	// number read the C way or out of range, a word read as a boolean, a
	// lone surrogate replaced). Where numbers are strict it is refused.
	Lossy bool
}

// AnyLossy tells whether any of fs is Lossy.
func AnyLossy(fs []Finding) bool {
	for _, f := range fs {
		if f.Lossy {
			return true
		}
	}
	return false
}

func (f Finding) String() string {
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Msg)
	}
	return fmt.Sprintf("%s: %s", f.File, f.Msg)
}

// TextError is a table that does not compile: every error found, in line
// order (at most maxErrors).
type TextError struct {
	Findings []Finding
}

func (e *TextError) Error() string {
	s := make([]string, len(e.Findings))
	for i, f := range e.Findings {
		s[i] = f.String()
	}
	return strings.Join(s, "; ")
}

// maxErrors stops a parse that finds nothing but errors (a file that is
// not a table at all).
const maxErrors = 50

// maxExtraCells bounds the cells a line may have beyond its columns (the
// column assignment costs cells² per column).
const maxExtraCells = 32

type colType int

const (
	tString colType = iota
	tList           // names joined with ", "
	tInt32
	tInt64
	tUint32
	tByte
	tBool
	tMenuType  // MenuTypes: "NAME (n)", "n" or "NAME"
	tGameState // GameStates, likewise
	tCategory  // UnitCategories
	tPiece     // an i64, or empty: a file without pieces
)

type column struct {
	name string
	typ  colType
}

// columns are each kind's table columns, as Table writes them.
var columns = [numKinds][]column{
	Affixes: {{"FILE", tString}, {"NAME", tString}, {"MIN_SPAWN_RANGE", tInt32}, {"MAX_SPAWN_RANGE", tInt32},
		{"WEIGHT", tInt32}, {"DIFFICULTIES_ALLOWED", tInt32}, {"UNITTYPES", tList}, {"NOT_UNITTYPES", tList}},
	Skills: {{"NAME", tString}, {"FILE", tString}, {"UNIQUE_GUID", tInt64}},
	UnitData: {{"CATEGORY", tCategory}, {"UNIT_GUID", tInt64}, {"NAME", tString}, {"FILE", tString},
		{"EQUIPMENT", tBool}, {"SET", tBool}, {"LEVEL", tInt32}, {"MINLEVEL", tInt32}, {"MAXLEVEL", tInt32},
		{"RARITY", tInt32}, {"RARITY_HC", tInt32}, {"UNITTYPE", tString}},
	Missiles:     {{"FILE", tString}, {"MISSILE NAMES", tList}},
	Triggerables: {{"FILE", tString}, {"NAME", tString}},
	UI: {{"MENU NAME", tString}, {"FILE", tString}, {"TYPE", tMenuType}, {"GAME STATE", tGameState},
		{"CREATE ON LOAD", tByte}, {"MULTIPLAYER ONLY", tByte}, {"SINGLEPLAYER ONLY", tByte}, {"KEY BINDING", tString}},
	RoomPieces: {{"FILE", tString}, {"PIECE GUID", tPiece}},
}

func columnNames(k Kind) []string {
	if k < 0 || k >= numKinds {
		return nil
	}
	out := make([]string, len(columns[k]))
	for i, c := range columns[k] {
		out[i] = c.name
	}
	return out
}

// summaryLine is Text's first line, "UNITDATA.RAW: 3 records".
var summaryLine = regexp.MustCompile(`(?i)^\s*(\S+\.RAW)\s*:\s*\d+\s+records?\s*$`)

// cell is a run of a line between separators, at rune positions.
type cell struct {
	start, end int
	text       string
}

// splitCells cuts a line where Text puts column gaps: at a tab or at two
// or more spaces. One space between two characters belongs to the cell
// ("MENU NAME", "TEST MENU (1)"). A vertical tab or a form feed ends a
// cell too, as it does in the text/tabwriter that prints the table: a
// value holding one would print as two cells, and read back as other
// than it was stored.
func splitCells(line string) []cell {
	r := []rune(line)
	var out []cell
	i := 0
	for {
		for i < len(r) && (r[i] == ' ' || isCellEnd(r[i])) {
			i++
		}
		if i == len(r) {
			return out
		}
		j := i
		for j < len(r) && !isCellEnd(r[j]) && !(r[j] == ' ' && (j+1 == len(r) || r[j+1] == ' ' || isCellEnd(r[j+1]))) {
			j++
		}
		out = append(out, cell{start: i, end: j, text: string(r[i:j])})
		i = j
	}
}

// isCellEnd: the characters text/tabwriter ends a cell at.
func isCellEnd(r rune) bool { return r == '\t' || r == '\v' || r == '\f' }

// Repairs the column assignment (assign) weighs: a column of a number,
// true/false or name type left empty, a value its column cannot read, two
// cells read as one value, a text column left empty.
const (
	costTyped = 4
	costMerge = 2
	costEmpty = 1
	// costRepair puts any repair above any distance: distances only choose
	// among assignments that repair as little.
	costRepair = 1 << 32
	// costOutside: a rune of a cell's distance from where an edit could
	// have put it, above the drift's change (tie-breaker).
	costOutside = 1 << 12
)

// assign gives each column its text from a line's cells. In an unedited
// table every cell starts exactly below its column's header and an empty
// value has no cell. assign keeps the cells in order and picks, among the
// ways of giving each column none, one or several consecutive cells (a
// value holding two spaces in a row), one that needs the fewest repairs
// (above); among those, the one whose cells sit where an edit leaves them.
// Typing in a cell moves the rest of its line and nothing else: the next
// cell's drift (its start less its column's) is the drift before plus
// what the cell grew by, and a cell grew by at most its length and shrank
// by at most what its column could hold (its width, and the longest text
// of its type: an INTEGER prints in at most 11 characters). A cell
// outside that range costs its distance from it; the drift's change
// breaks what ties remain. An unedited line comes out exactly as it was
// printed; so does a line typed anyhow whose cells fill every column in
// order. merged reports the columns that took several cells.
func assign(line string, cells []cell, pos []int, cols []column) (vals []string, merged []int) {
	m, n := len(cols), len(cells)
	if vals := exactFit(cells, cols); vals != nil {
		return vals, nil
	}
	runes := []rune(line)
	group := func(a, b int) string { return groupText(runes, cells[a].start, cells[b-1].end) }
	emptyCost, maxLen := columnLimits(pos, cols)
	// fitsGroup is fits for cells [a, b) in column j without building
	// every group's text: a number reads its first cell's leading number
	// (a gap ends it), a text column takes anything, and only a short
	// merged value is worth reading as a UI.RAW name ("HUD  MENU").
	fitsOne := make([][]int8, m) // 0 unknown, 1 fits, -1 not
	for j := range fitsOne {
		fitsOne[j] = make([]int8, n)
	}
	fitsGroup := func(j, a, b int) bool {
		t := cols[j].typ
		switch {
		case t == tString || t == tList:
			return true
		case b == a+1 || t == tInt32 || t == tInt64 || t == tUint32 || t == tByte || t == tPiece:
			if fitsOne[j][a] == 0 {
				fitsOne[j][a] = -1
				if fits(t, cells[a].text) {
					fitsOne[j][a] = 1
				}
			}
			return fitsOne[j][a] > 0
		case t == tBool || t == tCategory || cells[b-1].end-cells[a].start > 64:
			return false // a gap is in no such value
		}
		return fits(t, group(a, b))
	}
	// st[j][i]: the best way found to give the first i cells to the first
	// j columns: its cost, the drift the next cell may have [lo, hi] and
	// the drift of the last cell, and where column j-1's cells start (i
	// when it is empty).
	type state struct {
		cost               int64
		lo, hi, last, from int
		ok                 bool
	}
	st := make([][]state, m+1)
	for j := range st {
		st[j] = make([]state, n+1)
	}
	st[0][0].ok = true
	put := func(j, i int, s state) {
		if cur := &st[j][i]; !cur.ok || s.cost < cur.cost {
			*cur = s
		}
	}
	for j := 0; j < m; j++ {
		for i := 0; i <= n; i++ {
			s := st[j][i]
			if !s.ok {
				continue
			}
			e := s
			e.cost += emptyCost[j] * costRepair
			e.from = i
			put(j+1, i, e)
			for b := i + 1; b <= n; b++ {
				d := cells[i].start - pos[j]
				out := 0
				if d < s.lo {
					out = s.lo - d
				} else if d > s.hi {
					out = d - s.hi
				}
				c := s.cost + int64(costMerge*(b-i-1))*costRepair + int64(out)*costOutside + int64(abs(d-s.last))
				if !fitsGroup(j, i, b) {
					c += costTyped * costRepair
				}
				l := cells[b-1].end - cells[i].start
				put(j+1, b, state{cost: c, lo: d + l - maxLen[j], hi: d + l, last: d, from: i, ok: true})
			}
		}
	}
	vals = make([]string, m)
	for j, i := m, n; j > 0; j-- {
		a := st[j][i].from
		if a < i {
			vals[j-1] = group(a, i)
			if i-a > 1 {
				merged = append(merged, j-1)
			}
		}
		i = a
	}
	return vals, merged
}

// groupText is the value of the cells from rune start to end of a line:
// their gaps kept, each tab, vertical tab or form feed in them as a space.
// The tabwriter that prints the table would end a cell there, so the value
// would read back as other than it was stored ("0\tA" printed as
// "0     A"); spaces print as they are.
func groupText(runes []rune, start, end int) string {
	return strings.Map(func(r rune) rune {
		if isCellEnd(r) {
			return ' '
		}
		return r
	}, string(runes[start:end]))
}

// exactFit is every column its cell, each fitting its type: no repair at
// all, which no other assignment can match; nil when the cells do not.
func exactFit(cells []cell, cols []column) []string {
	if len(cells) != len(cols) {
		return nil
	}
	vals := make([]string, len(cols))
	for j, c := range cells {
		if !fits(cols[j].typ, c.text) {
			return nil
		}
		vals[j] = c.text
	}
	return vals
}

// columnLimits gives each column's cost of being left empty and the most
// an unedited cell of it holds (its type's width, and the gap to the next
// column's header).
func columnLimits(pos []int, cols []column) (emptyCost []int64, maxLen []int) {
	m := len(cols)
	emptyCost, maxLen = make([]int64, m), make([]int, m)
	for j, c := range cols {
		emptyCost[j] = costEmpty
		if !fits(c.typ, "") {
			emptyCost[j] = costTyped
		}
		maxLen[j] = typeWidth(c.typ)
		if j+1 < m {
			maxLen[j] = min(maxLen[j], pos[j+1]-pos[j]-2)
		}
	}
	return emptyCost, maxLen
}

// typeWidth is the most characters a value of type t prints in (a text:
// no bound).
func typeWidth(t colType) int {
	switch t {
	case tInt32:
		return len("-2147483648")
	case tInt64, tPiece:
		return len("-9223372036854775808")
	case tUint32:
		return len("4294967295")
	case tByte:
		return len("255")
	case tBool:
		return len("false")
	case tCategory:
		return len("MONSTERS")
	case tMenuType, tGameState:
		names := MenuTypes
		if t == tGameState {
			names = GameStates
		}
		w := 0
		for _, x := range names {
			w = max(w, utf8.RuneCountInString(x))
		}
		return w + len(" (4294967295)")
	}
	return math.MaxInt32
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// fits says whether a column of type t reads s without a warning's help.
func fits(t colType, s string) bool {
	switch t {
	case tPiece:
		_, n, _ := dattext.CInt(s, 64)
		return s == "" || n > 0
	case tInt32, tInt64, tUint32, tByte:
		_, n, _ := dattext.CInt(s, 64)
		return n > 0
	case tBool:
		if strings.EqualFold(s, "true") || strings.EqualFold(s, "false") {
			return true
		}
		_, n, _ := dattext.CInt(s, 64)
		return n > 0
	case tCategory:
		return categoryOf(s) >= 0
	case tMenuType:
		_, err := enumValue(MenuTypes, s)
		return err == nil
	case tGameState:
		_, err := enumValue(GameStates, s)
		return err == nil
	}
	return true
}

func categoryOf(s string) int {
	for i, c := range UnitCategories {
		if strings.EqualFold(s, c) {
			return i
		}
	}
	return -1
}

// KindOfText says which index a table is, from its summary line or its
// header.
func KindOfText(text []byte) (Kind, bool) {
	s, _, err := dattext.Decode("", text)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if g := summaryLine.FindStringSubmatch(line); g != nil {
			return KindOf(g[1])
		}
		return kindOfHeader(splitCells(line))
	}
	return 0, false
}

func kindOfHeader(cells []cell) (Kind, bool) {
	for _, k := range Kinds {
		if headerIs(cells, k) {
			return k, true
		}
	}
	return 0, false
}

func headerIs(cells []cell, k Kind) bool {
	if len(cells) != len(columns[k]) {
		return false
	}
	for i, c := range cells {
		if !strings.EqualFold(strings.Join(strings.Fields(c.text), " "), columns[k][i].name) {
			return false
		}
	}
	return true
}

// Compile is ParseText then Encode: the RAW bytes of a table.
func Compile(k Kind, file string, text []byte) ([]byte, []Finding, error) {
	f, warns, err := ParseText(k, file, text)
	if err != nil {
		return nil, warns, err
	}
	b, err := Encode(f)
	if err != nil {
		return nil, warns, &TextError{Findings: []Finding{{File: file, Msg: err.Error()}}}
	}
	return b, warns, nil
}

// ParseText reads a RAW index of kind k from the table Text writes, as a
// user may have edited it (see doc.go, "Text"). file names the text in
// findings ("UNITDATA.RAW:12: …"). Warnings are values read with a
// repair, as GUTS reads numbers; any error is a *TextError.
func ParseText(k Kind, file string, text []byte) (*File, []Finding, error) {
	if k < 0 || k >= numKinds {
		return nil, nil, fmt.Errorf("raw: unknown kind %d", k)
	}
	s, _, err := dattext.Decode(file, text)
	if err != nil {
		return nil, nil, &TextError{Findings: []Finding{{File: file, Msg: err.Error()}}}
	}
	p := &textParser{file: file, kind: k, f: &File{Kind: k}}
	// The table is read as characters: a lone UTF-16 surrogate (kept by
	// Decode) cannot be one and is stored as U+FFFD. Said, each at its
	// line (issue 30: it was replaced without a word).
	if offs, units := utf16.LoneAt(s); len(offs) > 0 {
		for i, off := range offs {
			p.lossyf(1+strings.Count(s[:off], "\n"), "lone UTF-16 surrogate U+%04X (half of a character pair) stored as U+FFFD, the replacement character", units[i])
		}
		s = utf16.ReplaceLone(s)
	}
	p.parse(strings.Split(s, "\n"))
	if len(p.errs) > 0 {
		return nil, p.warns, &TextError{Findings: p.errs}
	}
	return p.f, p.warns, nil
}

type textParser struct {
	file        string
	kind        Kind
	f           *File
	warns, errs []Finding
	line        int // of the row being read
	lastPiece   bool
}

func (p *textParser) errorf(line int, format string, a ...any) {
	if len(p.errs) < maxErrors {
		p.errs = append(p.errs, Finding{File: p.file, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
}

func (p *textParser) warnf(line int, format string, a ...any) {
	if len(p.warns) < maxErrors {
		p.warns = append(p.warns, Finding{File: p.file, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
}

// lossyf is warnf for a value stored as other than it reads (Lossy).
func (p *textParser) lossyf(line int, format string, a ...any) {
	if len(p.warns) < maxErrors {
		p.warns = append(p.warns, Finding{File: p.file, Line: line, Msg: fmt.Sprintf(format, a...), Lossy: true})
	}
}

func (p *textParser) parse(lines []string) {
	cols := columns[p.kind]
	var pos []int
	for i, line := range lines {
		n := i + 1
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if len(p.errs) >= maxErrors {
			return
		}
		cells := splitCells(line)
		if pos == nil {
			if g := summaryLine.FindStringSubmatch(line); g != nil {
				if k, ok := KindOf(g[1]); !ok || k != p.kind {
					p.errorf(n, "this is a table of %s; %s has other columns (%s)", g[1], p.kind.FileName(), strings.Join(columnNames(p.kind), ", "))
					return
				}
				continue
			}
			if !headerIs(cells, p.kind) {
				if k, ok := kindOfHeader(cells); ok {
					p.errorf(n, "these are the columns of %s, not of %s (%s)", k.FileName(), p.kind.FileName(), strings.Join(columnNames(p.kind), ", "))
				} else {
					p.errorf(n, "the header line should name the columns, two spaces apart: %s", strings.Join(columnNames(p.kind), "  "))
				}
				return
			}
			pos = make([]int, len(cells))
			for j, c := range cells {
				pos[j] = c.start
			}
			continue
		}
		if len(cells) > len(cols)+maxExtraCells {
			p.errorf(n, "%d cells (text two spaces or a tab apart); the table has %d columns", len(cells), len(cols))
			continue
		}
		vals, merged := assign(line, cells, pos, cols)
		for _, j := range merged {
			p.warnf(n, "%s: %q holds a gap of two spaces or a tab; read as one value (line up the columns if it was two)", cols[j].name, vals[j])
		}
		if onlyCommas(cols, vals) {
			p.warnf(n, "no value but commas: the line makes no record (a record of nothing would print as a blank line, which reads as none)")
			continue
		}
		p.line = n
		p.row(vals)
	}
	if pos == nil {
		p.errorf(0, "no table: the header line (%s) is missing", strings.Join(columnNames(p.kind), "  "))
	}
}

// onlyCommas: a line whose cells are all in list columns and hold only
// commas (empty names, dropped): a record with every value empty.
func onlyCommas(cols []column, vals []string) bool {
	for j, v := range vals {
		if v != "" && (cols[j].typ != tList || strings.Trim(v, ", \t") != "") {
			return false
		}
	}
	return true
}

// row adds one table row to the file.
func (p *textParser) row(v []string) {
	c := columns[p.kind]
	switch p.kind {
	case Affixes:
		a := Affix{File: p.str(c[0], v[0]), Name: p.str(c[1], v[1]),
			MinSpawn: p.i32(c[2], v[2]), MaxSpawn: p.i32(c[3], v[3]), Weight: p.i32(c[4], v[4]), Difficulties: p.i32(c[5], v[5]),
			UnitTypes: p.list(c[6], v[6]), NotUnitTypes: p.list(c[7], v[7])}
		if p.fits16(len(p.f.Affixes)) {
			p.f.Affixes = append(p.f.Affixes, a)
		}
	case Skills:
		p.f.Skills = append(p.f.Skills, Skill{Name: p.str(c[0], v[0]), File: p.str(c[1], v[1]), GUID: p.i64(c[2], v[2])})
	case UnitData:
		u := Unit{GUID: p.i64(c[1], v[1]), Name: p.str(c[2], v[2]), File: p.str(c[3], v[3]),
			Level: p.i32(c[6], v[6]), MinLevel: p.i32(c[7], v[7]), MaxLevel: p.i32(c[8], v[8]),
			Rarity: p.i32(c[9], v[9]), RarityHC: p.i32(c[10], v[10]), UnitType: p.str(c[11], v[11])}
		if p.boolean(c[4], v[4]) {
			u.Flags |= FlagEquipment
		}
		if p.boolean(c[5], v[5]) {
			u.Flags |= FlagSet
		}
		cat := categoryOf(v[0])
		if cat < 0 {
			p.errorf(p.line, "%s: %q is not one of %s", c[0].name, v[0], strings.Join(UnitCategories[:], ", "))
			return
		}
		p.f.Units[cat] = append(p.f.Units[cat], u)
	case Missiles:
		m := Missile{File: p.str(c[0], v[0]), Names: p.list(c[1], v[1])}
		if p.fits16(len(p.f.Missiles)) {
			p.f.Missiles = append(p.f.Missiles, m)
		}
	case Triggerables:
		t := Triggerable{File: p.str(c[0], v[0]), Name: p.str(c[1], v[1])}
		if p.fits16(len(p.f.Triggerables)) {
			p.f.Triggerables = append(p.f.Triggerables, t)
		}
	case UI:
		p.f.Menus = append(p.f.Menus, Menu{Name: p.str(c[0], v[0]), File: p.str(c[1], v[1]),
			Type: p.enum(c[2], MenuTypes, v[2]), GameState: p.enum(c[3], GameStates, v[3]),
			CreateOnLoad: p.u8(c[4], v[4]), MultiplayerOnly: p.u8(c[5], v[5]), SingleplayerOnly: p.u8(c[6], v[6]),
			KeyBinding: p.str(c[7], v[7])})
	case RoomPieces:
		// Table writes a row per piece, the file repeated, and a file
		// without pieces as one row with the GUID empty: consecutive rows
		// of one file with GUIDs are one record.
		file := p.str(c[0], v[0])
		rp := &p.f.RoomPieces
		if v[1] == "" {
			*rp = append(*rp, PieceFile{File: file})
			p.lastPiece = false
			return
		}
		g := p.i64(c[1], v[1])
		if n := len(*rp); n > 0 && p.lastPiece && (*rp)[n-1].File == file {
			(*rp)[n-1].Pieces = append((*rp)[n-1].Pieces, g)
			return
		}
		*rp = append(*rp, PieceFile{File: file, Pieces: []int64{g}})
		p.lastPiece = true
	}
}

// fits16 checks a u16 record count before the record at index n is added.
func (p *textParser) fits16(n int) bool {
	if n == math.MaxUint16 {
		p.errorf(p.line, "%s holds at most %d records", p.kind.FileName(), math.MaxUint16)
	}
	return n < math.MaxUint16
}

func (p *textParser) str(c column, s string) string {
	if len(s) <= math.MaxUint16 {
		return s // UTF-16 takes at most one unit a byte of UTF-8
	}
	if n := len(rghash.AppendUTF16(nil, s)); n > math.MaxUint16 {
		p.errorf(p.line, "%s: %d UTF-16 units; a RAW string holds at most %d", c.name, n, math.MaxUint16)
		return ""
	}
	return s
}

// list reads names joined with commas (Table writes ", "); empty names
// are dropped.
func (p *textParser) list(c column, s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.Trim(x, " \t"); x != "" {
			out = append(out, p.str(c, x))
		}
	}
	if len(out) > math.MaxUint8 {
		p.errorf(p.line, "%s: %d names; the list holds at most %d", c.name, len(out), math.MaxUint8)
		return nil
	}
	return out
}

// The number readers take a number written whole quietly; otherwise the
// leading number read the C way (dattext.CInt: trailing text ignored, a
// value out of range saturated), as GUTS reads the values of the sources
// these records come from, with a warning. Text with no leading number at
// all is an error: in a table it is a value in the wrong column far more
// often than a number.

func (p *textParser) cWarn(c column, s string, v any, saturated bool) {
	if saturated {
		p.lossyf(p.line, "%s: %q is out of range; read as %v (the C way, as GUTS reads numbers)", c.name, s, v)
		return
	}
	p.lossyf(p.line, "%s: %q is not a number as a whole; read as %v, the leading number read the C way (as GUTS reads numbers)", c.name, s, v)
}

func (p *textParser) notNumber(c column, s string) {
	if s == "" {
		p.errorf(p.line, "%s: the value is missing", c.name)
		return
	}
	p.errorf(p.line, "%s: %q is not a number", c.name, s)
}

func (p *textParser) signed(c column, s string, bits int) int64 {
	if v, err := strconv.ParseInt(s, 10, bits); err == nil {
		return v
	}
	v, n, sat := dattext.CInt(s, bits)
	if n == 0 {
		p.notNumber(c, s)
		return 0
	}
	p.cWarn(c, s, v, sat)
	return v
}

func (p *textParser) i32(c column, s string) int32 { return int32(p.signed(c, s, 32)) }
func (p *textParser) i64(c column, s string) int64 { return p.signed(c, s, 64) }

func (p *textParser) u32(c column, s string) uint32 {
	if v, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(v)
	}
	v, n, sat := dattext.CUint(s, 32)
	if n == 0 {
		p.notNumber(c, s)
		return 0
	}
	p.cWarn(c, s, v, sat)
	return uint32(v)
}

func (p *textParser) u8(c column, s string) uint8 {
	v := p.u32(c, s)
	if v > math.MaxUint8 {
		p.errorf(p.line, "%s: %d does not fit the field (0 to 255)", c.name, v)
		return 0
	}
	return uint8(v)
}

// boolean reads true or false (any case); 0 and 1 too, another number
// the C way with a warning (non-zero is true).
func (p *textParser) boolean(c column, s string) bool {
	switch {
	case strings.EqualFold(s, "true"), s == "1":
		return true
	case strings.EqualFold(s, "false"), s == "0":
		return false
	}
	v, n, _ := dattext.CUint(s, 32)
	if n == 0 {
		if s == "" {
			p.errorf(p.line, "%s: the value is missing (true or false)", c.name)
		} else {
			p.errorf(p.line, "%s: %q is not true or false", c.name, s)
		}
		return false
	}
	p.lossyf(p.line, "%s: %q is not true or false; read as %v (non-zero is true)", c.name, s, v != 0)
	return v != 0
}

// enumParen is "NAME (n)", as Table writes a named value.
var enumParen = regexp.MustCompile(`^(.*\S)\s*\(\s*(\d+)\s*\)$`)

// enumValue reads a UI.RAW TYPE or GAME STATE written as Table writes it
// ("PLAYER STATS MENU (4)", or "0" for none), as a number alone or as a
// name alone (any case).
func enumValue(names []string, s string) (uint32, error) {
	if v, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(v), nil
	}
	lookup := func(name string) int {
		for i, x := range names {
			if x != "" && strings.EqualFold(strings.Join(strings.Fields(name), " "), x) {
				return i
			}
		}
		return -1
	}
	if g := enumParen.FindStringSubmatch(s); g != nil {
		v, err := strconv.ParseUint(g[2], 10, 32)
		if err != nil {
			return 0, fmt.Errorf("%q: %s is out of range", s, g[2])
		}
		if int(v) < len(names) && lookup(g[1]) == int(v) {
			return uint32(v), nil
		}
		if i := lookup(g[1]); i >= 0 {
			return 0, fmt.Errorf("%q: %s is %d, not %d; write the name or the number alone", s, names[i], i, v)
		}
		return 0, fmt.Errorf("%q: %q is not a name of this field (%s)", s, g[1], strings.Join(names[1:], ", "))
	}
	if i := lookup(s); i >= 0 {
		return uint32(i), nil
	}
	return 0, fmt.Errorf("%q is neither a number nor one of %s", s, strings.Join(names[1:], ", "))
}

func (p *textParser) enum(c column, names []string, s string) uint32 {
	v, err := enumValue(names, s)
	if err == nil {
		return v
	}
	if s != "" && !enumParen.MatchString(s) {
		// A number with trailing text: the C way, as elsewhere.
		if v, n, sat := dattext.CUint(s, 32); n > 0 {
			p.cWarn(c, s, v, sat)
			return uint32(v)
		}
	}
	if s == "" {
		p.errorf(p.line, "%s: the value is missing (0 for none)", c.name)
		return 0
	}
	p.errorf(p.line, "%s: %v", c.name, err)
	return 0
}
