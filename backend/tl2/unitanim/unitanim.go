// Package unitanim reads a Torchlight II unit's animation list: the
// .ANIMATION source GUTS writes beside a unit's mesh (UTF-16LE text) or
// its compiled BINDAT (what a .MOD holds under the same name).
//
//	[ANIMATIONS]
//		[ANIMATION]
//			<STRING>FILE:attack1.skeleton    one animation per .SKELETON
//			<STRING>NAME:Attack1
//			<FLOAT>DURATION:1                seconds the game plays it in
//			[KEY]                            an event at a frame
//				<STRING>NAME:HIT
//				<FLOAT>FRAME:20
//			[/KEY]
//		[/ANIMATION]
//	[/ANIMATIONS]
//
// Keys and section names are matched without regard to case; other
// properties of a key (SOUND, …) are kept as they are.
package unitanim

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
)

// Animation is one [ANIMATION] of the list.
type Animation struct {
	Name     string  `json:"name"`
	File     string  `json:"file"`               // as written, e.g. "attack1.skeleton"
	Duration float64 `json:"duration,omitempty"` // seconds; 0 when not given
	Events   []Event `json:"events"`
}

// Event is one [KEY]: a named event at a frame.
type Event struct {
	Name  string            `json:"name"`
	Frame float64           `json:"frame"`
	Extra map[string]string `json:"extra,omitempty"` // other properties (SOUND, …)
}

var names = []string{"ANIMATIONS", "ANIMATION", "KEY", "FILE", "NAME", "DURATION", "FRAME", "SOUND", "SPEED", "LOOP"}

// Parse reads an .ANIMATION (text or BINDAT); file names it in errors.
func Parse(file string, data []byte) ([]Animation, error) {
	var root *dattext.Node
	if len(data) >= 12 && binary.LittleEndian.Uint32(data) == bindat.Version {
		dict := rghash.NewDictionary()
		for _, n := range names {
			dict.Add(n)
		}
		d, err := bindat.Decompile(file, data, dict)
		if err != nil {
			return nil, err
		}
		root = d.Root
	} else {
		n, err := dattext.Parse(file, data)
		if err != nil {
			return nil, err
		}
		root = n
	}
	out := []Animation{}
	err := root.Walk(func(n *dattext.Node, _ int) error {
		if !strings.EqualFold(n.Name, "ANIMATION") {
			return nil
		}
		a := Animation{Events: []Event{}}
		for _, p := range n.Props {
			v := strings.TrimSpace(p.Value)
			switch strings.ToUpper(p.Key) {
			case "NAME":
				a.Name = v
			case "FILE":
				a.File = v
			case "DURATION":
				f, err := strconv.ParseFloat(v, 64)
				if err != nil {
					return fmt.Errorf("%s: line %d: DURATION %q is not a number", file, p.Line, v)
				}
				a.Duration = f
			}
		}
		for _, k := range n.Children {
			if !strings.EqualFold(k.Name, "KEY") {
				continue
			}
			e := Event{}
			for _, p := range k.Props {
				v := strings.TrimSpace(p.Value)
				switch strings.ToUpper(p.Key) {
				case "NAME":
					e.Name = v
				case "FRAME":
					f, err := strconv.ParseFloat(v, 64)
					if err != nil {
						return fmt.Errorf("%s: line %d: FRAME %q is not a number", file, p.Line, v)
					}
					e.Frame = f
				default:
					if e.Extra == nil {
						e.Extra = map[string]string{}
					}
					e.Extra[strings.ToUpper(p.Key)] = v
				}
			}
			a.Events = append(a.Events, e)
		}
		out = append(out, a)
		return nil
	})
	return out, err
}
