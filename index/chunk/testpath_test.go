package chunk

import "testing"

func TestIsTestPath(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{"pkg/processor_test.go", true},
		{"pkg/processor.go", false},
		{"py/tests/test_gateway.py", true},
		{"py/payments/test_utils.py", true},
		{"py/payments/gateway_test.py", true},
		{"py/payments/gateway.py", false},
		{"app/tests.py", true},
		{"conftest.py", true},
		{"web/src/checkout.test.ts", true},
		{"web/src/checkout.test.tsx", true},
		{"web/src/format.spec.js", true},
		{"web/src/__tests__/format.js", true},
		{"web/src/checkout.ts", false},
		{"java/src/test/java/com/x/ServiceTest.java", true},
		{"java/src/main/java/com/x/Service.java", false},
		{"tests/integration.rs", true},
		{"src/testing/helpers.go", false}, // Go's testing package and numpy.testing are code
		{"go/src/testing/testing.go", false},
		{"spec/lib/jspec.js", true}, // express: a vendored test framework
		{"specs/parser_specs.rb", true},
		{"lib/parser_spec.rb", true},
		{"absl/hash/hash_benchmark.cc", true},
		{"benches/bench.rs", true},
		{"src/x/ServiceTest.java", true},
		{"Tests/ParserTests.swift", true},
		{"src/Test.java", false},
		{"src/benchmark.rs", false},
		{"lib/workbench/view.ts", false},
		{"test_util.c", true},
		{"pkg/retry-test.js", true},
		{"src/java.base/share/classes/java/security/spec/ECParameterSpec.java", false}, // Java's specs are code
		{"prov/src/main/java/org/bouncycastle/jce/spec/IESParameterSpec.java", false},
		{"src/test/java/x/ParserSpec.java", true},
		{"src/test/scala/x/ParserSpec.scala", true},
		{"Tests/QuickSpecs/ParserSpec.swift", true},
		{"testdata/repos/x.go", false},
		{"latest.go", false},
		{"contest.py", false},
	}
	for _, tc := range tests {
		if got := IsTestPath(tc.path); got != tc.want {
			t.Errorf("IsTestPath(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}
