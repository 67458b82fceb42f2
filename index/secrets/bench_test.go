package secrets

import "testing"

// BenchmarkDefaultBuild is what Default costs a process: the embedded
// rules, already decoded, with their main expressions left to first use.
func BenchmarkDefaultBuild(b *testing.B) {
	for b.Loop() {
		if _, err := build(true, embeddedConfigs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseEager is Parse of the same rules: TOML decoding and every
// expression compiled.
func BenchmarkParseEager(b *testing.B) {
	for b.Loop() {
		if _, err := Parse(gitleaksTOML, extraTOML); err != nil {
			b.Fatal(err)
		}
	}
}
