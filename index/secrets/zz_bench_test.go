package secrets

import "testing"

func BenchmarkParseEmbedded(b *testing.B) {
	for b.Loop() {
		if _, err := parse(true, gitleaksTOML, extraTOML); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseEmbeddedEager(b *testing.B) {
	for b.Loop() {
		if _, err := Parse(gitleaksTOML, extraTOML); err != nil {
			b.Fatal(err)
		}
	}
}
