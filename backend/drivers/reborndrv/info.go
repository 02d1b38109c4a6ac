package reborndrv

import (
	"context"
	"fmt"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/btx"
)

// ReencodeCheckMax: Info deflates a ZIP member again to compare streams
// only up to this size (the check costs a level-9 compression).
const ReencodeCheckMax = 1 << 20

// Info is the archive's layer chain and counts.
type Info struct {
	Family      string         `json:"family"`
	FileSize    int64          `json:"fileSize"`
	Layers      []Layer        `json:"layers"`
	Chain       string         `json:"chain"`
	ZipMember   string         `json:"zipMember,omitempty"`
	ZipMethod   uint16         `json:"zipMethod,omitempty"`
	ZipCRC32    string         `json:"zipCrc32,omitempty"`
	PayloadSize int64          `json:"payloadSize"`
	Packs       int            `json:"packs"`
	Entries     int            `json:"entries"`
	Kinds       map[string]int `json:"kinds"`
	// Rebuildable: an unchanged rebuild gives the file back byte for byte
	// (every layer's RebuildsIdentically); Layers[i].Reencodes says what an
	// edit under that layer keeps.
	Rebuildable bool `json:"rebuildsIdentically"`
	// Damaged says what Verify finds wrong with the file as a whole (a
	// ZIP layer with no end record: the file was cut short); "" when
	// nothing.
	Damaged string `json:"damaged,omitempty"`
}

// zipEndMissing words a ZIP layer whose member is followed by no end
// record (the central directory and the end record are the file's last
// bytes): a file cut short, or not written whole. The member itself may
// still inflate, so nothing else notices. "" when the layer is whole.
func (a *Archive) zipEndMissing() string {
	if !a.hasZip || a.member.Members != -1 || a.member.Tail == nil {
		return ""
	}
	return fmt.Sprintf("the ZIP layer has no end record after its member's data (%d bytes follow it; a whole file ends with the central directory and the end record): the file is cut short or was not written whole", len(a.member.Tail))
}

func (a *Archive) Info() any {
	in := Info{Family: Family, FileSize: a.fileSize, PayloadSize: a.paySize,
		Packs: len(a.packs), Entries: len(a.entries), Kinds: map[string]int{}, Rebuildable: true}
	var parts []string
	for _, l := range a.layers {
		if l.Kind == "zip" {
			a.zipOnce.Do(func() {
				a.zipRe = "not checked: the stream is compared only when the member is under 1 MB"
				if a.member.Size <= ReencodeCheckMax && a.member.Method == 8 {
					a.zipRe = a.zipReencodes(a.zipSrc, a.payload, a.paySize)
				}
			})
			l.Reencodes = a.zipRe
		}
		in.Layers = append(in.Layers, l)
		in.Rebuildable = in.Rebuildable && l.RebuildsIdentically
		parts = append(parts, l.String())
	}
	in.Chain = strings.Join(parts, " > ")
	for _, e := range a.entries {
		in.Kinds[e.Kind]++
	}
	if a.hasZip {
		in.ZipMember, in.ZipMethod, in.ZipCRC32 = a.member.Name, a.member.Method, fmt.Sprintf("%08X", a.member.CRC32)
	}
	in.Damaged = a.zipEndMissing()
	return in
}

// Verify decodes every entry: nested pack headers, MLZ0 blocks, btx headers;
// it also checks the ZIP CRC (which the game ignores; it is taken over the
// member's bytes, before any MLZ0 inside is removed) and leaf padding.
func (a *Archive) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	var out []archive.Finding
	if msg := a.zipEndMissing(); msg != "" {
		out = append(out, archive.Finding{Severity: archive.SevError, Check: "zip-end", Offset: a.member.Offset + a.member.Packed, Message: msg})
	}
	if a.hasZip && a.zipCRC != a.member.CRC32 {
		out = append(out, archive.Finding{Severity: archive.SevWarning, Check: "zip-crc",
			Message: fmt.Sprintf("ZIP CRC-32 stored %08X, computed %08X over the member's %d bytes (the game does not check it)", a.member.CRC32, a.zipCRC, a.member.Size)})
	}
	total := int64(len(a.entries))
	for i, e := range a.entries {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		p.Progress(int64(i), total, e.Path)
		n := a.byPath[e.Path]
		if n.bad != nil {
			check, msg := "pakd", "nested pack does not read: "+n.bad.Error()
			if n.kind == "mlz0" {
				check, msg = "mlz0", n.bad.Error()
			}
			out = append(out, archive.Finding{Severity: archive.SevError, Check: check, Entry: e.Path, Offset: n.offset, Message: msg})
			continue
		}
		if n.kind == "mlz0" || n.kind == "btx" {
			b, err := a.decoded(n)
			if err != nil {
				out = append(out, archive.Finding{Severity: archive.SevError, Check: "mlz0", Entry: e.Path, Offset: n.offset, Message: err.Error()})
				continue
			}
			if n.kind == "btx" {
				if _, err := btx.ParseHeader(b, btx.Options{}); err != nil {
					out = append(out, archive.Finding{Severity: archive.SevWarning, Check: "btx", Entry: e.Path, Offset: n.offset, Message: err.Error()})
				}
			}
		}
		if a.root != nil && n.kind != "mlz0" && n.size%16 != 0 {
			out = append(out, archive.Finding{Severity: archive.SevInfo, Check: "padding", Entry: e.Path, Offset: n.offset,
				Message: fmt.Sprintf("%d bytes, not a multiple of 16 like the game's entries", n.size)})
		}
	}
	p.Progress(total, total, "")
	return out, nil
}
