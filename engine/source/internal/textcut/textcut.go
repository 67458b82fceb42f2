// Package textcut cuts text sent to a model server to a byte budget
// without splitting a UTF-8 sequence: the semantic source and the chat
// planner both bound what they send, and a cut rune would make the
// request invalid JSON text for some servers.
package textcut

// Prefix is the longest prefix of s of at most n bytes that ends on a
// rune boundary.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
