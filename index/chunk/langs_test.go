//go:build cgo

package chunk

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func readLangFixture(t testing.TB, name string) []byte {
	src, err := os.ReadFile(filepath.Join(langsRoot, name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestGrammarsCompile checks that every grammar's queries compile: a
// query that does not compile leaves its language windowed, silently.
func TestGrammarsCompile(t *testing.T) {
	for lang := range grammars {
		if getGrammar(lang) == nil {
			t.Errorf("%s: queries do not compile", lang)
		}
	}
}

func TestMoreLanguagesBlocks(t *testing.T) {
	tests := []wantBlocks{
		{"http.h", []string{
			"header 1-5", "variable 6-6 MAX_LEN", "function 7-8 SQUARE", "type 9-13 point",
			"type 14-17 node_t", "type 18-19 color", "variable 20-21 limit", "function 22-23 add",
			"function 24-29 make_point",
		}},
		{"widget.cc", []string{
			"header 1-6", "class 7-18 Widget", "method 11-11 Widget.Widget", "method 13-13 Widget.Size",
			"class 19-20 Pair", "method 21-22 Widget.Widget", "method 23-26 Widget.Compute", "function 27-29 Free",
		}},
		{"JsonReader.cs", []string{
			"header 1-5", "class 6-22 JsonReader", "method 14-18 JsonReader.Read",
			"method 20-20 JsonReader.JsonReader", "interface 23-27 IJsonLineInfo",
			"method 25-25 IJsonLineInfo.HasLineInfo", "type 28-29 Formatting", "class 30-31 Pt", "class 32-33 Rec",
		}},
		{"Ext.cs", []string{"header 1-3", "class 4-7 Ext", "method 6-6 Ext.Go"}},
		{"request.rb", []string{
			"header 1-3", "class 4-17 Request", "method 10-13 Request.get_header", "method 15-15 Request.build",
			"method 18-21 Utils.escape", "method 22-26 Utils.unescape", "function 27-27 top",
		}},
		{"Collection.php", []string{
			"header 1-7", "class 8-27 Collection", "method 17-23 Collection.map", "method 25-25 Collection.make",
			"interface 28-29 Enumerable", "method 28-28 Enumerable.all", "class 30-31 Macroable",
			"method 30-30 Macroable.macro", "class 32-33 Suit", "method 32-32 Suit.color", "function 34-34 collect",
		}},
		{"Payment.kt", []string{
			"header 1-5", "class 6-16 Payment", "method 8-11 Payment.charge", "method 13-13 Payment.zero",
			"interface 17-20 Gateway", "method 18-18 Gateway.send", "class 21-25 Registry", "method 23-23 Registry.add",
			"class 26-27 Status", "method 28-29 String.shout", "variable 30-31 LIMIT", "type 32-32 Id",
		}},
		{"install.sh", []string{
			"header 1-6", "variable 7-8 NVM_DIR", "function 9-15 nvm_version", "function 16-19 nvm_err", "window 20-20",
		}},
		{"picker.lua", []string{
			"header 1-1", "variable 2-4 utils", "method 5-10 M.pick", "method 11-14 state.get",
			"function 15-18 helper", "method 19-20 M.other", "variable 21-22 count", "window 23-23",
		}},
		{"response.js", []string{
			"header 1-2", "variable 3-4 mime", "method 5-12 res.status", "method 13-16 res.links",
			"method 17-20 Router.handle", "function 21-24 parse", "function 25-28 createApplication",
			"window 29-31", "method 32-36 res.contentType", "variable 37-42 helpers", "window 43-43",
			"function 44-44 bar", "window 45-45",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			src := readLangFixture(t, tc.path)
			bs := File(tc.path, src)
			if err := checkBlocks(tc.path, src, bs); err != nil {
				t.Fatal(err)
			}
			if got := summaries(bs); !slices.Equal(got, tc.want) {
				t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestMoreLanguagesDetails(t *testing.T) {
	tests := []struct {
		path, qual string
		check      func(Block) bool
		what       string
	}{
		{"http.h", "", func(b Block) bool {
			return slices.Equal(b.Imports, []string{"stdio.h", "curl/curl.h"})
		}, "includes inside an include guard"},
		{"http.h", "make_point", func(b Block) bool {
			return b.Signature == "static int *make_point(struct point *p, size_t n)" && b.Doc == "Adds things." &&
				hasAll(b.Refs, "helper", "SQUARE", "point")
		}, "C function behind a pointer declarator"},
		{"widget.cc", "Widget.Compute", func(b Block) bool {
			return b.Kind == KindMethod && b.Name == "Compute" && hasAll(b.Refs, "StrCat", "Helper")
		}, "out-of-line C++ method"},
		{"widget.cc", "Widget", func(b Block) bool {
			return b.Doc == "A widget." && strings.HasPrefix(b.Signature, "class Widget : public Base\n") &&
				strings.Contains(b.Signature, "int Size() const …")
		}, "C++ class outline and template wrapper"},
		{"JsonReader.cs", "", func(b Block) bool {
			return slices.Equal(b.Imports, []string{"System", "System.Collections.Generic"})
		}, "C# usings"},
		{"JsonReader.cs", "JsonReader.Read", func(b Block) bool {
			return b.Doc == "Reads the next token." && b.Signature == "public virtual bool Read()" &&
				hasAll(b.Refs, "ReadInternal", "Check")
		}, "C# XML doc comment"},
		{"request.rb", "", func(b Block) bool {
			return slices.Equal(b.Imports, []string{"rack/utils", "foo"})
		}, "Ruby requires"},
		{"request.rb", "Request.get_header", func(b Block) bool {
			return b.Doc == "Get a header." && b.Signature == "def get_header(name)" && hasAll(b.Refs, "fetch", "Utils", "escape")
		}, "Ruby method"},
		{"Collection.php", "", func(b Block) bool {
			return slices.Equal(b.Imports, []string{`Illuminate\Contracts\Support\Arrayable`, "Closure"})
		}, "PHP uses"},
		{"Collection.php", "Collection.map", func(b Block) bool {
			return b.Doc == "Map the items." && b.Signature == "public function map(callable $callback): static" &&
				hasAll(b.Refs, "Arr", "items") // not "map": a block's own name is no reference
		}, "PHP method"},
		{"Payment.kt", "", func(b Block) bool {
			return b.Signature == "package com.example.pay" && slices.Equal(b.Imports, []string{"kotlin.math.max", "com.example.util.*"})
		}, "Kotlin package and imports"},
		{"Payment.kt", "Payment.charge", func(b Block) bool {
			return b.Doc == "Charges it." && hasAll(b.Refs, "Gateway", "send")
		}, "Kotlin method"},
		{"Payment.kt", "String.shout", func(b Block) bool {
			return b.Kind == KindMethod && b.Name == "shout"
		}, "Kotlin extension function"},
		{"install.sh", "", func(b Block) bool {
			return slices.Equal(b.Imports, []string{"./lib.sh", "$HOME/.nvmrc"})
		}, "sourced shell files"},
		{"install.sh", "nvm_version", func(b Block) bool {
			return b.Doc == "Print the version." && hasAll(b.Refs, "nvm_ls", "nvm_err") && !slices.Contains(b.Refs, "grep")
		}, "shell function"},
		{"picker.lua", "M.pick", func(b Block) bool {
			return b.Doc == "Picks a file.\n@param opts table" && b.Signature == "function M.pick(opts)"
		}, "Lua function in a table"},
		{"picker.lua", "helper", func(b Block) bool {
			return b.Signature == "local function helper(x)"
		}, "Lua local function"},
		{"response.js", "res.status", func(b Block) bool {
			return b.Doc == "Set status `code`." && b.Signature == "res.status = function status(code)" && b.Name == "status"
		}, "JavaScript function assigned to a member"},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			bs := File(tc.path, readLangFixture(t, tc.path))
			b, ok := find(bs, tc.qual)
			if !ok {
				t.Fatalf("no block %q in %q", tc.qual, summaries(bs))
			}
			if !tc.check(b) {
				t.Errorf("%s: %+v", tc.what, b)
			}
		})
	}
}

func TestMoreLanguagesSource(t *testing.T) {
	tests := []struct {
		name, path, src string
		want            []string
	}{
		{"a C++ header is read as C++", "w.h",
			"namespace a {\nclass W {\n public:\n  int f() { return 1; }\n};\n}  // namespace a\n",
			[]string{"header 1-1", "class 2-6 W", "method 4-4 W.f"}},
		{"a C header stays C", "w.h", "struct s { int a; };\nint f(void);\n",
			[]string{"type 1-1 s", "function 2-2 f"}},
		{"a shebang makes a script Bash", "bin/install",
			"#!/usr/bin/env bash\nset -e\n\ninstall() {\n  cp a b\n}\n",
			[]string{"window 1-3", "function 4-6 install"}},
		{"Ruby class in a qualified name", "x.rb", "class Rack::Lint\n  def check; end\nend\n",
			[]string{"class 1-3 Rack.Lint", "method 2-2 Lint.check"}},
		{"C# block namespace closing brace joins the block above", "x.cs",
			"namespace N\n{\n    class A { void M() {} }\n}\n",
			[]string{"header 1-2", "class 3-4 A", "method 3-3 A.M"}},
		{"PHP without a namespace", "x.php", "<?php\nfunction f() {}\n",
			[]string{"function 1-2 f"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs := File(tc.path, []byte(tc.src))
			if err := checkBlocks(tc.path, []byte(tc.src), bs); err != nil {
				t.Fatal(err)
			}
			if got := summaries(bs); !slices.Equal(got, tc.want) {
				t.Errorf("blocks %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDetectLanguage(t *testing.T) {
	tests := []struct{ path, src, want string }{
		{"a/b.rb", "", "ruby"}, {"Rakefile", "", "ruby"}, {"x.hpp", "", "cpp"}, {"x.h", "", "c"},
		{"x.cs", "", "csharp"}, {"x.kts", "", "kotlin"}, {"x.sc", "", "scala"}, {"x.lua", "", "lua"},
		{"bin/run", "#!/bin/sh\necho", "bash"}, {"bin/run", "#!/usr/bin/env python3\n", "python"},
		{"bin/run", "#!/usr/bin/python3.12 -u\n", "python"}, {"bin/run", "#!/usr/bin/env node\n", "javascript"},
		{"bin/run", "#!/usr/bin/awk -f\n", "text"}, {"x.txt", "#!/bin/sh\n", "text"}, {"x.swift", "", "swift"},
		// Prose, code the chunker only windows, data.
		{"README", "", "text"}, {"docs/a.MD", "", "markdown"}, {"x.adoc", "", "asciidoc"},
		{"x.hs", "", "haskell"}, {"x.zig", "", "zig"}, {"lib/x.ex", "", "elixir"},
		{"CMakeLists.txt", "", "cmake"}, {"Makefile", "", "make"}, {"x.json", "", "json"},
		{"x.yml", "", "yaml"}, {"docs/screens/a.ansi", "", "data"}, {"x.golden", "", "data"},
	}
	for _, tc := range tests {
		if got := DetectLanguage(tc.path, []byte(tc.src)); got != tc.want {
			t.Errorf("DetectLanguage(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// TestRealTreesContract checks the chunker's contract on every file of
// the source trees named by LOUPE_LANG_TREES (comma-separated
// directories, e.g. checkouts of curl, abseil-cpp, rack, laravel, nvm and
// telescope.nvim); skipped when it is unset.
func TestRealTreesContract(t *testing.T) {
	env := os.Getenv("LOUPE_LANG_TREES")
	if env == "" {
		t.Skip("LOUPE_LANG_TREES not set")
	}
	exts := []string{".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".rb", ".php", ".kt", ".scala", ".sh", ".lua"}
	for _, root := range strings.Split(env, ",") {
		files, _ := readTree(root, exts...)
		failed := 0
		for _, f := range files {
			if err := checkBlocks(f.path, f.src, File(f.path, f.src)); err != nil && failed < 10 {
				t.Errorf("%s/%s: %v", root, f.path, err)
				failed++
			}
		}
	}
}

// TestProseAndData: documentation is the prose languages only; code the
// chunker cannot parse and data are not; data is configuration,
// serialization formats and unknown extensions.
func TestProseAndData(t *testing.T) {
	for p, want := range map[string]bool{
		"a.json": true, "a.yml": true, "Cargo.toml": true, "a.ansi": true, "a.golden": true,
		"README": false, "a.md": false, "a.hs": false, "a.html": false, "Makefile": false,
	} {
		if got := IsData(Language(p)); got != want {
			t.Errorf("IsData(Language(%q)) = %v, want %v", p, got, want)
		}
	}
	for p, want := range map[string]bool{
		"README.md": true, "docs/guide.rst": true, "NOTES.txt": true, "LICENSE": true, "a.adoc": true,
		"a.org": true, "docs/guide.html": true, "Main.hs": false, "a.zig": false, "config.json": false, "a.ansi": false,
		"CMakeLists.txt": false, "Makefile": false, "a.go": false,
	} {
		if got := IsProse(Language(p)); got != want {
			t.Errorf("IsProse(Language(%q)) = %v, want %v", p, got, want)
		}
	}
}
