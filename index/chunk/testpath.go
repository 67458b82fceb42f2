package chunk

import (
	"path"
	"strings"
)

// IsTestPath reports whether a path (forward slashes) names a test file by
// the conventions of the languages loupe chunks: Go "_test.go"; Python
// "test_*.py", "*_test.py", "tests.py", "conftest.py"; JavaScript and
// TypeScript "*.test.*" and "*.spec.*"; anything under a "test", "tests" or
// "__tests__" directory; Java and Kotlin under "src/test/".
func IsTestPath(p string) bool {
	p = strings.ToLower(p)
	base := path.Base(p)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	switch {
	case strings.HasSuffix(base, "_test.go"):
		return true
	case ext == ".py" && (strings.HasPrefix(base, "test_") || strings.HasSuffix(stem, "_test") ||
		base == "tests.py" || base == "conftest.py"):
		return true
	case strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec") ||
		strings.HasSuffix(stem, "_spec"):
		return true
	}
	dir := "/" + path.Dir(p) + "/"
	for _, d := range []string{"/test/", "/tests/", "/__tests__/", "/src/test/"} {
		if strings.Contains(dir, d) {
			return true
		}
	}
	return false
}
