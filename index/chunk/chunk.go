package chunk

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strings"
	"unicode/utf8"
)

// File chunks one file. It never panics, and every line of the file belongs
// to exactly one block, except that a class-like container (a class, an
// interface with methods, a Rust impl or trait) spans its members, which
// are blocks of their own. Blocks come sorted by start line, a container
// before its members. An empty file has no blocks.
//
// Go is parsed with go/ast; Python, JavaScript, TypeScript, TSX, Rust,
// Java, C, C++, C#, Ruby, PHP, Kotlin, Bash and Lua with tree-sitter
// (when built with cgo); Markdown and reST split into sections
// at headings; plain text and anything else, and any source file that
// does not parse, fall back to windows of about WindowLines lines cut at
// blank lines.
func File(p string, src []byte) []Block {
	lang := DetectLanguage(p, src)
	lines := SplitLines(string(src))
	if len(lines) == 0 {
		return nil
	}
	var top, members []Block
	var refs []lineRef
	switch lang {
	case "go":
		top = goFile(p, src, lines)
	case "python", "javascript", "typescript", "tsx", "rust", "java",
		"cpp", "csharp", "ruby", "php", "kotlin", "bash", "lua":
		top, members, refs = treeSitterFile(lang, src)
	case "c":
		top, members, refs = treeSitterFile(cGrammar(p, src), src)
	case "markdown":
		top = sections(lines, markdownHeadings(lines))
	case "rst":
		top = sections(lines, rstHeadings(lines))
	}
	return assemble(p, lang, src, lines, top, members, refs)
}

// Language names the language of a path from its extension (a few build
// files from their whole name).
func Language(p string) string {
	switch path.Base(p) {
	case "Rakefile", "Gemfile", "Guardfile", "Vagrantfile", "Podfile":
		return "ruby"
	case ".bashrc", ".bash_profile", ".profile", "PKGBUILD":
		return "bash"
	}
	switch strings.ToLower(path.Ext(p)) {
	case ".go":
		return "go"
	case ".py", ".pyi":
		return "python"
	case ".js", ".mjs", ".cjs", ".jsx":
		return "javascript"
	case ".ts", ".mts", ".cts":
		return "typescript"
	case ".tsx":
		return "tsx"
	case ".rs":
		return "rust"
	case ".java":
		return "java"
	case ".c", ".h":
		return "c"
	case ".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp":
		return "cpp"
	case ".cs":
		return "csharp"
	case ".rb", ".rake", ".gemspec", ".ru":
		return "ruby"
	case ".php", ".phtml":
		return "php"
	case ".kt", ".kts":
		return "kotlin"
	case ".scala", ".sc":
		return "scala"
	case ".sh", ".bash":
		return "bash"
	case ".lua":
		return "lua"
	case ".swift":
		return "swift"
	case ".md", ".markdown":
		return "markdown"
	case ".rst":
		return "rst"
	case ".txt":
		return "text"
	}
	return "text"
}

// DetectLanguage is Language, except that a file with no extension whose
// first line is a shell shebang ("#!/bin/sh", "#!/usr/bin/env bash") is
// Bash.
func DetectLanguage(p string, src []byte) string {
	lang := Language(p)
	if lang != "text" || path.Ext(p) != "" || !bytes.HasPrefix(src, []byte("#!")) {
		return lang
	}
	line, _, _ := bytes.Cut(src[:min(len(src), 100)], []byte("\n"))
	fields := strings.Fields(string(line[2:]))
	if len(fields) == 0 {
		return lang
	}
	interp := path.Base(fields[0])
	if interp == "env" && len(fields) > 1 {
		interp = fields[1]
	}
	switch interp {
	case "sh", "bash", "dash", "ksh":
		return "bash"
	}
	return lang
}

// cGrammar picks the grammar of a C file: a header (.h) that shows C++
// (a class, a namespace, a template, an access specifier) is parsed as
// C++, since the C grammar cannot read those and the C++ grammar reads C
// headers; the blocks still say "c".
func cGrammar(p string, src []byte) string {
	if strings.ToLower(path.Ext(p)) != ".h" {
		return "c"
	}
	for _, marker := range []string{"namespace ", "template <", "template<", "public:", "private:", "std::", "constexpr "} {
		if bytes.Contains(src, []byte(marker)) {
			return "cpp"
		}
	}
	return "c"
}

// WindowLines is the target size of a window block.
const WindowLines = 60

// windowEnd returns the exclusive end index of the window starting at start.
func windowEnd(lines []string, start int) int {
	end := start + WindowLines
	if end >= len(lines) {
		return len(lines)
	}
	for i := end; i > start+WindowLines*2/3; i-- {
		if strings.TrimSpace(lines[i-1]) == "" {
			return i
		}
	}
	return end
}

// SplitLines splits text into lines without their terminators. A final
// newline does not start an empty extra line. Only "\n" ends a line (as for
// go/token and tree-sitter), so a CRLF line keeps its "\r".
func SplitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	return strings.Split(s, "\n")
}

// HashLines hashes lines joined by newlines (hex, 16 bytes of SHA-256).
func HashLines(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// validUTF8 replaces invalid bytes so that names, signatures and docs can
// be indexed and encoded as JSON.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
