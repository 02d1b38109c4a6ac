package archive

import "context"

// Capabilities is what one family can do, as its driver declares it
// (Archive.Capabilities). Generic code reads this one descriptor instead of
// probing optional interfaces or comparing family names: a zero field means
// the family does not do it, a nil func that it has no such operation.
//
// The driver conformance suite (drivertest.Run) checks the descriptor
// against what the driver does: a family that lists EditRename renames, one
// that does not is refused; FoldNames families find entries in any case;
// DiskPath gives files holding the entries' bytes; and so on.
type Capabilities struct {
	// Edit is the set of operations Rewrite (and Append) apply; empty for a
	// read-only family. EditRename in it: the family renames natively
	// (writeback refuses a rename otherwise, and the window saves one as a
	// remove and an add, unless NoRename says why it cannot).
	Edit EditOps
	// NoRename says why an entry cannot change its name even as a remove
	// and an add ("" when it can): a Reborn pack numbers its entries (#3),
	// so an add would renumber instead of rename.
	NoRename string
	// Rewrite writes a new archive at dst with edits applied (no edits: a
	// repack). It writes temporary files beside dst and returns them
	// staged, so the caller can close the source (Windows cannot rename
	// over an open file) before committing. A family with sidecar files
	// (DATA.PAK + .MAN) stages all. Nil for a read-only family; a family
	// edited only in place (Append: a game folder) refuses here.
	Rewrite func(ctx context.Context, dst string, edits []Edit, p Progress) (Staged, error)
	// Append edits the archive in place by appending (Lost Saga packs, as
	// their client's patcher does): the bytes already in the file stay as
	// they are, and an interrupted edit is rolled back by truncating.
	// writeback uses it for in-place edits instead of a rewrite and a
	// backup. Nil when the family only rewrites.
	Append func(ctx context.Context, edits []Edit, p Progress) error
	// Notes says what the last Append did beyond writing (a game folder:
	// which pack each edit went to). Nil when there is nothing to say.
	Notes func() []string
	// Sidecars are files an in-place rewrite replaces along with the
	// archive (a DATA.PAK's .MAN): writeback backs them up too.
	Sidecars []string
	// Optimize writes the archive again without what the game never reads
	// (a Lost Saga pack's shadowed copies, old central directories), staged
	// like Rewrite. Nil when the family has no such operation.
	Optimize func(ctx context.Context, dst string, p Progress) (Staged, error)
	// Shadowed lists the later copies of paths the archive lists more than
	// once, which a lookup never finds (what EditDropShadowed drops). Nil
	// when the family cannot list a path twice.
	Shadowed func() []ShadowedCopy

	// Verify runs every integrity check the family has; nil: none.
	Verify func(ctx context.Context, p Progress) ([]Finding, error)
	// Info gives family metadata as a JSON-ready value (header fields,
	// hashes) for `info --json` and the window's card; nil: none.
	Info func() any

	// FoldNames: the game reads entry names in any letter case, so two
	// names that differ only in case are one entry (a comparison pairs
	// them). Such a family's lookup also ignores case.
	FoldNames bool
	// Passwords: the family's entries may be encrypted and
	// OpenOptions.Password opens them; a password that works is worth
	// remembering.
	Passwords bool
	// CompilesSources: the game reads this archive's TL2 data compiled,
	// so text sources written into it compile (backend/edit/intake).
	CompilesSources bool
	// KeepsTextEncoding: text files written into it keep the encoding the
	// entry had (Lost Saga: CP949 or UTF-16, which the client reads as
	// bytes), so UTF-8 given is re-encoded.
	KeepsTextEncoding bool
	// DiskPath gives the file on disk that holds an entry's bytes as they
	// are, for families whose entries are files (a folder, a loose file):
	// the window opens those in place instead of copying them out. Nil
	// for families that store entries inside a container.
	DiskPath func(entry string) string

	// How the window and the command line present the archive, said by the
	// family so no caller compares family names.
	//
	// Card is how Info is shown: as fields (CardFields, the default), as a
	// Torchlight II mod header (CardMod), or not at all (CardNone: the
	// listing says it all, or the family's own bar shows it).
	Card Card
	// Unpack: a released mod that turns back into an editable project (a
	// TL2 .MOD: modunpack).
	Unpack bool
	// SingleFile: the archive is one loose file; it opens straight into
	// its preview.
	SingleFile bool

	// Extract guards (backend/export/extract).
	//
	// Spans reports where entries' stored bytes lie in the archive file, so
	// extract can refuse entries that share bytes (a small archive of
	// overlapping entries can expand to gigabytes). Nil: not known.
	Spans func() []Span
	// IsLink says an entry is a symbolic link (zip): extract refuses to
	// create them. Nil: the family stores no links.
	IsLink func(entry string) bool
	// MaxRatio is the largest size ÷ packed ratio the family's compression
	// can reach (deflate: 1032); a larger ratio is a lie in the header and
	// extract refuses it before writing. 0: no limit known.
	MaxRatio int64
}

// EditOps is a set of edit operations.
type EditOps uint8

// OpsOf makes the set of the given operations.
func OpsOf(ops ...EditOp) EditOps {
	var s EditOps
	for _, o := range ops {
		s |= 1 << uint(o)
	}
	return s
}

// Has says whether o is in the set.
func (s EditOps) Has(o EditOp) bool { return s&(1<<uint(o)) != 0 }

// ShadowedCopy is a later copy of a path an archive lists more than once.
type ShadowedCopy struct {
	Path      string `json:"path"`      // as stored
	Kept      string `json:"kept"`      // the copy a lookup finds, as stored
	Identical bool   `json:"identical"` // same size and checksum as that one
}

// Card is how the window shows an archive's Info (Capabilities.Card).
type Card string

const (
	CardFields Card = ""     // Info's fields, as a table
	CardMod    Card = "mod"  // a Torchlight II mod header: title, author, version, MOD_ID
	CardNone   Card = "none" // no card
)
