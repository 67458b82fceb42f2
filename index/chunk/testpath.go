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
//     "*.test.*" and "*.spec.*" (JavaScript, TypeScript); "FooTest",
//     "FooTests", "FooSpec" (Java, Kotlin, C#, Scala, Swift); Python's
//     "tests.py" and "conftest.py";
//   - benchmarks, which are test code too: "*_bench", "*_benchmark(s)",
//     "FooBenchmark(s)";
//   - directories: "test", "tests", "spec", "specs", "__tests__",
//     "unittests", "bench", "benches", "benchmark(s)", and Java's
//     "src/test".
//
// "testing" is not among them: Go's testing package and numpy.testing are
// code that others import.
func IsTestPath(p string) bool {
	base := path.Base(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	lower := strings.ToLower(stem)
	switch {
	case strings.HasPrefix(lower, "test_"), strings.Contains(strings.ToLower(base), ".test."),
		strings.Contains(strings.ToLower(base), ".spec."), lower == "tests" && path.Ext(base) == ".py",
		lower == "conftest":
		return true
	case testSuffix(lower) || testCamelSuffix(stem):
		return true
	}
	dir := "/" + strings.ToLower(path.Dir(p)) + "/"
	for _, d := range testDirs {
		if strings.Contains(dir, d) {
			return true
		}
	}
	return false
}

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
// "Spec" alone, nor "contest" or "latest".
func testCamelSuffix(stem string) bool {
	for _, suf := range []string{"Test", "Tests", "Spec", "Benchmark", "Benchmarks"} {
		if rest, ok := strings.CutSuffix(stem, suf); ok && rest != "" && !strings.HasSuffix(rest, "_") {
			return true
		}
	}
	return false
}
