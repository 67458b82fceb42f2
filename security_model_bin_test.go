package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// A repository's .loupe.toml could name a model server ([model] url), and
// loupe connected to it and would send it the person's query and the
// code: the person's task text, to whoever made the repository. The url
// now needs trust like a program key: untrusted, nothing connects;
// trusted, the server is used.
func TestUntrustedRepositoryCannotChooseTheModelServer(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Error(w, "no", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	env := newSealedEnv(t)
	root, ix := t.TempDir(), t.TempDir()
	writeFiles(t, root, map[string]string{
		"pay/retry.go": "package pay\n\n// RetryPayment retries a failed payment.\nfunc RetryPayment() error { return nil }\n",
		".loupe.toml":  "[model]\nurl = \"" + srv.URL + "\"\nembed = \"e\"\nchat = \"c\"\nplan = true\n",
	})
	out, stderr, err := env.run(t, "", "pack", "my private task: retry failed payment", "--root", root, "--index-dir", ix)
	if err != nil {
		t.Fatalf("pack: %v\n%s", err, stderr)
	}
	if n := requests.Load(); n != 0 {
		t.Fatalf("an untrusted .loupe.toml made loupe call its model server (%d requests)", n)
	}
	if !strings.Contains(stderr, "ignoring [model.url]") || !strings.Contains(out, "func RetryPayment") {
		t.Fatalf("no notice, or no pack:\n%s\n%s", stderr, out)
	}
	if _, _, err := env.run(t, "", "trust", "--root", root); err != nil {
		t.Fatal(err)
	}
	env.run(t, "", "pack", "retry failed payment", "--root", root, "--index-dir", ix)
	if requests.Load() == 0 {
		t.Fatal("a trusted .loupe.toml's model server was not used")
	}
}
