// Package cp949 converts between code page 949 (Windows Korean: KS X 1001
// in the EUC-KR layout plus Microsoft's Unified Hangul Code extension) and
// UTF-8, strictly: a byte sequence that is not a character, or a character
// the code page cannot hold, is an error naming where it is.
//
// # Byte layout
//
//	00–7F            one byte, ASCII
//	81–FE  41–5A     two bytes: a lead byte, then a trail byte in one of
//	       61–7A     three ranges (178 trail values per lead). Leads 81–A0
//	       81–FE     and trails below A1 are the UHC extension (the 8,822
//	                 Hangul syllables KS X 1001 lacks); A1–FE A1–FE is
//	                 KS X 1001 (symbols, 2,350 Hangul, 4,888 Hanja).
//	80, FF           not used
//
// 17,048 two-byte pairs are characters. The user-defined rows (C9 and FE
// leads) and the gaps are refused. 0x5C is never a trail byte, so '\' in a
// name is always a separator.
//
// table.go is generated (gen.go) from an independent decoder used as an
// oracle at generation time only; the test compares every two-byte pair
// with that oracle again.
//
// Lost Saga's client looks names up after C's strlwr in the "C" locale and
// turning '/' into '\': FoldKey does the same on the stored bytes, so trail
// bytes in 41–5A fold too, as they do in the client (an inference from the
// client source, which calls strlwr on the raw name).
package cp949

//go:generate go run gen.go
