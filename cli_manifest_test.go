package main

import "testing"

// TestPackRanksAManifestBelowTheCode: through the binary, a build file
// (Cargo.toml, whose description holds the question's words) is not
// documentation: the code source has it, and the place prior ranks it
// below the code that answers (engine/score_place.go). As the best block
// of the docs source, where it used to be filed, it came before the impls.
func TestPackRanksAManifestBelowTheCode(t *testing.T) {
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
			if b.Source != "code" {
				t.Errorf("Cargo.toml comes from %s, want code", b.Source)
			}
			manifest = b.Score
		case "src/impls.rs":
			impls = max(impls, b.Score)
		}
	}
	if manifest < 0 || impls < 0 {
		t.Fatalf("blocks %v: want both Cargo.toml and src/impls.rs", blockNames(p))
	}
	// The place prior halves a build file's normalized score.
	if manifest > 0.5+1e-9 || manifest >= impls {
		t.Errorf("Cargo.toml scores %.3f (want at most .5), src/impls.rs at best %.3f (%v)",
			manifest, impls, blockNames(p))
	}
}
