package main

import "testing"

// TestPackRanksAManifestAsDocumentation: through the binary, a build file
// the docs source finds (Cargo.toml, whose description holds the
// question's words) ranks as documentation, below the code that answers
// (engine/fuse.go, fuse). It was the best docs block, kept .5 of
// its score after the place prior, and came before the impls.
func TestPackRanksAManifestAsDocumentation(t *testing.T) {
	p := packSourcesOf(t, map[string]string{
		"Cargo.toml": `[package]
name = "ser"
version = "1.0.0"
description = "Serialize implementations for standard library types"
keywords = ["serialize", "standard", "library", "types", "implementations"]
`,
		"src/lib.rs": `/// Serialize is implemented by every type that can be written out.
pub trait Serialize {
    fn serialize(&self, out: &mut String);
}

mod impls;
`,
		"src/impls.rs": `use crate::Serialize;

impl Serialize for bool {
    fn serialize(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl Serialize for String {
    fn serialize(&self, out: &mut String) {
        out.push_str(self);
    }
}
`,
	}, "standard library type Serialize implementations", "4000", "code,docs")
	manifest, impls := -1.0, -1.0
	for _, b := range p.Blocks {
		switch b.Path {
		case "Cargo.toml":
			manifest = b.Score
		case "src/impls.rs":
			impls = max(impls, b.Score)
		}
	}
	if manifest < 0 || impls < 0 {
		t.Fatalf("blocks %v: want both Cargo.toml and src/impls.rs", blockNames(p))
	}
	// The best docs block scores 1, the place prior halves a build file's
	// score and ranking as documentation halves it again.
	if manifest > 0.25+1e-9 || manifest >= impls {
		t.Errorf("Cargo.toml scores %.3f (want at most .25), src/impls.rs at best %.3f (%v)",
			manifest, impls, blockNames(p))
	}
}
