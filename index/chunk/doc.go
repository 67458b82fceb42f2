// Package chunk turns one file's bytes into Blocks: the units loupe indexes,
// ranks and packs. It is pure (no I/O, no global state that changes
// results): callers hand it a path and the file's contents, and the same
// input always gives the same blocks.
//
// # Languages
//
// Go is parsed with go/ast (exact, no cgo). Python, JavaScript, TypeScript,
// TSX, Rust, Java, C, C++, C#, Ruby, PHP, Kotlin, Bash and Lua are parsed
// with tree-sitter and loupe's own queries (queries.go, queries_more.go)
// when the build has cgo; without cgo, and for any source file that does
// not parse, the file is cut into windows. Swift and Scala are read by the
// shape of their declarations (shape.go), with or without cgo. Markdown and
// reST split into sections at headings; plain text and everything else into
// windows of about WindowLines lines cut at blank lines.
//
// Language sorts files into three families: prose (IsProse), which the
// docs source serves; code, named by its extension whether it is parsed or
// windowed; and data (IsData: configuration, serialization formats and
// every extension nobody listed), which ranks with code under a path
// prior.
//
// A .h file is C unless it shows C++ (a namespace, a template, an access
// specifier, std::), then it is read with the C++ grammar; its blocks say
// "c" either way. A file without extension whose shebang names an
// interpreter (sh, bash, python, node, ruby, perl, php, lua) is in that
// language. Namespaces (C++, C#, PHP) and Ruby modules are not blocks: the
// header goes on into a namespace's or an include guard's opening, the
// classes inside are top-level blocks, and lines that only open or close a
// scope ("end", "}  // namespace absl", "#endif") join a neighbouring
// block. Scala has no tree-sitter parse because tree-sitter-scala v0.24.0
// took minutes on a 300 KB file of invalid statements, in work the parse
// budget does not bound; Swift because no tree-sitter-swift version is
// served by the module proxy. Both are read by shapeFile instead.
//
// Besides functions, methods, classes, interfaces and types, top-level
// values are blocks of kind variable: a Go var or const declaration (a
// group is one block), a Rust const or static, a run of module-level
// assignments in Python, JavaScript or TypeScript. A top-level
// describe/it/test call in JavaScript or TypeScript is a function block
// named by its description and marked Test. A function assigned to a
// member at the top of a JavaScript or TypeScript module is a method of
// what it is assigned to ("res.send = function send(body)" is res.send;
// "Router.prototype.handle = …" is Router.handle; "exports.parse = …" is
// the function parse): CommonJS code such as Express defines every method
// this way, and without it those files were cut into windows that split
// functions at arbitrary lines. So is a function-valued property of an
// object literal at the top of a module ("Foo.prototype = { bar:
// function … }", "Router = Class({ route: function … })"), as a
// shorthand method there already was; inside a definition (const api =
// {…}, a function's body) it stays part of that block. A file's imports (and Go or
// Java package clause) form its header block, from line 1 through the last
// import; Imports holds the import paths.
//
// # Coverage
//
// Every line of a file belongs to exactly one block, with one exception: a
// container (a class, a Java or TypeScript interface, a Rust trait or impl
// block) spans its whole body and its methods are blocks of their own
// inside it. The container's Signature is then its outline (declaration,
// fields, one line per method ending in " …"), which is what the container
// says on its own. Only one level nests: a class inside a class, or a
// function inside a function, is part of the enclosing block.
//
// Lines between top-level declarations are placed by one rule for every
// language: blank lines join the block above; comment-only lines (a loose
// comment, a directive, a decorator) join the block below, or the block
// above at the end of the file; lines holding code that no definition
// claims (module-level statements, an inline Rust module's braces) become
// window blocks. A block's doc comment is part of its range and its Doc.
//
// # Names and IDs
//
// Methods are qualified by their receiver, class or impl type
// ("Processor.Process", "Gateway.charge", "Settler.new"), a definition
// named by a path by its last qualifier (C++ "Widget::Compute" is
// "Widget.Compute", Lua "M.state:get" is "state.get"), a Kotlin extension
// by the type it extends ("String.shout"), a function directly in a Ruby
// module by the module ("Utils.escape"); a Rust impl block
// is named "impl Settler" or "impl Backoff for Exponential". Sections are
// qualified by their heading path ("Payments service > Architecture"). IDs
// are "path#QualName" for named blocks, "path:header" for a header and
// "path:start" for windows and unnamed sections; a repeated ID in one file
// gets "~2", "~3", ….
package chunk
