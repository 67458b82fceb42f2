package main

import "testing"

// TestPackRanksAManifestBelowTheCode: through the binary, a build file
// (Cargo.toml, whose description holds the question's words) is not
// documentation: the code source has it, and the place prior ranks it
// below the code that answers (engine/score_place.go). As the best block
// of the docs source, where it used to be filed, it came before the impls.
// The three files that hold none of the question's words make the crate a
// repository rather than three files: with BM25 (index/scoring.go) a word
// that five of six blocks hold is worth almost nothing, and then only the
// manifest's rare words counted.
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
		"src/error.rs": `/// Error is what a failed write reports.
pub struct Error {
    msg: String,
}

impl Error {
    pub fn new(msg: &str) -> Error {
        Error { msg: msg.to_owned() }
    }
}
`,
		"src/escape.rs": `/// escape quotes a string for output.
pub fn escape(s: &str) -> String {
    s.replace('"', "\\\"")
}

/// width counts the characters of s.
pub fn width(s: &str) -> usize {
    s.chars().count()
}
`,
		"src/buffer.rs": `/// Buffer collects output before it is flushed.
pub struct Buffer {
    data: Vec<u8>,
}

impl Buffer {
    pub fn flush(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.data)
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
