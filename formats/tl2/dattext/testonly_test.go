package dattext

// Helpers only tests use, moved out of the package's production files.

// decodeUTF16 turns UTF-16 bytes (even length, no BOM) into text exactly as
// rghash.DecodeUTF16 does with their code units, without building the unit
// slice: valid pairs become UTF-8, a lone surrogate its WTF-8 form.
func decodeUTF16(body []byte, bigEndian bool) string {
	s, _ := decodeUTF16Into(nil, body, bigEndian)
	return s
}
