// Package journal is the one crash journal of Packsmith: a small file a
// step that changes two things (a file and the record naming it, a new copy
// and the old ones) writes before it starts and removes once it is done. A
// journal still there when no live process owns it tells the next run that
// the step was cut short, and what to finish or roll back. What to do with
// it is the family's (backend/tl2/deploy, backend/drivers/reborndrv,
// backend/drivers/iopdrv); this package writes, reads and sweeps them.
//
// # On disk
//
// A journal is UTF-8 text, one item a line, each line ended by "\n":
//
//	line 1     the head: a sentence naming the kind of step, the same for
//	           every journal of that kind ("packsmith append journal: the
//	           pack's length before the append"); a file with another first
//	           line is not a journal of that kind
//	then       "<key> <value>" lines, in the order the writer gave them; a
//	           key may repeat (a list), an empty line is skipped
//	last       "pid <decimal>": the process that wrote it
//
// A value is written as it is, unless it is empty, starts with '"' or a
// space, ends with a space or holds a control character: then it is
// written Go-quoted (strconv.Quote) and read back unquoted. Keys are single
// words. Readers accept "pid" anywhere after the head.
//
// The file is written whole or not at all (a temporary file beside it,
// flushed to disk, then renamed: backend/sys/safefile), so a journal never
// reads back cut short; one that does not parse (written by hand, or by
// something else) is Damaged.
//
// # Journals of earlier versions
//
// Before this package, the deploy and Reborn journals were one JSON object
// ({"modId":"4242","target":"…","retire":["…"]}, {"dat":"…"}) with the
// writer's pid only in the file name. Read still takes them, so a journal
// an older Packsmith left behind is finished by a newer one: a string
// member is a field, an array of strings a repeated field (members in name
// order), and the pid comes from the name.
//
// # Names and owners
//
// A journal beside one file has the name its family gives it (iopdrv: the
// pack's name + ".packsmith-append"). Journals gathered in a folder (one
// per step under way) are named by NewPath:
//
//	.packsmith-<kind>-<pid>-<8 hex digits>.journal
//
// and found by Sweep. A journal belongs to a live step while its pid is
// this process's or a running one's (backend/sys/procalive); only then is
// it left alone. A journal without a pid has no live owner.
package journal
