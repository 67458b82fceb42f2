package chunk

import (
	"path"
	"strings"
)

// IsTestPath reports whether a path (forward slashes) names a test or
// benchmark file. It is the one rule: the chunker flags the file's blocks
// (Block.Test), the code source leaves them to the tests source, and the
// ranker counts them as tests. The conventions:
//
//   - file names: Go "_test.go"; "test_*" (Python, C); "*_test", "*_tests",
//     "*-test", "*_spec", "*-spec", "*_unittest" (C++, Ruby, JavaScript);
//     "*.test.*" and "*.spec.*" (JavaScript, TypeScript); "FooTest" and
//     "FooTests" (Java, Kotlin, C#), "FooSpec" (Scala, Kotlin, Swift);
//     Python's "tests.py" and "conftest.py";
//   - benchmarks, which are test code too: "*_bench", "*_benchmark(s)",
//     "FooBenchmark(s)";
//   - directories: "test", "tests", "spec", "specs", "__tests__",
//     "unittests", "bench", "benches", "benchmark(s)", and Java's
//     "src/test".
//
// "testing" is not among them: Go's testing package and numpy.testing are
// code that others import. Nor, for Java, are "spec" and "Spec": there a
// spec is a package of key and parameter specifications (java.security.spec,
// javax.crypto.spec, Bouncy Castle's jce.spec: ECParameterSpec.java), and
// tests live under src/test or are named FooTest.
func IsTestPath(p string) bool {
	base := path.Base(p)
	ext := path.Ext(base)
	java := ext == ".java"
	stem := strings.TrimSuffix(base, ext)
	lower, lowerBase := strings.ToLower(stem), strings.ToLower(base)
	switch {
	case strings.HasPrefix(lower, "test_"), strings.Contains(lowerBase, ".test."),
		strings.Contains(lowerBase, ".spec."), ext == ".py" && (lower == "tests" || lower == "conftest"):
		return true
	case testSuffix(lower) || testCamelSuffix(stem, java):
		return true
	}
	dir := "/" + strings.ToLower(path.Dir(p)) + "/"
	for _, d := range testDirs {
		if strings.Contains(dir, d) && !(java && specDir(d)) {
			return true
		}
	}
	return false
}

// specDir reports the test directories named for specs.
func specDir(d string) bool { return d == "/spec/" || d == "/specs/" }

// testDirs are the directories whose files are tests (see IsTestPath).
var testDirs = []string{"/test/", "/tests/", "/spec/", "/specs/", "/__tests__/", "/unittests/",
	"/bench/", "/benches/", "/benchmark/", "/benchmarks/"}

// testSuffix reports a lowercased file stem ending as test files do in
// snake or kebab case.
func testSuffix(stem string) bool {
	for _, suf := range []string{"_test", "_tests", "-test", "-tests", "_spec", "-spec", "_unittest",
		"_benchmark", "_benchmarks", "-benchmark", "_bench", "-bench"} {
		if strings.HasSuffix(stem, suf) {
			return true
		}
	}
	return false
}

// testCamelSuffix reports a file stem ending as test classes do in camel
// case: ServiceTest, ParserTests, UserSpec, HashBenchmark; not "Test" or
// "Spec" alone, nor "contest" or "latest". In Java a Spec is not a test
// (see IsTestPath).
func testCamelSuffix(stem string, java bool) bool {
	for _, suf := range []string{"Test", "Tests", "Spec", "Benchmark", "Benchmarks"} {
		if java && suf == "Spec" {
			continue
		}
		if rest, ok := strings.CutSuffix(stem, suf); ok && rest != "" && !strings.HasSuffix(rest, "_") {
			return true
		}
	}
	return false
}
