package reborndrv

import (
	"bytes"
	"context"
	"fmt"
	"hash/crc32"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/btx"
)

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
	Rebuildable bool           `json:"rebuildsIdentically"` // pakd headers come back byte for byte
}

func (a *Archive) Info() any {
	in := Info{Family: Family, FileSize: a.fileSize, Layers: a.layers, PayloadSize: int64(len(a.payload)),
		Packs: a.packs, Entries: len(a.entries), Kinds: map[string]int{}, Rebuildable: true}
	var parts []string
	for _, l := range a.layers {
		parts = append(parts, l.String())
	}
	in.Chain = joinChain(parts)
	for _, e := range a.entries {
		in.Kinds[e.Kind]++
	}
	if a.member.Name != "" || a.member.Method != 0 {
		in.ZipMember, in.ZipMethod, in.ZipCRC32 = a.member.Name, a.member.Method, fmt.Sprintf("%08X", a.member.CRC32)
	}
	if a.root != nil {
		in.Rebuildable = a.root.identical
	}
	return in
}

func joinChain(parts []string) string {
	var b bytes.Buffer
	for i, p := range parts {
		if i > 0 {
			b.WriteString(" > ")
		}
		b.WriteString(p)
	}
	return b.String()
}

// Verify decodes every entry: nested pack headers, MLZ0 blocks, btx headers;
// it also checks the ZIP CRC (which the game ignores) and leaf padding.
func (a *Archive) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	var out []archive.Finding
	if a.member.Name != "" {
		if got := crc32.ChecksumIEEE(a.payload); got != a.member.CRC32 {
			out = append(out, archive.Finding{Severity: archive.SevWarning, Check: "zip-crc",
				Message: fmt.Sprintf("ZIP CRC-32 stored %08X, computed %08X (the game does not check it)", a.member.CRC32, got)})
		}
	}
	total := int64(len(a.entries))
	for i, e := range a.entries {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		p.Progress(int64(i), total, e.Path)
		n := a.byPath[e.Path]
		if n.bad != nil {
			out = append(out, archive.Finding{Severity: archive.SevError, Check: "pakd", Entry: e.Path, Offset: n.offset,
				Message: "nested pack does not read: " + n.bad.Error()})
			continue
		}
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
		if a.root != nil && n.kind != "mlz0" && len(n.data)%16 != 0 {
			out = append(out, archive.Finding{Severity: archive.SevInfo, Check: "padding", Entry: e.Path, Offset: n.offset,
				Message: fmt.Sprintf("%d bytes, not a multiple of 16 like the game's entries", len(n.data))})
		}
	}
	p.Progress(total, total, "")
	return out, nil
}
