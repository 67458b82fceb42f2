package chunk

import (
	"path"
	"strings"
)

// Borrowed code: a file that is in the repository without being written in
// it. A vendored copy of a library (vendor/, third_party/, node_modules/)
// holds another project's code and words; a generated file (*.pb.go,
// *_generated.*, *.min.js, a template such as Laravel's *.stub) holds a
// generator's. The ranker pushes both down (engine's place signal), and
// the index learns its related terms without them (index/vocab_build.go):
// Loki's vendor/ holds most of its files, and "regex" was related to
// "spicedb" and "sbn" from a vendored validator, "filter" to "kimd" from
// golang.org/x/sys.

// VendoredDir reports a directory name (lowercased) that holds vendored
// code.
func VendoredDir(d string) bool { return vendoredDirs[d] }

var vendoredDirs = map[string]bool{
	"vendor": true, "third_party": true, "third-party": true, "thirdparty": true,
	"node_modules": true, "bower_components": true,
}

// GeneratedDir reports a directory name (lowercased) that holds generated
// code.
func GeneratedDir(d string) bool { return d == "generated" || d == "__generated__" }

// GeneratedName reports a file name (lowercased base name) that marks
// generated code.
func GeneratedName(base string) bool {
	return path.Ext(base) == ".stub" ||
		strings.Contains(base, ".pb.") || strings.HasSuffix(base, "_pb2.py") ||
		strings.Contains(base, "_generated.") || strings.Contains(base, ".generated.") ||
		strings.Contains(base, ".min.") || strings.HasPrefix(base, "zz_generated")
}

// IsBorrowed reports whether the file at p (forward slashes) is vendored
// or generated, by the rules above.
func IsBorrowed(p string) bool {
	low := strings.ToLower(p)
	if GeneratedName(path.Base(low)) {
		return true
	}
	for _, d := range strings.Split(path.Dir(low), "/") {
		if VendoredDir(d) || GeneratedDir(d) {
			return true
		}
	}
	return false
}
