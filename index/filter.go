package index

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"
)

// SkipDir reports a directory name never walked, whatever the ignore
// files say (version control metadata, dependency trees): a resident
// process's watcher (index/watch) skips the same.
func SkipDir(name string) bool { return skipName(name, true) }

// skipName reports entries never walked, whatever the ignore files say:
// version-control metadata and dependency trees.
func skipName(name string, isDir bool) bool {
	if !isDir {
		return false
	}
	switch name {
	case ".git", ".hg", ".svn", ".jj", "node_modules":
		return true
	}
	return false
}

// lockFiles are dependency lock files: long, machine-written, never what a
// task needs to read.
var lockFiles = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "yarn.lock": true,
	"pnpm-lock.yaml": true, "bun.lockb": true, "go.sum": true, "go.work.sum": true,
	"Cargo.lock": true, "poetry.lock": true, "Pipfile.lock": true, "uv.lock": true,
	"pdm.lock": true, "composer.lock": true, "Gemfile.lock": true, "mix.lock": true,
	"Podfile.lock": true, "packages.lock.json": true, "flake.lock": true,
	"gradle.lockfile": true, "pubspec.lock": true, "Package.resolved": true,
}

// skipByName returns the reason a file is skipped from its name alone.
func skipByName(rel string) string {
	base := path.Base(rel)
	if lockFiles[base] {
		return SkipLockFile
	}
	lower := strings.ToLower(base)
	for _, suf := range [...]string{".min.js", ".min.mjs", ".min.css", ".js.map", ".css.map"} {
		if strings.HasSuffix(lower, suf) {
			return SkipMinified
		}
	}
	return ""
}

// Content thresholds.
const (
	binarySniff      = 8 << 10 // NUL in the first 8 KiB: binary
	generatedSniff   = 4 << 10 // the generated marker must be this near the top
	minifiedLineAvg  = 300     // average bytes per line above this: minified
	minifiedMinBytes = 2 << 10 // shorter files are never called minified
)

// skipByContent returns why a file's content should not be indexed, or "".
//
// Invalid UTF-8 is skipped rather than indexed with replacement characters:
// such a file is binary-ish data or text in a legacy encoding, replacement
// characters would put text in a prompt that is not in the file, and block
// hashes and Read would no longer round-trip to the bytes on disk. The skip
// is counted, so the user sees it.
func skipByContent(data []byte, maxSize int64) string {
	switch {
	case int64(len(data)) > maxSize:
		return SkipTooLarge
	case bytes.IndexByte(data[:min(len(data), binarySniff)], 0) >= 0:
		return SkipBinary
	case isGenerated(data):
		return SkipGenerated
	case isMinified(data):
		return SkipMinified
	case !utf8.Valid(data):
		return SkipInvalidUTF8
	}
	return ""
}

// isGenerated looks for the Go convention "// Code generated … DO NOT EDIT."
// (and its equivalents in other comment syntaxes) on a line near the top.
func isGenerated(data []byte) bool {
	head := data[:min(len(data), generatedSniff)]
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		if i := bytes.Index(line, []byte("Code generated ")); i >= 0 &&
			bytes.Contains(line[i:], []byte("DO NOT EDIT")) {
			return true
		}
	}
	return false
}

// isMinified spots minified or single-line data files by line length.
func isMinified(data []byte) bool {
	if len(data) < minifiedMinBytes {
		return false
	}
	lines := bytes.Count(data, []byte{'\n'}) + 1
	return len(data)/lines > minifiedLineAvg
}
