// Package fold groups findings of one kind so that a person can read them:
// a 37,000-file mod printed 2,901 pack warnings, 1,667 of them one
// "UNITDATA.RAW: GUESSED" each naming its own unit, base file and fields.
//
// The kind of a message (Kind) is the message with what varies between
// findings of one kind taken out:
//
//   - a message that starts with a code, upper-case words and a colon
//     after an upper-case name and a colon ("UNITDATA.RAW: GUESSED: …",
//     "UNITDATA.RAW: LEFT OUT: …"), is of that code: the rest names the
//     unit, its base file and the fields, which differ every time;
//   - otherwise quoted values ("…", '…', “…”, `…`) become …, and numbers
//     become #: 0x…, decimal (with thousands commas and a fraction), and
//     hexadecimal words holding a digit (a CRC written 34307C24).
//
// Fold keeps first-seen order and marks a group folded from Min findings
// up (three: two alike read fine one by one). The window does the same
// (frontend/src/lib/findings.js); testdata/fold/kinds.json holds the
// cases both test against, so the two cannot drift.
package fold
