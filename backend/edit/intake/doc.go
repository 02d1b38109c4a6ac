// Package intake turns what a user writes into an archive into what the
// game reads, the way the family's own tool would, before write-back
// stores it (DESIGN.md, "Writing what the user sees"):
//
//   - Torchlight II text sources written into a .MOD or DATA.PAK (an
//     archive whose Capabilities say CompilesSources) compile as `pack`
//     compiles them, with backend/tl2/modpack's own compile code: .DAT,
//     .TEMPLATE, .ANIMATION and .HIE to BINDAT, .LAYOUT to BINLAYOUT. A
//     source that does not compile is refused with its file:line message
//     before anything is written. Bytes that are already compiled are
//     stored as they are.
//   - A RAW index's table (the text the preview shows, raw.Text) written
//     over a RAW index of such an archive compiles back to the index
//     (raw.Compile), refused with its file:line message when it does not.
//     An index written by the edits is not rebuilt: the user's wins.
//   - After such an edit the RAW indices it touches are rebuilt from the
//     archive as it will be (raw.Generate over every source of that
//     index, decompiled), so a new unit, skill or affix appears in its
//     index and a removed one leaves it. A unit whose BASEFILE chain leaves
//     the archive (base-game files) and that the edit did not touch keeps
//     the record the archive had: GUTS built it with the base data.
//   - A PNG, JPEG or TGA written over a DDS texture (any family) is encoded
//     to that texture's format, size and mip count (dds.Reencode); over a
//     Reborn btx texture, to the btx's (btx.Reencode). A picture added as
//     a new .DDS, with no texture to follow, becomes DXT5 with a full mip
//     chain. A DDS given for a DDS is stored as it is.
//   - UTF-8 text written over a text file of an archive that keeps text
//     encodings (Lost Saga .iop: KeepsTextEncoding) is written in the encoding
//     the file came in (CP949, UTF-16LE with or without BOM), CRLF line
//     ends kept; a character CP949 cannot hold is refused with its line.
//
// Each conversion is reported with a label for the change list
// ("compiled from text to BINDAT"). archive.ConvertNone (`--as-is`)
// stores the bytes unchanged and rebuilds nothing for that edit;
// archive.ConvertDone says the caller converted already (the window's
// pending changes convert when a change is made, so the panel can show the
// result), and only the RAW rebuild runs.
package intake
