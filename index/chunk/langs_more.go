package chunk

// moreLangSpec describes C, C++, C#, Ruby, PHP, Kotlin, Bash and Lua.
func moreLangSpec(lang string) (tsLang, bool) {
	switch lang {
	case "c", "cpp":
		s := tsLang{
			defs: cDefs, refs: cRefs,
			imports:  []string{"preproc_include"},
			prologue: []string{"comment", "preproc_call"},
			enter:    []string{"preproc_ifdef"},
			attached: []string{"comment"}, comments: []string{"comment"},
			stop: isCCommon,
		}
		if lang == "cpp" {
			s.defs, s.refs = cppDefs, cppRefs
			s.enter = []string{"preproc_ifdef", "namespace_definition"}
			s.prologue = append(s.prologue, "using_declaration", "alias_declaration")
			s.wrappers = []string{"template_declaration"}
			s.attached = []string{"comment", "attribute_declaration"}
			s.splitNames = true
		}
		return s, true
	case "csharp":
		return tsLang{
			defs: csharpDefs, refs: csharpRefs,
			imports:  []string{"using_directive"},
			prologue: []string{"comment", "file_scoped_namespace_declaration", "extern_alias_directive", "global_attribute"},
			enter:    []string{"namespace_declaration", "file_scoped_namespace_declaration"},
			attached: []string{"comment"}, comments: []string{"comment"},
			stop: isCSharpCommon,
		}, true
	case "ruby":
		return tsLang{
			defs: rubyDefs, refs: rubyRefs,
			imports:  []string{"call"},
			prologue: []string{"comment"},
			attached: []string{"comment"}, comments: []string{"comment"},
			splitNames: true, stop: isRubyCommon,
		}, true
	case "php":
		return tsLang{
			defs: phpDefs, refs: phpRefs,
			imports:  []string{"namespace_use_declaration"},
			prologue: []string{"comment", "php_tag", "namespace_definition", "declare_statement", "text"},
			enter:    []string{"namespace_definition"},
			attached: []string{"comment", "attribute_list"}, comments: []string{"comment"},
			stop: isPHPCommon,
		}, true
	case "kotlin":
		return tsLang{
			defs: kotlinDefs, refs: kotlinRefs,
			imports:  []string{"import", "package_header"},
			prologue: []string{"line_comment", "block_comment", "shebang_line", "file_annotation"},
			attached: []string{"line_comment", "block_comment"},
			comments: []string{"line_comment", "block_comment"},
			bodies:   []string{"class_body", "enum_class_body", "function_body"},
			receiver: "user_type", stop: isKotlinCommon,
		}, true
	case "bash":
		return tsLang{
			defs: bashDefs, refs: bashRefs,
			imports:  []string{"command"},
			prologue: []string{"comment"},
			attached: []string{"comment"}, comments: []string{"comment"},
			stop: isShellCommon,
		}, true
	case "lua":
		return tsLang{
			defs: luaDefs, refs: luaRefs,
			prologue: []string{"comment"},
			attached: []string{"comment"}, comments: []string{"comment"},
			splitNames: true, stop: isLuaCommon,
		}, true
	}
	return tsLang{}, false
}

func isCCommon(s string) bool {
	switch s {
	case "printf", "fprintf", "sprintf", "snprintf", "malloc", "free", "calloc",
		"realloc", "memcpy", "memset", "strlen", "strcmp", "sizeof", "assert",
		"size_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t",
		"int16_t", "int32_t", "int64_t", "bool", "std", "string", "vector",
		"move", "size", "begin", "end", "push_back", "data", "get":
		return true
	}
	return false
}

func isCSharpCommon(s string) bool {
	switch s {
	case "String", "Object", "ToString", "Equals", "GetHashCode", "Length",
		"Count", "Add", "WriteLine", "Console", "Format", "var", "nameof":
		return true
	}
	return false
}

func isRubyCommon(s string) bool {
	switch s {
	case "require", "require_relative", "puts", "new", "include", "extend",
		"attr_reader", "attr_accessor", "attr_writer", "private", "protected",
		"public", "raise", "each", "map", "to_s", "nil?", "empty?", "length",
		"size", "call", "first", "last", "freeze", "lambda", "proc":
		return true
	}
	return false
}

func isPHPCommon(s string) bool {
	switch s {
	case "array", "count", "isset", "unset", "is_null", "is_array", "sprintf",
		"implode", "explode", "in_array", "array_map", "array_merge", "static",
		"self", "parent", "string", "int", "bool", "mixed", "void", "null":
		return true
	}
	return false
}

func isKotlinCommon(s string) bool {
	switch s {
	case "String", "Int", "Long", "Boolean", "Unit", "Any", "List", "Map",
		"listOf", "mapOf", "setOf", "println", "let", "also", "apply", "run",
		"size", "get", "add", "toString":
		return true
	}
	return false
}

func isShellCommon(s string) bool {
	switch s {
	case "echo", "printf", "cd", "ls", "cat", "grep", "sed", "awk", "test",
		"export", "local", "return", "exit", "set", "shift", "read", "true",
		"false", "command", "eval", "exec", "source", "rm", "mkdir", "cp",
		"mv", "tr", "cut", "head", "tail", "sort", "wc", "xargs", "[", "[[":
		return true
	}
	return false
}

func isLuaCommon(s string) bool {
	switch s {
	case "require", "print", "pairs", "ipairs", "type", "tostring", "tonumber",
		"insert", "remove", "concat", "format", "table", "string", "self",
		"error", "assert", "pcall", "setmetatable", "getmetatable", "vim", "api", "fn":
		return true
	}
	return false
}
