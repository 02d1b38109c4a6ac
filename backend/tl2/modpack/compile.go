package modpack

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// compiled is one text source after the compile stage.
type compiled struct {
	// src, when set before compileFile, is the source already read (the
	// incremental check read it); compileFile drops it.
	src      []byte
	hash     string     // content hash of the source (incremental packs)
	srcSize  int64      // bytes of the source
	reused   *mod.Entry // the previous .MOD's entry to copy instead of data
	data     []byte
	dat      *dattext.Node  // kept when a RAW index reads it
	lay      *layout.Layout // likewise
	findings []Finding
	failed   bool
	// scenery: a layout under MEDIA/LAYOUTS/ that places no room piece
	// (no walk grid): the cache records it so that the next pack's grid
	// plan need not read the file again (incState.knownScenery).
	scenery bool
	ready   atomic.Bool // the worker is done with it (packRun.finished)
	// next is the new cache's record of the source (hasNext: there is
	// one), made by the worker and kept by the feed once the block is
	// written (incState.keep).
	next    cacheEntry
	hasNext bool
	rank    int // the entry's manifest order (packRun.rank)
}

// rawDatDirs and rawLayoutDirs are the folders the RAW indices read
// (raw package doc): their parsed sources are kept for the RAW stage.
var (
	rawDatDirs    = []string{"MEDIA/AFFIXES/", "MEDIA/SKILLS/", "MEDIA/UNITS/", "MEDIA/TRIGGERABLES/", "MEDIA/LEVELSETS/"}
	rawLayoutDirs = []string{"MEDIA/MISSILES/", raw.UIScanDir}
)

func underAny(name string, dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(name, d) {
			return true
		}
	}
	return false
}

// compileOpts are the per-pack compile choices.
type compileOpts struct {
	ids       bindat.StringIDs // numbers the BINDAT string table (nil: bindat.HashIDs)
	strict    bool             // Options.StrictNumbers
	hash      bool             // compute the content hash (incremental packs)
	parseOnly bool             // a layout: parse it for the RAW stage, no encode
	scratch   *scratch         // a compile worker's reused memory (nil: allocate)
}

// scratch is the memory one compile worker reuses from file to file: the
// source bytes, and the decoded text and parse arena of a BINDAT source
// (nothing of them outlives its compile: the output, the findings and
// raw.Prune's tree are copies). Layouts parse into their own memory: the
// RAW stage keeps them.
type scratch struct {
	src    []byte
	parser dattext.Parser
}

// read reads f into the scratch buffer.
func (s *scratch) read(f *srcFile) ([]byte, error) {
	if s == nil {
		return f.read(nil)
	}
	b, err := f.read(s.src)
	if cap(b) > cap(s.src) && cap(b) <= scratchKeeps {
		s.src = b[:0]
	}
	return b, err
}

// scratchKeeps bounds the source buffer a worker keeps: one huge file does
// not pin its size for the rest of the pack.
const scratchKeeps = 8 << 20

// compileFile reads and compiles one source.
func compileFile(f *srcFile, co compileOpts, out *compiled) {
	fail := func(err error) {
		out.failed = true
		var de *dattext.Error
		if errors.As(err, &de) {
			msg := de.Msg
			if de.Line == 0 && de.Offset > 0 {
				msg = fmt.Sprintf("byte offset %d: %s", de.Offset, msg)
			}
			out.findings = append(out.findings, Finding{Severity: SevError, Stage: StageCompile, File: f.rel, Line: de.Line, Message: msg})
			return
		}
		msg := err.Error()
		msg = strings.TrimPrefix(msg, f.rel+": ")
		out.findings = append(out.findings, Finding{Severity: SevError, Stage: StageCompile, File: f.rel, Message: msg})
	}
	src := out.src
	out.src = nil
	if src == nil {
		var err error
		if src, err = co.scratch.read(f); err != nil {
			fail(err)
			return
		}
	}
	out.srcSize = int64(len(src))
	if co.hash && out.hash == "" {
		out.hash = contentHash(src)
	}
	var root *dattext.Node
	var err error
	if co.scratch != nil && co.ids == nil {
		// The tree and its strings are in memory the next file reuses:
		// nothing of them may stay in out. The output is bytes, raw.Prune
		// and rawLayout copy, the messages are cloned here (a string
		// numbering, which may keep the strings it numbers, parses into
		// its own memory). Layouts too: a fresh tree for each of 10,500
		// layouts was a third of a full pack's allocations (issue 47).
		defer func() {
			for i := range out.findings {
				out.findings[i].Message = strings.Clone(out.findings[i].Message)
			}
		}()
		root, err = co.scratch.parser.Parse(f.rel, src)
	} else {
		root, err = dattext.Parse(f.rel, src)
	}
	if err != nil {
		fail(err)
		return
	}
	switch f.kind {
	case kindBINDAT:
		for _, l := range bindat.Lint(f.rel, root) {
			out.findings = append(out.findings, Finding{Severity: SevWarning, Stage: StageCompile, File: f.rel, Line: l.Line, Message: l.Msg})
		}
		opt := &bindat.Options{IDs: co.ids, Strict: co.strict, Fixed: func(x bindat.NumberFix) {
			out.findings = append(out.findings, Finding{Severity: SevWarning, Stage: StageCompile, File: f.rel, Line: x.Line, Message: x.Message()})
		}}
		b, err := bindat.Compile(f.rel, root, opt)
		if err != nil {
			fail(err)
			return
		}
		out.data = b
		if strings.HasSuffix(f.name, ".DAT") && underAny(f.name, rawDatDirs) {
			out.dat = raw.Prune(root) // what the RAW stage reads, not the whole tree
		}
	case kindLayout:
		compileLayout(f, root, len(src), co, out, fail)
	}
}

// compileLayout is compileFile's step for a layout: root compiled, its
// findings (a C-read number refused when strict), and the BINLAYOUT, or
// only what the RAW indices read of it (parseOnly). srcLen is the
// source's size in bytes.
func compileLayout(f *srcFile, root *dattext.Node, srcLen int, co compileOpts, out *compiled, fail func(error)) {
	l, finds, err := layout.FromText(f.rel, root)
	for _, x := range finds {
		sev := SevWarning
		if x.CNumber && co.strict {
			sev, out.failed = SevError, true // refused: numbers are strict
		}
		out.findings = append(out.findings, Finding{Severity: sev, Stage: StageCompile, File: f.rel, Line: x.Line, Message: x.Msg})
	}
	if out.failed {
		return
	}
	if err != nil {
		fail(err)
		return
	}
	if co.parseOnly {
		out.lay = rawLayout(l)
		return
	}
	// A BINLAYOUT is a tenth to a seventh of its text's bytes (the
	// fixtures' levels and menus 0.10-0.13, the real shape 0.14): a sixth
	// holds every one of them at once.
	b, err := layout.EncodeInto(make([]byte, 0, srcLen/6+256), l)
	if err != nil {
		fail(fmt.Errorf("%s: %w", f.rel, err))
		return
	}
	out.data = b
	if underAny(f.name, rawLayoutDirs) {
		out.lay = rawLayout(l)
	}
	out.scenery = strings.HasPrefix(f.name, "MEDIA/LAYOUTS/") && !l.PlacesRoomPiece()
}

// rawDescriptors are the descriptors of the objects the RAW indices read
// in a layout (raw's missiles and menuRecords: Missile objects' MISSILE
// NAME, Menu Definitions' flags and names), in the schema raw reads with
// (raw.Options.Schema nil: layout.DefaultSchema).
var rawDescriptors = func() (ids [2]uint8) {
	s := layout.DefaultSchema()
	for i, name := range []string{"Missile", "Menu Definition"} {
		// Without it raw.Generate refuses every pack ("schema has no …"),
		// so what is kept then does not matter.
		if d, ok := s.Descriptor(name); ok {
			ids[i] = d.ID
		}
	}
	return ids
}()

// rawLayout is what the RAW indices read of a layout: its Missile and
// Menu Definition objects, in the order Layout.Walk visits them, without
// children, timelines or extra data, their property bytes copied. A pack
// keeps this, and the incremental cache stores it, instead of the whole
// tree: a repack then parses no layout at all (a thousand missile layouts
// were a quarter of a no-change repack's CPU), and the full pack holds a
// few objects per layout until the RAW stage rather than every tree.
func rawLayout(l *layout.Layout) *layout.Layout {
	out := &layout.Layout{Version: l.Version}
	l.Walk(func(o *layout.Object) {
		if o.Descriptor != rawDescriptors[0] && o.Descriptor != rawDescriptors[1] {
			return
		}
		c := &layout.Object{Descriptor: o.Descriptor, ID: o.ID, Name: strings.Clone(o.Name), Props: make([]layout.Prop, len(o.Props))}
		for i, p := range o.Props {
			c.Props[i] = layout.Prop{ID: p.ID, Value: bytes.Clone(p.Value)}
		}
		out.Objects = append(out.Objects, c)
	})
	return out
}
