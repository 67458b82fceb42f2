//go:build !cgo

package chunk

// HasTreeSitter reports whether this build chunks Python, JavaScript,
// TypeScript, Rust, Java, C, C++, C#, Ruby, PHP, Kotlin, Bash and Lua into
// symbols (it needs cgo); without it those files are cut into windows.
func HasTreeSitter() bool { return false }

// treeSitterFile finds nothing without cgo, so the file is windowed.
func treeSitterFile(string, []byte) (top, members []Block, refs []lineRef) {
	return nil, nil, nil
}
