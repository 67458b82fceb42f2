package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func ids(bs []Block) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.ID)
	}
	return out
}

func TestSymbolCallersImporters(t *testing.T) {
	_, ix, _ := build(t, fixture)
	ctx := context.Background()
	tests := []struct {
		name string
		run  func() ([]Block, error)
		want []string
	}{
		{"symbol by name", func() ([]Block, error) { return ix.Symbol(ctx, "ProcessPayment") }, []string{"payment/payment.go#ProcessPayment"}},
		{"symbol by qualified name", func() ([]Block, error) { return ix.Symbol(ctx, "Cart.Checkout") }, []string{"cart/cart.go#Cart.Checkout"}},
		{"symbol case kept", func() ([]Block, error) { return ix.Symbol(ctx, "processpayment") }, nil},
		{"symbol unknown", func() ([]Block, error) { return ix.Symbol(ctx, "Nope") }, nil},
		{"callers", func() ([]Block, error) { return ix.Callers(ctx, "ProcessPayment", 10) }, []string{"cart/cart.go#Cart.Checkout", "payment/payment_test.go#TestProcessPayment"}},
		{"callers limit", func() ([]Block, error) { return ix.Callers(ctx, "chargeCard", 1) }, []string{"payment/payment.go#ProcessPayment"}},
		{"importers go", func() ([]Block, error) { return ix.Importers(ctx, "payment/payment.go") }, []string{"cart/cart.go:header"}},
		{"importers none", func() ([]Block, error) { return ix.Importers(ctx, "cart/cart.go") }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs, err := tc.run()
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(bs); strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestEnclosingAndByID(t *testing.T) {
	_, ix, _ := build(t, fixture)
	tests := []struct {
		path string
		line int
		want string
	}{
		{"payment/payment.go", 10, "payment/payment.go#ProcessPayment"},
		{"payment/payment.go", 17, "payment/payment.go#chargeCard"},
		{"payment/payment.go", 2, ""}, // header only
		{"cart/cart.go", 12, "cart/cart.go#Cart.Checkout"},
		{"missing.go", 1, ""},
	}
	for _, tc := range tests {
		b, ok := ix.Enclosing(tc.path, tc.line)
		if got := map[bool]string{true: b.ID, false: ""}[ok]; got != tc.want {
			t.Errorf("Enclosing(%s, %d) = %q, want %q", tc.path, tc.line, got, tc.want)
		}
	}
	if b, ok := ix.BlockByID("cart/cart.go#Cart"); !ok || b.Kind != KindType || b.StartLine == 0 {
		t.Fatalf("BlockByID = %+v, %v", b, ok)
	}
	if _, ok := ix.BlockByID("nope"); ok {
		t.Fatal("BlockByID(nope) found something")
	}
}

func TestReadMovedStale(t *testing.T) {
	root, ix, _ := build(t, fixture)
	ctx := context.Background()
	bs, err := ix.Symbol(ctx, "chargeCard")
	if err != nil || len(bs) != 1 {
		t.Fatalf("Symbol: %v %v", bs, err)
	}
	charge := bs[0]
	p := filepath.Join(root, "payment", "payment.go")
	moved := strings.Replace(fixture["payment/payment.go"], "import \"errors\"\n", "import \"errors\"\n\n// one\n// two\n", 1)
	must(t, os.WriteFile(p, []byte(moved), 0o644))
	bt, err := ix.Read(charge)
	if err != nil || !bt.Moved || bt.Block.StartLine != charge.StartLine+3 || !strings.HasPrefix(bt.Text, "func chargeCard") {
		t.Fatalf("Read moved = %+v, %v", bt, err)
	}
	gone := strings.Replace(moved, "chargeCard", "billCard", -1)
	must(t, os.WriteFile(p, []byte(gone), 0o644))
	bt, err = ix.Read(charge)
	if err != nil || !bt.Stale || !strings.HasPrefix(bt.Text, "func chargeCard") {
		t.Fatalf("Read stale = %+v, %v", bt, err)
	}
	st, err := ix.Update(ctx, nil)
	if err != nil || st.Changed != 1 {
		t.Fatalf("Update after stale read: %+v, %v", st, err)
	}
	if bs, _ := ix.Symbol(ctx, "billCard"); len(bs) != 1 {
		t.Fatalf("billCard not indexed after update: %v", bs)
	}
}

func TestImportersOtherLanguages(t *testing.T) {
	_, ix, _ := build(t, map[string]string{
		"app/main.py":                          "import os\nfrom app.auth import login\nfrom .util import helper\n\ndef main():\n    login()\n",
		"app/auth.py":                          "def login():\n    pass\n",
		"app/util.py":                          "def helper():\n    pass\n",
		"web/src/app.ts":                       "import { login } from './auth/login';\nimport React from 'react';\n\nexport function run() { login(); }\n",
		"web/src/auth/login.ts":                "export function login() {}\n",
		"web/src/b.js":                         "const x = require('../lib/x.js');\n",
		"web/lib/x.js":                         "module.exports = 1;\n",
		"src/Illuminate/Pipeline/Pipeline.php": "<?php\n\nnamespace Illuminate\\Pipeline;\n\nclass Pipeline {}\n",
		"src/Illuminate/Routing/Router.php":    "<?php\n\nnamespace Illuminate\\Routing;\n\nuse Illuminate\\Pipeline\\Pipeline;\nuse Illuminate\\Support\\Str;\n\nclass Router {}\n",
	})
	tests := []struct {
		file string
		want []string
	}{
		{"app/auth.py", []string{"app/main.py:header"}},
		{"app/util.py", []string{"app/main.py:header"}},
		{"web/src/auth/login.ts", []string{"web/src/app.ts:header"}},
		{"web/lib/x.js", []string{"web/src/b.js:header"}},
		{"app/main.py", nil},
		{"src/Illuminate/Pipeline/Pipeline.php", []string{"src/Illuminate/Routing/Router.php:header"}},
	}
	for _, tc := range tests {
		bs, err := ix.Importers(context.Background(), tc.file)
		must(t, err)
		if got := ids(bs); strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("Importers(%s) = %v, want %v", tc.file, got, tc.want)
		}
	}
}

// TestImportersUnderAPackageRoot: a root that is itself a package
// (fastapi/, src/Illuminate/) is the first part of its files' imports.
func TestImportersUnderAPackageRoot(t *testing.T) {
	fastapi := map[string]string{
		"routing.py":            "from fastapi.exceptions import HTTPException\nfrom fastapi.dependencies.utils import solve\n\ndef route():\n    pass\n",
		"exceptions.py":         "class HTTPException(Exception):\n    pass\n",
		"dependencies/utils.py": "def solve():\n    pass\n",
	}
	laravel := map[string]string{
		"Routing/Router.php":     "<?php\n\nnamespace Illuminate\\Routing;\n\nuse Illuminate\\Queue\\QueueManager;\n\nclass Router {}\n",
		"Queue/QueueManager.php": "<?php\n\nnamespace Illuminate\\Queue;\n\nclass QueueManager {}\n",
	}
	for _, tc := range []struct {
		root       string
		files      map[string]string
		file, want string
	}{
		{"fastapi", fastapi, "exceptions.py", "routing.py:header"},
		{"fastapi", fastapi, "dependencies/utils.py", "routing.py:header"},
		{"Illuminate", laravel, "Queue/QueueManager.php", "Routing/Router.php:header"},
		{"other", fastapi, "exceptions.py", ""}, // fastapi.exceptions is not this root's
	} {
		root := filepath.Join(t.TempDir(), tc.root)
		writeTree(t, root, tc.files)
		ix, err := Open(root, testOptions(t))
		must(t, err)
		_, err = ix.Update(context.Background(), nil)
		must(t, err)
		bs, err := ix.Importers(context.Background(), tc.file)
		must(t, err)
		ix.Close()
		if got := strings.Join(ids(bs), " "); got != tc.want {
			t.Errorf("root %s: Importers(%s) = %q, want %q", tc.root, tc.file, got, tc.want)
		}
	}
}

func TestProgress(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, fixture)
	ix, err := Open(root, testOptions(t))
	must(t, err)
	defer ix.Close()
	var phases []string
	var last Progress
	_, err = ix.Update(context.Background(), func(p Progress) {
		if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
			phases = append(phases, p.Phase)
		}
		last = p
	})
	must(t, err)
	if phases[0] != "walk" || phases[len(phases)-1] != "done" || !strings.Contains(strings.Join(phases, " "), "index") {
		t.Fatalf("phases = %v", phases)
	}
	if last.FilesDone != len(fixture) || last.FilesTotal != len(fixture) || last.BytesDone != last.BytesTotal || last.BytesTotal == 0 {
		t.Fatalf("last progress = %+v", last)
	}
}
