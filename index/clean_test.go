package index

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadCleanVerdict: a block of a file the index scanned clean, read
// unchanged, is marked Clean (a pack need not scan it again); a block of a
// file that held a secret, of a file changed since, or whose verdict was
// recorded under other rules is not.
func TestReadCleanVerdict(t *testing.T) {
	files := map[string]string{}
	for k, v := range fixture {
		files[k] = v
	}
	token := "ghp_" + strings.Repeat("aB3dE5fG7h", 3) + "J9kL1m"
	files["creds/creds.go"] = "package creds\n\n// Name is harmless.\nfunc Name() string { return \"x\" }\n\n" +
		"// Token is not.\nfunc Token() string {\n\treturn \"" + token + "\"\n}\n"
	root, ix, _ := build(t, files)
	read := func(path string) []BlockText {
		t.Helper()
		blocks, err := ix.FileBlocks(path)
		if err != nil || len(blocks) == 0 {
			t.Fatalf("FileBlocks(%s): %v %v", path, blocks, err)
		}
		var out []BlockText
		for _, b := range blocks {
			bt, err := ix.Read(b)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, bt)
		}
		return out
	}
	for _, bt := range read("payment/payment.go") {
		if !bt.Clean {
			t.Errorf("clean file, unchanged: block %s not Clean", bt.Block.ID)
		}
	}
	for _, bt := range read("creds/creds.go") {
		if bt.Clean {
			t.Errorf("file with a secret: block %s (%q) marked Clean", bt.Block.ID, bt.Text)
		}
	}

	_, man := ix.snapshot()
	e := man.Files["cart/cart.go"]
	saved := e.Clean
	e.Clean ^= 2 // a verdict of other rules
	for _, bt := range read("cart/cart.go") {
		if bt.Clean {
			t.Errorf("verdict of other rules trusted: block %s", bt.Block.ID)
		}
	}
	e.Clean = saved

	p := filepath.Join(root, "payment", "payment.go")
	changed := strings.Replace(files["payment/payment.go"], "return nil", "return nil // "+token, 1)
	if err := os.WriteFile(p, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bt := range read("payment/payment.go") {
		if bt.Clean {
			t.Errorf("file changed since indexing: block %s (%q) marked Clean", bt.Block.ID, bt.Text)
		}
	}
}
