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

// BenchmarkFindShort is the detector on what a pack redacts most often:
// the short signatures, doc lines and reasons of hundreds of candidates,
// nearly all of which hold no rule's keyword.
func BenchmarkFindShort(b *testing.B) {
	d, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	texts := []string{
		"func (s *Server) idleTimeout() time.Duration",
		"idleTimeout returns the keep-alive idle timeout of the server.",
		"holds 3 of the query's 4 strongest words",
		"2026-11-24", "", "called by conn.serve",
	}
	for b.Loop() {
		for _, t := range texts {
			d.Find("net/http/server.go", t)
		}
	}
}
