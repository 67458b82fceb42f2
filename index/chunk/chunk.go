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
	case "swift", "scala":
		top, members, refs = shapeFile(lang, lines)
	case "markdown":
		top = sections(lines, markdownHeadings(lines))
	case "rst":
		top = sections(lines, rstHeadings(lines))
	}
	return assemble(p, lang, src, lines, top, members, refs)
}

// Language names the language of a path from its extension (a few build
// files from their whole name). It sorts every file into one of three
// families, which decide the source a block belongs to: prose (IsProse:
// Markdown, reST, AsciiDoc, Org, HTML, plain text, and files without an
// extension such as README or LICENSE) is documentation; a language it
// names is code, whether the chunker parses it or cuts it into windows;
// any other extension is "data" (fixtures, captured output, lock files,
// formats nobody listed), which sits with the code, never with the
// documentation: a test vector or a terminal capture that repeats the
// query's words is not a document about them.
func Language(p string) string {
	switch path.Base(p) {
	case "Rakefile", "Gemfile", "Guardfile", "Vagrantfile", "Podfile":
		return "ruby"
	case ".bashrc", ".bash_profile", ".profile", "PKGBUILD":
		return "bash"
	case "Makefile", "GNUmakefile", "makefile":
		return "make"
	case "Dockerfile", "Containerfile":
		return "dockerfile"
	case "CMakeLists.txt":
		return "cmake"
	case "BUILD", "BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel":
		return "starlark"
	}
	ext := strings.ToLower(path.Ext(p))
	if l, ok := extLangs[ext]; ok {
		return l
	}
	if ext == "" {
		return "text"
	}
	return "data"
}

// extLangs maps an extension to its language. The first block is what
// the chunker parses; the second, code it cuts into windows; the third,
// the data formats IsData names; the last, prose.
var extLangs = map[string]string{
	".go": "go", ".py": "python", ".pyi": "python", ".js": "javascript", ".mjs": "javascript",
	".cjs": "javascript", ".jsx": "javascript", ".ts": "typescript", ".mts": "typescript",
	".cts": "typescript", ".tsx": "tsx", ".rs": "rust", ".java": "java", ".c": "c", ".h": "c",
	".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".c++": "cpp", ".hpp": "cpp", ".hh": "cpp",
	".hxx": "cpp", ".h++": "cpp", ".ipp": "cpp", ".tpp": "cpp", ".cs": "csharp",
	".rb": "ruby", ".rake": "ruby", ".gemspec": "ruby", ".ru": "ruby", ".php": "php",
	".phtml": "php", ".kt": "kotlin", ".kts": "kotlin", ".sh": "bash", ".bash": "bash",
	".lua": "lua",

	".scala": "scala", ".sc": "scala", ".swift": "swift", ".hs": "haskell", ".lhs": "haskell",
	".zig": "zig", ".ex": "elixir", ".exs": "elixir", ".erl": "erlang", ".hrl": "erlang",
	".ml": "ocaml", ".mli": "ocaml", ".fs": "fsharp", ".fsi": "fsharp", ".fsx": "fsharp",
	".dart": "dart", ".jl": "julia", ".r": "r", ".pl": "perl", ".pm": "perl", ".clj": "clojure",
	".cljs": "clojure", ".cljc": "clojure", ".elm": "elm", ".nim": "nim", ".cr": "crystal",
	".m": "objectivec", ".mm": "objectivec", ".groovy": "groovy", ".gradle": "groovy",
	".vue": "vue", ".svelte": "svelte", ".sql": "sql", ".proto": "protobuf", ".zsh": "zsh",
	".fish": "fish", ".ps1": "powershell", ".psm1": "powershell", ".el": "elisp",
	".lisp": "lisp", ".scm": "scheme", ".rkt": "racket", ".vim": "vim", ".sol": "solidity",
	".f90": "fortran", ".pas": "pascal", ".v": "verilog", ".sv": "verilog", ".vhd": "vhdl",
	".asm": "asm", ".s": "asm", ".cmake": "cmake", ".bzl": "starlark", ".tf": "hcl",
	".hcl": "hcl", ".nix": "nix", ".css": "css", ".scss": "scss", ".less": "less",
	".graphql": "graphql", ".tmpl": "template", ".tpl": "template", ".j2": "template",
	".mk": "make",

	".json": "json", ".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".xml": "xml",
	".ini": "ini", ".cfg": "ini",

	".html": "html", ".htm": "html", ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown", ".rst": "rst",
	".txt": "text", ".text": "text", ".rdoc": "text", ".textile": "text",
	".adoc": "asciidoc", ".asciidoc": "asciidoc", ".org": "org",
}

// IsData reports whether lang is data: configuration and serialization
// formats, and any extension Language does not know (a test vector, a
// terminal capture, a lock file). Data holds the words of the code it
// describes, repeated, and names no identifiers of its own.
func IsData(lang string) bool {
	switch lang {
	case "data", "json", "yaml", "toml", "xml", "ini":
		return true
	}
	return false
}

// IsProse reports whether lang is documentation: the languages the docs
// source serves (see Language). HTML counts: a project's HTML is mostly its
// manual or its site (express's docs/guide.html); a template is the
// exception.
func IsProse(lang string) bool {
	switch lang {
	case "markdown", "rst", "text", "asciidoc", "org", "html":
		return true
	}
	return false
}

// DetectLanguage is Language, except that a file with no extension whose
// first line is a shebang ("#!/bin/sh", "#!/usr/bin/env python3") is in
// the language of its interpreter: a script, not prose.
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
	if l, ok := shebangLangs[strings.TrimRight(interp, "0123456789.")]; ok { // python3.12
		return l
	}
	return lang
}

// shebangLangs are the interpreters a script without an extension names.
var shebangLangs = map[string]string{"sh": "bash", "bash": "bash", "dash": "bash", "ksh": "bash",
	"zsh": "zsh", "python": "python", "node": "javascript", "ruby": "ruby", "perl": "perl",
	"php": "php", "lua": "lua"}

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
