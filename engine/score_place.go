package engine

import (
	"path"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/index/chunk"
)

// The place signal: where a file sits says how likely it is to be the code
// a question is about. Vendored copies, generated code, build and project
// files, examples, test data and helpers, legacy copies and data files
// share the words of the code they surround (a CMakeLists names every
// source file of its directory; a vendored copy of a library holds its
// functions too; a test vector repeats a format's field names) and crowd
// out the real thing. Each kind is pushed down unless the query names it
// ("the bazel BUILD file", "in the examples").
const (
	penaltyVendored  = 0.6  // vendor/, third_party/, node_modules/
	penaltyGenerated = 0.6  // *.pb.go, *_generated.*, *.min.js
	penaltyBuild     = 0.5  // CMakeLists.txt, BUILD.bazel, Makefile, *.csproj, pom.xml, configure inputs
	penaltyTestData  = 0.5  // testdata/, fixtures/, mocks/, fakes/, testing/
	penaltyExample   = 0.3  // examples/, samples/, demos/
	penaltyLegacy    = 0.25 // legacy/, deprecated/, compat/, v1/ beside the current code
	penaltyPlatform  = 0.3  // win/, sunos.c, crc32_ppc64le.go: one less common platform's copy
	penaltyData      = 0.5  // *.json, *.yaml, *.xml, unknown extensions: data, not code
	// placeScale then scales a marked block's normalized score (score.go).
	placeScale = 0.5
)

// The declaration signal: in C, foo.h declares what foo.c defines. A
// header's prototypes, struct fields and their comments hold the words of
// a question as well as the code that answers it, so a header keeps
// declarationScale of its normalized score and the definitions come
// first: when the .c file beside it is among the candidates too, and in
// a C pool (.c candidates, no C++ file among them, as chunk.Language
// names languages) whatever its name (curl's urldata.h declares what a
// dozen .c files define). C only: a C++
// header holds the classes and inline code a question is about (the rule
// over foo.h and foo.cc cost C++ queries on the NL evaluation .808 →
// .726; docs/bench/eval.md, "Declarations").
const declarationScale = 0.8

// declarationsAfterNorm applies the declaration signal to c, whose scores
// are normalized.
func declarationsAfterNorm(c []Candidate) {
	paths := make(map[string]bool, len(c))
	nc, ncpp := 0, 0
	for i := range c {
		p := c[i].Block.Path
		paths[p] = true
		switch {
		case path.Ext(p) == ".c":
			nc++
		case chunk.Language(p) == "cpp":
			ncpp++
		}
	}
	cPool := nc > 0 && ncpp == 0
	for i := range c {
		p := c[i].Block.Path
		if path.Ext(p) != ".h" || c[i].Score <= 0 {
			continue
		}
		def := strings.TrimSuffix(p, ".h") + ".c"
		detail := "a C header: its definitions are in " + path.Base(def) + ", also a candidate"
		switch {
		case paths[def]:
		case cPool:
			detail = "a C header: the candidates are C, whose .c files hold the definitions"
		default:
			continue
		}
		d := c[i].Score * (declarationScale - 1)
		c[i].Score += d
		c[i].Signals = append(c[i].Signals, Signal{Name: signalDeclaration, Value: d, Detail: detail})
	}
}

// placeKind is one kind of place with the query words that ask for it.
type placeKind struct {
	name    string
	penalty float64
	asks    []string // keywords that lift the penalty
}

var (
	placeVendored  = placeKind{"vendored", penaltyVendored, []string{"vendor", "vendored", "third", "party", "dependency", "dependencies"}}
	placeGenerated = placeKind{"generated", penaltyGenerated, []string{"generated", "generate", "generator", "codegen", "protobuf", "proto", "minified"}}
	placeBuild     = placeKind{"a build file", penaltyBuild, []string{"cmake", "cmakelists", "bazel", "makefile", "makefiles", "csproj", "msbuild", "maven", "gradle", "pom", "autoconf", "proguard", "buildsystem"}}
	placeTestData  = placeKind{"test data or helpers", penaltyTestData, []string{"testdata", "fixture", "fixtures", "mock", "mocks", "fake", "fakes", "test", "tests", "testing"}}
	placeExample   = placeKind{"an example", penaltyExample, []string{"example", "examples", "sample", "samples", "demo", "demos", "tutorial"}}
	placeLegacy    = placeKind{"a legacy copy", penaltyLegacy, []string{"legacy", "deprecated", "compat", "compatibility", "v1", "old"}}
	placePlatform  = placeKind{"one platform's copy", penaltyPlatform, platformAsks()}
	placeData      = placeKind{"a data file", penaltyData, []string{"json", "yaml", "yml", "toml", "xml", "ini", "csv", "config", "configuration", "settings", "schema"}}
)

// Directories, lowercased, that mark each kind; vendored and generated
// code are chunk's rules (chunk.IsBorrowed), which the index shares.
var placeDirs = map[string]*placeKind{
	"testdata": &placeTestData, "test-data": &placeTestData, "test_data": &placeTestData,
	"fixtures": &placeTestData, "fixture": &placeTestData, "__fixtures__": &placeTestData,
	"mocks": &placeTestData, "__mocks__": &placeTestData, "fakes": &placeTestData,
	"examples": &placeExample, "example": &placeExample, "_examples": &placeExample,
	"samples": &placeExample, "sample": &placeExample, "demo": &placeExample, "demos": &placeExample,
	"legacy": &placeLegacy, "deprecated": &placeLegacy, "_compat": &placeLegacy, "compat": &placeLegacy,
	"v1": &placeLegacy,
}

// Build and project files by exact base name, lowercased.
var buildNames = map[string]bool{
	"cmakelists.txt": true, "build": true, "build.bazel": true, "workspace": true,
	"workspace.bazel": true, "module.bazel": true, "makefile": true, "gnumakefile": true,
	"makefile.am": true, "makefile.in": true, "makefile.inc": true, "configure": true,
	"configure.ac": true, "configure.in": true, "pom.xml": true, "build.gradle": true,
	"build.gradle.kts": true, "settings.gradle": true, "meson.build": true, "sconstruct": true,
	"package.json": true, "package-lock.json": true, "yarn.lock": true, "cargo.toml": true,
	"cargo.lock": true, "go.mod": true, "go.sum": true, "setup.cfg": true, "pyproject.toml": true,
	"gemfile": true, "gemfile.lock": true, "composer.json": true, "composer.lock": true,
	"dockerfile": true, "vcpkg.json": true, "conanfile.txt": true, "build.zig": true,
	"build.zig.zon": true, "mix.exs": true, "mix.lock": true, "stack.yaml": true, "rakefile": true,
}

// Build and project files by extension.
var buildExts = map[string]bool{
	".cmake": true, ".bzl": true, ".bazel": true, ".mk": true, ".am": true, ".in": true,
	".def": true, ".csproj": true, ".vcxproj": true, ".sln": true, ".props": true,
	".targets": true, ".ruleset": true, ".pro": true, ".gradle": true, ".nuspec": true,
	".cabal": true, ".gemspec": true, ".podspec": true, ".rockspec": true, ".lock": true,
	".filters": true, ".vcproj": true, ".m4": true, ".pc": true,
}

// Test data by extension: the expected output of a test run or a
// snapshot, not code.
var testDataExts = map[string]bool{
	".stderr": true, ".stdout": true, ".snap": true, ".golden": true, ".expected": true,
}

// placeOf classifies a path (a code template such as Laravel's *.stub
// counts as generated); nil for ordinary code.
func placeOf(p string) *placeKind {
	low := strings.ToLower(p)
	base := path.Base(low)
	switch {
	case buildNames[base] || buildExts[path.Ext(base)]:
		return &placeBuild
	case testDataExts[path.Ext(base)]:
		return &placeTestData
	case chunk.GeneratedName(base):
		return &placeGenerated
	}
	dirs := strings.Split(path.Dir(low), "/")
	for _, d := range dirs {
		switch {
		case chunk.VendoredDir(d):
			return &placeVendored
		case chunk.GeneratedDir(d):
			return &placeGenerated
		}
		if k := placeDirs[d]; k != nil {
			return k
		}
	}
	if platformSpecific(dirs, strings.TrimSuffix(base, path.Ext(base))) {
		return &placePlatform
	}
	if chunk.IsData(chunk.Language(p)) {
		return &placeData
	}
	// testing/ holds pytest's own tests, numpy.testing and Go's testing
	// package: helpers for tests, seldom the code a question is about. Not
	// a test directory (chunk.IsTestPath), as its code is imported; and
	// its data files stay data.
	if slices.Contains(dirs, "testing") {
		return &placeTestData
	}
	return nil
}

// Platforms whose code is usually one copy beside a portable or
// mainstream one (Linux, Unix, macOS, amd64, arm64): a question that does
// not name the platform is about the common code. libuv keeps win/tcp.c
// beside unix/tcp.c, and the Go tree keeps crc32_ppc64le.go beside
// crc32.go; their words are the same and they crowded it out ("gzip
// reader CRC-32 check" → vectorCrc32 of ppc64le).
var platforms = map[string]bool{
	"windows": true, "win": true, "win32": true, "win64": true, "plan9": true, "solaris": true,
	"sunos": true, "illumos": true, "aix": true, "os390": true, "zos": true, "haiku": true,
	"qnx": true, "cygwin": true, "dragonfly": true, "netbsd": true, "openbsd": true, "hurd": true,
	"wasip1": true, "wasm": true, "js": true, "386": true, "arm": true, "mips": true,
	"mipsle": true, "mips64": true, "mips64le": true, "mipsx": true, "ppc64": true, "ppc64le": true,
	"ppc64x": true, "riscv64": true, "s390x": true, "loong64": true, "sparc64": true,
}

// platformSpecific reports a file of one such platform: under a directory
// named for it, named for it (sunos.c), or with its name as a suffix
// part in Go's manner (zsyscall_windows_386.go, crc32_ppc64le.go).
func platformSpecific(dirs []string, stem string) bool {
	for _, d := range dirs {
		if platforms[d] {
			return true
		}
	}
	if platforms[stem] {
		return true
	}
	parts := strings.Split(stem, "_")
	for _, p := range parts[1:] {
		if platforms[p] {
			return true
		}
	}
	return false
}

// platformAsks are the query words that lift the platform penalty: any
// platform's name.
func platformAsks() []string {
	out := make([]string, 0, len(platforms))
	for p := range platforms {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// place is the path prior of a block's file: a penalty for the kinds of
// place above, lifted when the query asks for that kind.
func (r *ranker) place(p string) Signal {
	k := placeOf(p)
	if k == nil {
		return Signal{}
	}
	for _, w := range k.asks {
		if r.keywords[w] {
			return Signal{}
		}
	}
	return Signal{Value: -k.penalty, Detail: p + " is " + k.name}
}
