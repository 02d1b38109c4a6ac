// Package rotxor implements the Tactics Ogre: Reborn ".dat" obfuscation
// ("BogoCrypt" in Gibbed's tools, RotXor in the project docs).
//
// The transform works in place on the whole buffer; it never changes its
// length. Two fixed keys are used, read as 4-byte words in file order:
//
//	Key1  60 bytes, 15 words   (SHA-256 22e2f7d9…b29f46a0)
//	Key2  68 bytes, 17 words   (SHA-256 51d4cedf…495bcd24)
//
// Deobfuscating (Decrypt), in order:
//
//  1. rotate the whole buffer left by 3 bits, treating it as one bit string
//     with the most significant bit of byte 0 first:
//     b[i] = b[i]<<3 | b[i+1]>>5, and the last byte takes the top three bits
//     of the original first byte;
//  2. XOR every whole 4-byte word g of the buffer (from byte 0) with
//     Key1 word (8+g) mod 15;
//  3. XOR every whole 4-byte word g from byte 16 on with Key2 word
//     (s+g) mod 17, where s = b[15] & 0x7F read after step 2 (step 3 never
//     touches byte 15, so s is plain byte 15).
//
// Trailing 1–3 bytes that do not fill a word are left alone by both XOR
// steps. Obfuscating (Encrypt) runs step 3, step 2 and then rotates right by
// 3 bits. The game accepts any length above zero; buffers of 16 bytes or
// fewer simply have no step 3.
//
// Both directions also run on the fly over an io.ReaderAt (Reader,
// Encrypter): plain byte i needs obfuscated bytes i and i+1 (the last one
// byte 0 too), and the key-2 start word is plain byte 15, so any range can
// be read without holding the file.
//
// "XOR with key 1" (movies, shaders, saves, per the notes) is step 2 alone
// from an unknown start word: DetectXor1 tries all 15 and accepts a start
// only when the result shows a known magic (Xor1Magics); Xor1Reader
// removes it on the fly.
package rotxor
