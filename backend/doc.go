// Package backend holds everything below the Wails shell (app/) and above
// the pure codecs (formats/): no Wails import, no window. It has no code of
// its own; this file writes down the order of its folders, and
// layers_test.go holds the code to it.
//
// # One direction
//
// The folders stand in this order, from the bottom up:
//
//	sys → archive → workspace → tl2 → view → export → edit → drivers
//
// A package imports only packages of its own folder or of a folder below
// it, and formats/ (which is below all of backend/). Nothing in backend/
// imports app/ or, outside tests, internal/. What two folders both need
// moves down to where both can import it: data is computed below and
// drawn above.
//
//   - sys: plumbing with no idea of archives (safefile, filelock, journal,
//     scratch, watch, limits, ctxio, filehash, …).
//   - archive: the one archive model and the driver registry.
//   - workspace: sessions, jobs, settings, backups (a backup reads a .MOD's
//     build through formats/, not tl2/).
//   - tl2: the Torchlight II toolchain: pack, deploy, load order, unpack,
//     the walk-grid bake, merge, profiles, saves and, above those three,
//     combine (it merges as mergepatch does, keeps the setup before it
//     as a profile and moves characters with saves). It computes; it
//     never draws, so it does not import view/ (text is decoded by
//     formats/gametext, a layout's root section named by
//     formats/tl2/layout.RootOf).
//   - view: what the window and the CLI show: kind, preview, render,
//     content (an entry's text, whether it is a picture), meshview,
//     search, diff. It draws what tl2 computes (meshview places a level as
//     levelbake does; render names hashes with tl2names).
//   - export: extract and convert; it writes what view reads
//     (convert uses render and view/content), never the reverse.
//   - edit: pending edits, intake (text compiled, pictures encoded on the
//     way in; it packs with tl2/modpack), writeback.
//   - drivers: one driver per family, drivers/all (families only; the
//     preview renderers are registered where app/ wires the window and
//     the CLI), drivers/drivertest (the in-memory archive and the
//     conformance suite, which drives edit/writeback).
//
// Inside tl2/ its packages stand in an order of their own, bottom up:
//
//	tl2paths → tl2names → merge → unitanim → tl2game → loadorder → deploy →
//	modfiles → levelbake → modpack → modunpack → check → mergepatch →
//	profiles → saves → combine
//
// (a package's subpackages, as loadorder/loadordertest, stand with it):
// the game's folders and names first, then what reads the game, then
// what packs, what reads packs (unpack, check, the merged patch), and on
// top the profiles and saves that keep the load order, and combine, which
// uses all three (it merges, keeps a profile, moves characters). A new tl2 package
// takes its place in this list.
//
// Tests may also import backend/drivers/... (real families through
// drivers/all, the memory archive through drivers/drivertest) and
// internal/ (test kits): a test runs above the whole backend. Every other
// import in a test file follows the order like the code it tests.
//
// Why this order: tl2 below view because a bake is data and a preview
// draws it; export above view because an export writes what the preview
// shows; edit above tl2 because intake packs; drivers on top because a
// family wires an archive format to everything a window does with it.
// export and edit do not import each other; their relative order is free.
package backend
