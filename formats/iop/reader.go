package iop

import (
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"sort"
	"strings"
	"time"

	"packsmith/formats/cp949"
)

const (
	sigLocal      = 0x04034b50
	sigCentral    = 0x02014b50
	sigEnd        = 0x06054b50
	sigDescriptor = 0x08074b50

	localLen   = 30
	centralLen = 46
	endLen     = 22

	// MethodStored and MethodDeflate are the methods packs use.
	MethodStored  = 0
	MethodDeflate = 8

	FlagEncrypted  = 0x0001
	FlagDescriptor = 0x0008
)

// Options bound what a pack's headers may make the reader do.
type Options struct {
	// Password opens encrypted entries. Empty: try KnownPasswords in order.
	Password string
	// MaxCentralDir caps the central directory read into memory (default 64 MiB).
	MaxCentralDir int64
	// MaxCheckSize caps the size of the entry fully decoded to confirm a
	// password (default 4 MiB); larger entries are checked by check byte only.
	MaxCheckSize int64
}

const (
	defaultMaxCentralDir = 64 << 20
	defaultMaxCheckSize  = 4 << 20
)

// File is one central-directory entry. Fields hold the stored values.
type File struct {
	Index         int    // position in the central directory
	Name          string // stored name bytes (code page 949, either separator)
	Comment       string
	Extra         []byte
	VersionMadeBy uint16
	VersionNeeded uint16
	Flags         uint16
	Method        uint16
	ModTime       uint16 // DOS time
	ModDate       uint16 // DOS date
	CRC32         uint32
	Compressed    uint32 // bytes in the pack, 12-byte encryption header included
	Uncompressed  uint32
	DiskStart     uint16
	InternalAttr  uint16
	ExternalAttr  uint32
	HeaderOffset  int64 // offset of the local header

	r *Reader
}

// Encrypted reports flag bit 0.
func (f *File) Encrypted() bool { return f.Flags&FlagEncrypted != 0 }

// INIScrambled reports whether the client unscrambles this entry after reading.
func (f *File) INIScrambled() bool { return INIScrambled(f.Name, f.Comment) }

// Path is the stored name decoded from code page 949 (cp949.Display) with
// '\' shown as '/'. A leading separator is kept: such a name is absolute
// (or UNC, with two) and extract refuses it.
func (f *File) Path() string { return DisplayName(f.Name) }

// DisplayName is a stored name as Path shows it.
func DisplayName(raw string) string {
	return strings.ReplaceAll(cp949.Display([]byte(raw)), `\`, "/")
}

// Key is the name the client looks entries up by: every byte A–Z
// lower-cased and '/' turned into '\' (cp949.FoldKey on the stored bytes).
func (f *File) Key() string { return cp949.FoldKey(f.Name) }

// LookupKey is the key of a name a user typed (UTF-8): encoded to code
// page 949 when it can be, then folded as the client folds stored names.
func LookupKey(name string) string {
	if b, err := cp949.Encode(name); err == nil {
		return cp949.FoldKey(string(b))
	}
	return cp949.FoldKey(name)
}

// EncodeName turns a name given as text ('/' or '\' separators) into the
// bytes a pack stores: code page 949 with '\' separators. A character code
// page 949 cannot hold is an error naming it.
func EncodeName(name string) (string, error) {
	b, err := cp949.Encode(strings.ReplaceAll(name, "/", `\`))
	if err != nil {
		var ee *cp949.EncodeError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("iop: name %q: %q (U+%04X) cannot be stored: Lost Saga packs keep names in code page 949 (Korean), which has no such character", name, ee.Rune, ee.Rune)
		}
		return "", fmt.Errorf("iop: name %q: %w", name, err)
	}
	return string(b), nil
}

// Modified is the DOS time as a time.Time (UTC).
func (f *File) Modified() time.Time { return dosToTime(f.ModDate, f.ModTime) }

// checkByte is the value the last decrypted header byte must have.
func (f *File) checkByte() byte {
	if f.Flags&FlagDescriptor != 0 {
		return byte(f.ModTime >> 8)
	}
	return byte(f.CRC32 >> 24)
}

// Reader reads a pack from an io.ReaderAt.
type Reader struct {
	r       io.ReaderAt
	size    int64
	File    []*File
	Comment string
	// CentralOffset and CentralSize locate the central directory.
	CentralOffset, CentralSize int64

	standardRecords int // central records read in the standard ZIP layout

	password      string
	passwordLabel string // "given", a region label, or "" when none is needed
	passwordErr   error  // non-nil when encrypted entries cannot be opened
	maxCheck      int64
}

// NewReader reads the end record and central directory. Entries are opened
// lazily. A wrong explicit password is an error; with no password, the
// published ones are tried, and when none works the Reader still lists
// entries but Open of an encrypted entry fails with ErrUnknownPassword.
func NewReader(r io.ReaderAt, size int64, opts Options) (*Reader, error) {
	if opts.MaxCentralDir <= 0 {
		opts.MaxCentralDir = defaultMaxCentralDir
	}
	if opts.MaxCheckSize <= 0 {
		opts.MaxCheckSize = defaultMaxCheckSize
	}
	z := &Reader{r: r, size: size, maxCheck: opts.MaxCheckSize}
	if err := z.readDirectory(opts.MaxCentralDir); err != nil {
		return nil, err
	}
	if err := z.choosePassword(opts.Password); err != nil {
		return nil, err
	}
	return z, nil
}

// endRecord finds the end-of-central-directory record (the last one
// whose comment fits in the file) in the pack's last 64 KiB: its bytes to
// the end of the file, and its offset.
func (z *Reader) endRecord() ([]byte, int64, error) {
	tail := int64(endLen + 0xFFFF)
	if tail > z.size {
		tail = z.size
	}
	buf := make([]byte, tail)
	base := z.size - tail
	if _, err := z.r.ReadAt(buf, base); err != nil && err != io.EOF {
		return nil, 0, errAt("", base, "reading the end record: %w", err)
	}
	end := -1
	for i := len(buf) - endLen; i >= 0; i-- {
		if binary.LittleEndian.Uint32(buf[i:]) == sigEnd {
			cl := int(binary.LittleEndian.Uint16(buf[i+20:]))
			if i+endLen+cl <= len(buf) {
				end = i
				break
			}
		}
	}
	if end < 0 {
		return nil, 0, errAt("", -1, "%w: no end record (PK\\5\\6)", ErrFormat)
	}
	return buf[end:], base + int64(end), nil
}

func (z *Reader) readDirectory(maxCD int64) error {
	if z.size < endLen {
		return errAt("", -1, "%w: %d bytes is too short for an end record", ErrFormat, z.size)
	}
	e, endOff, err := z.endRecord()
	if err != nil {
		return err
	}
	count := int(binary.LittleEndian.Uint16(e[10:]))
	cdSize := int64(binary.LittleEndian.Uint32(e[12:]))
	cdOff := int64(binary.LittleEndian.Uint32(e[16:]))
	cl := int(binary.LittleEndian.Uint16(e[20:]))
	z.Comment = string(e[endLen : endLen+cl])
	if cdOff+cdSize > endOff {
		return errAt("", endOff, "%w: central directory (offset 0x%X, %d bytes) runs past the end record", ErrFormat, cdOff, cdSize)
	}
	if int64(count)*centralLen > cdSize {
		// Some tools write a central directory size that is too small (the
		// last record's): the directory then runs up to the end record.
		cdSize = endOff - cdOff
	}
	if cdSize > maxCD {
		return errAt("", endOff, "%w: central directory of %d bytes (limit %d)", ErrTooLarge, cdSize, maxCD)
	}
	if int64(count)*centralLen > cdSize {
		return errAt("", endOff, "%w: %d entries cannot fit in a %d-byte central directory", ErrFormat, count, cdSize)
	}
	z.CentralOffset, z.CentralSize = cdOff, cdSize
	cd := make([]byte, cdSize)
	if _, err := z.r.ReadAt(cd, cdOff); err != nil && !(err == io.EOF && cdSize == 0) {
		return errAt("", cdOff, "reading the central directory: %w", err)
	}
	z.File = make([]*File, 0, count)
	p := 0
	for i := 0; i < count; i++ {
		off := cdOff + int64(p)
		if p+centralLen > len(cd) {
			return errAt(fmt.Sprintf("#%d", i), off, "%w: central record cut short", ErrFormat)
		}
		h := cd[p : p+centralLen]
		if binary.LittleEndian.Uint32(h) != sigCentral {
			return errAt(fmt.Sprintf("#%d", i), off, "%w: central record signature %08X, want PK\\1\\2", ErrFormat, binary.LittleEndian.Uint32(h))
		}
		le := binary.LittleEndian
		nl, xl, cl := int(le.Uint16(h[4:])), int(le.Uint16(h[6:])), int(le.Uint16(h[32:]))
		made, need := le.Uint16(h[28:]), le.Uint16(h[30:])
		if !recordFits(cd, p, nl, xl, cl) {
			// The standard ZIP layout (name and extra lengths at 28 and 30),
			// as some tools write the central directory.
			if snl, sxl := int(made), int(need); recordFits(cd, p, snl, sxl, cl) {
				nl, xl = snl, sxl
				made, need = le.Uint16(h[4:]), le.Uint16(h[6:])
				z.standardRecords++
			}
		}
		if p+centralLen+nl+xl+cl > len(cd) {
			return errAt(fmt.Sprintf("#%d", i), off, "%w: name, extra and comment (%d+%d+%d bytes) run past the central directory", ErrFormat, nl, xl, cl)
		}
		q := p + centralLen
		f := &File{
			Index:         i,
			Name:          string(cd[q : q+nl]),
			Extra:         append([]byte(nil), cd[q+nl:q+nl+xl]...),
			Comment:       string(cd[q+nl+xl : q+nl+xl+cl]),
			Flags:         le.Uint16(h[8:]),
			Method:        le.Uint16(h[10:]),
			ModTime:       le.Uint16(h[12:]),
			ModDate:       le.Uint16(h[14:]),
			CRC32:         le.Uint32(h[16:]),
			Compressed:    le.Uint32(h[20:]),
			Uncompressed:  le.Uint32(h[24:]),
			VersionMadeBy: made,
			VersionNeeded: need,
			DiskStart:     le.Uint16(h[34:]),
			InternalAttr:  le.Uint16(h[36:]),
			ExternalAttr:  le.Uint32(h[38:]),
			HeaderOffset:  int64(le.Uint32(h[42:])),
			r:             z,
		}
		if len(f.Extra) == 0 {
			f.Extra = nil
		}
		if f.HeaderOffset+localLen > z.size {
			return errAt(f.Name, off, "%w: local header offset 0x%X is past the end of the pack", ErrFormat, f.HeaderOffset)
		}
		z.File = append(z.File, f)
		p = q + nl + xl + cl
	}
	return nil
}

// recordFits says whether a central record at p with these lengths ends
// inside the directory, at its end or where the next record starts.
func recordFits(cd []byte, p, nl, xl, cl int) bool {
	next := p + centralLen + nl + xl + cl
	if next > len(cd) {
		return false
	}
	return next == len(cd) || (next+4 <= len(cd) && binary.LittleEndian.Uint32(cd[next:]) == sigCentral) ||
		binary.LittleEndian.Uint32(cd[p:]) == sigCentral && next+4 > len(cd)
}

// Password is the password that opens the pack's encrypted entries and a
// label for where it came from ("given", "US pack password", …). ok is false
// when the pack has encrypted entries and no password was found.
func (z *Reader) Password() (pw, label string, ok bool) {
	return z.password, z.passwordLabel, z.passwordErr == nil
}

// PasswordErr is why encrypted entries cannot be opened, or nil.
func (z *Reader) PasswordErr() error { return z.passwordErr }

func (z *Reader) choosePassword(given string) error {
	var enc []*File
	for _, f := range z.File {
		if f.Encrypted() {
			enc = append(enc, f)
		}
	}
	if len(enc) == 0 {
		z.password, z.passwordLabel = given, ""
		return nil
	}
	// Probe the smallest entries first: cheap to decode in full.
	sort.SliceStable(enc, func(i, j int) bool { return enc[i].Compressed < enc[j].Compressed })
	if len(enc) > 3 {
		enc = enc[:3]
	}
	if given != "" {
		// A given password only has to pass the check bytes: a damaged
		// entry must not read as a wrong password.
		if err := z.checkBytes(enc, given); err != nil {
			return err
		}
		z.password, z.passwordLabel = given, "given"
		return nil
	}
	// Trying many passwords, a check byte passes by chance 1 time in 256,
	// so a candidate must also decode the smallest entry and match its
	// CRC-32. (A damaged entry can make the right password fail here: the
	// user then names it with --password, which needs only the check bytes.)
	for _, kp := range KnownPasswords {
		if z.checkBytes(enc, kp.Password) != nil {
			continue
		}
		if z.decodes(enc[0], kp.Password) {
			z.password, z.passwordLabel = kp.Password, kp.Label()
			return nil
		}
	}
	z.passwordErr = &Error{Entry: enc[0].Name, Offset: enc[0].HeaderOffset, Err: ErrUnknownPassword}
	return nil
}

func (z *Reader) checkBytes(probe []*File, pw string) error {
	for _, f := range probe {
		if _, err := f.dataReader(pw); err != nil {
			return err
		}
	}
	return nil
}

// decodes reports whether f decodes with pw and matches its CRC-32; entries
// over the check size count as decoding.
func (z *Reader) decodes(f *File, pw string) bool {
	if int64(f.Uncompressed) > z.maxCheck || int64(f.Compressed) > z.maxCheck {
		return true
	}
	rc, err := f.openZip(pw)
	if err != nil {
		return false
	}
	defer rc.Close()
	_, err = io.Copy(io.Discard, rc)
	return err == nil
}

// DataOffset reads the local header and returns where the entry's data starts.
func (f *File) DataOffset() (int64, error) {
	var h [localLen]byte
	if _, err := f.r.r.ReadAt(h[:], f.HeaderOffset); err != nil {
		return 0, &Error{Entry: f.Name, Offset: f.HeaderOffset, Err: fmt.Errorf("reading the local header: %w", err)}
	}
	if sig := binary.LittleEndian.Uint32(h[:]); sig != sigLocal {
		return 0, errAt(f.Name, f.HeaderOffset, "%w: local header signature %08X, want PK\\3\\4", ErrFormat, sig)
	}
	nl, xl := localLengths(h[:], len(f.Name))
	data := f.HeaderOffset + localLen + nl + xl
	if data+int64(f.Compressed) > f.r.size {
		return 0, errAt(f.Name, f.HeaderOffset, "%w: %d data bytes at 0x%X run past the end of the pack (%d bytes)", ErrFormat, f.Compressed, data, f.r.size)
	}
	return data, nil
}

// localLengths reads the name and extra lengths of a local header. Packs
// keep them at 4 and 6; some tools write the standard layout, with them at
// 26 and 28. The central directory's name length tells which: when both
// places hold it, an extra length of 0 is taken (packs write none).
func localLengths(h []byte, nameLen int) (nl, xl int64) {
	le := binary.LittleEndian
	swapped := int(le.Uint16(h[4:])) == nameLen
	standard := int(le.Uint16(h[26:])) == nameLen
	switch {
	case swapped && standard:
		if le.Uint16(h[6:]) != 0 && le.Uint16(h[28:]) == 0 {
			return int64(nameLen), 0
		}
	case standard:
		return int64(nameLen), int64(le.Uint16(h[28:]))
	}
	return int64(le.Uint16(h[4:])), int64(le.Uint16(h[6:]))
}

// LooksLikePack says whether the first local header of a file is a pack's:
// the swapped layout (version needed 0x0A or 0x14 at 26, known flag bits at
// 28), or the standard layout when the central directory (read through r;
// nil: not read) is in the swapped layout with the same first name. When
// the two layouts cannot be told apart from the local header, the
// directory decides too.
func LooksLikePack(head []byte, r io.ReaderAt, size int64) bool {
	if len(head) >= 4 && binary.LittleEndian.Uint32(head) == sigEnd {
		return true
	}
	if len(head) < localLen || binary.LittleEndian.Uint32(head) != sigLocal {
		return false
	}
	le := binary.LittleEndian
	ver, flags, nl := le.Uint16(head[26:]), le.Uint16(head[28:]), le.Uint16(head[4:])
	swapped := (ver == 0x0A || ver == 0x14) && flags&^0x080F == 0 && nl > 0
	if swapped && nl != ver {
		return true
	}
	// A standard ZIP whose first name has 10 or 20 bytes looks the same
	// (its version needed at 4 equals the name length at 26): the central
	// directory decides, as it does for the standard local layout.
	if r == nil {
		return swapped
	}
	snl := int(le.Uint16(head[26:]))
	if snl == 0 || localLen+snl > len(head) {
		return false
	}
	z := &Reader{r: r, size: size}
	if err := z.readDirectory(defaultMaxCentralDir); err != nil || len(z.File) == 0 {
		return false
	}
	// The directory must have been read in the swapped layout, every
	// record, and name the same first entry.
	return z.standardRecords == 0 && z.File[0].Name == string(head[localLen:localLen+snl])
}

// OpenRaw returns the entry's bytes as stored (encryption header and
// compressed stream included).
func (f *File) OpenRaw() (*io.SectionReader, error) {
	off, err := f.DataOffset()
	if err != nil {
		return nil, err
	}
	return io.NewSectionReader(f.r.r, off, int64(f.Compressed)), nil
}

// dataReader returns the compressed stream, decrypted with pw when the entry
// is encrypted (after checking the encryption header).
func (f *File) dataReader(pw string) (io.Reader, error) {
	off, err := f.DataOffset()
	if err != nil {
		return nil, err
	}
	raw := io.NewSectionReader(f.r.r, off, int64(f.Compressed))
	if !f.Encrypted() {
		return raw, nil
	}
	if f.Compressed < EncHeaderLen {
		return nil, errAt(f.Name, off, "%w: encrypted entry of %d bytes has no room for its 12-byte header", ErrFormat, f.Compressed)
	}
	var hdr [EncHeaderLen]byte
	if _, err := io.ReadFull(raw, hdr[:]); err != nil {
		return nil, &Error{Entry: f.Name, Offset: off, Err: err}
	}
	k := NewKeys([]byte(pw))
	k.Decrypt(hdr[:])
	if hdr[11] != f.checkByte() {
		return nil, errAt(f.Name, off, "%w (the password check byte decrypts to 0x%02X, expected 0x%02X)", ErrWrongPassword, hdr[11], f.checkByte())
	}
	return &decryptReader{r: raw, k: k}, nil
}

type decryptReader struct {
	r io.Reader
	k Keys
}

func (d *decryptReader) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	d.k.Decrypt(p[:n])
	return n, err
}

// OpenZip returns the entry's bytes as the ZIP layer holds them: decrypted,
// inflated, checked against the CRC-32 and size, but not unscrambled.
func (f *File) OpenZip() (io.ReadCloser, error) {
	if f.Encrypted() && f.r.passwordErr != nil {
		return nil, &Error{Entry: f.Name, Offset: f.HeaderOffset, Err: ErrUnknownPassword}
	}
	return f.openZip(f.r.password)
}

func (f *File) openZip(pw string) (io.ReadCloser, error) {
	if f.Method != MethodStored && f.Method != MethodDeflate {
		return nil, errAt(f.Name, f.HeaderOffset, "%w %d", ErrMethod, f.Method)
	}
	r, err := f.dataReader(pw)
	if err != nil {
		return nil, err
	}
	cr := &checkReader{f: f, h: crc32.NewIEEE()}
	if f.Method == MethodDeflate {
		fr := flate.NewReader(r)
		cr.r, cr.c = fr, fr
	} else {
		cr.r = r
	}
	return cr, nil
}

// Open returns the entry's content as the client sees it: OpenZip, then the
// fixed .ini XOR undone when the entry is an .ini with comment 1.
func (f *File) Open() (io.ReadCloser, error) {
	rc, err := f.OpenZip()
	if err != nil || !f.INIScrambled() {
		return rc, err
	}
	return struct {
		io.Reader
		io.Closer
	}{&iniReader{r: rc, n: int64(f.Uncompressed)}, rc}, nil
}

// checkReader stops at the declared size and checks the CRC-32 at the end.
type checkReader struct {
	f   *File
	r   io.Reader
	c   io.Closer
	h   hash.Hash32
	n   int64
	err error
}

func (c *checkReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if rest := int64(c.f.Uncompressed) - c.n; int64(len(p)) > rest+1 {
		p = p[:rest+1] // one extra byte reveals data beyond the declared size
	}
	n, err := c.r.Read(p)
	c.h.Write(p[:n])
	c.n += int64(n)
	if c.n > int64(c.f.Uncompressed) {
		c.err = errAt(c.f.Name, c.f.HeaderOffset, "%w: more data than the declared %d bytes", ErrChecksum, c.f.Uncompressed)
		return n, c.err
	}
	if err == io.EOF {
		if c.n != int64(c.f.Uncompressed) {
			c.err = errAt(c.f.Name, c.f.HeaderOffset, "%w: %d bytes decoded, %d declared", ErrChecksum, c.n, c.f.Uncompressed)
			return n, c.err
		}
		if s := c.h.Sum32(); s != c.f.CRC32 {
			c.err = errAt(c.f.Name, c.f.HeaderOffset, "%w: CRC-32 stored %08X, computed %08X", ErrChecksum, c.f.CRC32, s)
			return n, c.err
		}
		c.err = io.EOF
	} else if err != nil {
		c.err = &Error{Entry: c.f.Name, Offset: c.f.HeaderOffset, Err: err}
		if isFlateErr(err) {
			c.err = errAt(c.f.Name, c.f.HeaderOffset, "%w: the deflate stream is damaged (%v)", ErrChecksum, err)
		}
		return n, c.err
	}
	return n, nil
}

func (c *checkReader) Close() error {
	if c.c != nil {
		return c.c.Close()
	}
	return nil
}

// descriptorLen is the length of the data descriptor after the entry's data
// (16 with its PK\7\8 signature, 12 without, 0 when flag bit 3 is clear or
// nothing fits).
func (f *File) descriptorLen(dataOff int64) int64 {
	if f.Flags&FlagDescriptor == 0 {
		return 0
	}
	at := dataOff + int64(f.Compressed)
	var b [4]byte
	if at+16 <= f.r.size {
		if _, err := f.r.r.ReadAt(b[:], at); err == nil && binary.LittleEndian.Uint32(b[:]) == sigDescriptor {
			return 16
		}
	}
	if at+12 <= f.r.size {
		if _, err := f.r.r.ReadAt(b[:], at); err == nil && binary.LittleEndian.Uint32(b[:]) == f.CRC32 {
			return 12
		}
	}
	return 0
}

func dosToTime(d, t uint16) time.Time {
	return time.Date(int(d>>9)+1980, time.Month(d>>5&0xF), int(d&0x1F),
		int(t>>11), int(t>>5&0x3F), int(t&0x1F)*2, 0, time.UTC)
}

func timeToDOS(tm time.Time) (d, t uint16) {
	if tm.Year() < 1980 {
		return 0x21, 0 // 1980-01-01
	}
	d = uint16((tm.Year()-1980)<<9 | int(tm.Month())<<5 | tm.Day())
	t = uint16(tm.Hour()<<11 | tm.Minute()<<5 | tm.Second()/2)
	return d, t
}

func isFlateErr(err error) bool {
	var ce flate.CorruptInputError
	return errors.As(err, &ce) || errors.Is(err, io.ErrUnexpectedEOF)
}

// KeyOf is the lookup key of stored name bytes (cp949.FoldKey).
func KeyOf(raw string) string { return cp949.FoldKey(raw) }

// Size is the length of the pack the Reader reads.
func (z *Reader) Size() int64 { return z.size }
