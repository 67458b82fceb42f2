package tests

import (
	"path"
	"strings"
)

// conventionalPaths lists where the tests of the file p usually live, by
// the naming conventions of its language; for Rust, p itself last (its
// own mod tests).
func conventionalPaths(p string) []string {
	dir, file := path.Split(p)
	ext := path.Ext(file)
	stem := strings.TrimSuffix(file, ext)
	var out []string
	switch ext {
	case ".go":
		out = []string{dir + stem + "_test.go"}
	case ".py":
		out = []string{
			dir + "test_" + stem + ".py", dir + stem + "_test.py",
			dir + "tests/test_" + stem + ".py", "tests/test_" + stem + ".py", "test/test_" + stem + ".py",
		}
		if parent := path.Dir(strings.TrimSuffix(dir, "/")); dir != "" {
			out = append(out, join(parent, "tests/test_"+stem+".py"))
		}
	case ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts":
		for _, kind := range []string{".test", ".spec"} {
			out = append(out, dir+stem+kind+ext, dir+"__tests__/"+stem+kind+ext)
		}
		out = append(out, dir+"__tests__/"+stem+ext, "tests/"+stem+".test"+ext, "test/"+stem+".test"+ext)
	case ".rs":
		out = []string{"tests/" + stem + ".rs", p}
	case ".java", ".kt":
		out = []string{javaTestPath(dir, stem, ext)}
	}
	return dedupe(out)
}

// javaTestPath maps src/main/java/a/B.java to src/test/java/a/BTest.java
// (and a plain directory to BTest.java beside it).
func javaTestPath(dir, stem, ext string) string {
	if i := strings.Index(dir, "src/main/"); i >= 0 {
		dir = dir[:i] + "src/test/" + dir[i+len("src/main/"):]
	}
	return dir + stem + "Test" + ext
}

func join(dir, rest string) string {
	if dir == "." || dir == "" {
		return rest
	}
	return dir + "/" + rest
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	out := list[:0]
	for _, p := range list {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
