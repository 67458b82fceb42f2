package chunk

// tsLang describes what the tree-sitter chunker needs to know about one
// language besides its grammar: its queries, which top-level nodes form
// the header, which parents a definition extends to, and which
// identifiers are too common to be useful references.
type tsLang struct {
	defs, refs string
	// imports are node kinds that hold an import; prologue are kinds that
	// may sit among the imports without ending the header.
	imports, prologue []string
	// wrappers are parent kinds a definition's block extends to
	// (decorators, export, declare).
	wrappers []string
	// attached are kinds of preceding siblings that belong to the next
	// definition when they touch it: comments, attributes.
	attached []string
	comments []string
	// docstrings: a string opening a body is the doc (Python).
	docstrings bool
	stop       func(string) bool
	// bodies are the kinds of a definition's body when the grammar has no
	// "body" field (Kotlin's class_body, function_body).
	bodies []string
	// enter are top-level kinds the header continues into (a C include
	// guard, a C# or C++ namespace): their opening line joins the header
	// and the imports inside it are read.
	enter []string
	// splitNames: a definition named by a path ("A::f", "M.state:get") is
	// named after its last part and qualified by the rest.
	splitNames bool
	// receiver is the kind of the child naming the type a function extends
	// (Kotlin's fun String.shout()): the function is a method of it.
	receiver string
}

// tsLangSpec returns the description of a tree-sitter language.
func tsLangSpec(lang string) (tsLang, bool) {
	switch lang {
	case "python":
		return tsLang{
			defs: pythonDefs, refs: pythonRefs,
			imports:  []string{"import_statement", "import_from_statement", "future_import_statement"},
			prologue: []string{"comment", "expression_statement"},
			wrappers: []string{"decorated_definition"},
			attached: []string{"comment"}, comments: []string{"comment"},
			docstrings: true, stop: isPythonBuiltin,
		}, true
	case "javascript", "typescript", "tsx":
		s := tsLang{
			defs: jsDefs, refs: jsRefs,
			imports:  []string{"import_statement"},
			prologue: []string{"comment", "expression_statement", "hash_bang_line"},
			wrappers: []string{"export_statement", "ambient_declaration"},
			attached: []string{"comment"}, comments: []string{"comment"},
			stop: isJSCommon,
		}
		if lang != "javascript" {
			s.defs, s.refs = tsDefs, tsRefs
		}
		if lang == "tsx" {
			s.refs = tsxRefs
		}
		return s, true
	case "rust":
		return tsLang{
			defs: rustDefs, refs: rustRefs,
			imports:  []string{"use_declaration", "extern_crate_declaration"},
			prologue: []string{"line_comment", "block_comment", "inner_attribute_item", "attribute_item", "mod_item"},
			attached: []string{"line_comment", "block_comment", "attribute_item"},
			comments: []string{"line_comment", "block_comment"},
			stop:     isRustCommon,
		}, true
	case "java":
		return tsLang{
			defs: javaDefs, refs: javaRefs,
			imports:  []string{"import_declaration", "package_declaration"},
			prologue: []string{"line_comment", "block_comment"},
			attached: []string{"line_comment", "block_comment"},
			comments: []string{"line_comment", "block_comment"},
			stop:     isJavaCommon,
		}, true
	}
	return moreLangSpec(lang)
}

func contains(ss []string, s string) bool { return indexOf(ss, s) >= 0 }

func isPythonBuiltin(s string) bool {
	switch s {
	case "print", "len", "range", "str", "int", "float", "bool", "list", "dict",
		"set", "tuple", "bytes", "isinstance", "issubclass", "super", "type",
		"object", "getattr", "setattr", "hasattr", "enumerate", "zip", "map",
		"filter", "sorted", "min", "max", "sum", "any", "all", "iter", "next",
		"open", "repr", "format", "append", "extend", "items", "keys", "values",
		"get", "join", "split", "strip", "self", "cls", "None":
		return true
	}
	return false
}

func isJSCommon(s string) bool {
	switch s {
	case "log", "push", "length", "then", "catch", "map", "forEach", "filter",
		"reduce", "toString", "require", "console", "prototype", "call",
		"apply", "bind", "string", "number", "boolean", "void", "any",
		"unknown", "never", "undefined", "object", "describe", "it", "test", "expect":
		return true
	}
	return false
}

func isRustCommon(s string) bool {
	switch s {
	case "Self", "self", "super", "crate", "std", "Some", "None", "Ok", "Err",
		"println", "print", "format", "vec", "assert", "assert_eq", "assert_ne",
		"panic", "write", "writeln", "clone", "unwrap", "to_string", "into",
		"iter", "len":
		return true
	}
	return false
}

func isJavaCommon(s string) bool {
	switch s {
	case "String", "Object", "Override", "toString", "equals", "hashCode",
		"println", "out", "length", "size", "get", "add":
		return true
	}
	return false
}
