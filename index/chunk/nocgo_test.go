//go:build !cgo

package chunk

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNoCgoFallback checks that a build without cgo still chunks Go and
// prose into symbols and sections, and windows the tree-sitter languages.
func TestNoCgoFallback(t *testing.T) {
	if HasTreeSitter() {
		t.Fatal("HasTreeSitter() = true without cgo")
	}
	for _, rel := range []string{"py/payments/gateway.py", "web/src/checkout.ts", "rust/src/lib.rs"} {
		for _, b := range File(rel, readFixture(t, rel)) {
			if b.Kind != KindWindow {
				t.Errorf("%s: %s block without cgo", b.ID, b.Kind)
			}
		}
	}
	for _, name := range []string{"http.h", "request.rb", "picker.lua"} {
		src, err := os.ReadFile(filepath.Join(langsRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range File(name, src) {
			if b.Kind != KindWindow {
				t.Errorf("%s: %s block without cgo", b.ID, b.Kind)
			}
		}
	}
	if _, ok := find(File("processor.go", readFixture(t, "processor.go")), "Processor.Process"); !ok {
		t.Error("Go not chunked into symbols without cgo")
	}
}
