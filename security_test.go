package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const payGo = `package pay

// ChargeCard charges a card once and retries declined payments.
func ChargeCard(amount int) error {
	return retryPayment(amount)
}

func retryPayment(amount int) error { return nil }
`

// TestUntrustedRepositoryCommandNeverRuns: a cloned repository's
// .loupe.toml names a diagnostics command. It must not run on pack, mcp or
// index until the person trusts that exact file; a changed file needs
// trusting again; --revoke forgets.
func TestUntrustedRepositoryCommandNeverRuns(t *testing.T) {
	env := newSealedEnv(t)
	root, ix := filepath.Join(t.TempDir(), "repo"), t.TempDir()
	marker := filepath.Join(t.TempDir(), "ran")
	gitRepo(t, root, map[string]string{
		"pay.go":      payGo,
		".loupe.toml": "diagnostics_cmd = \"id > " + marker + "\"\n",
	})
	_, stderr, err := env.run(t, "", "pack", "charge card", "--root", root, "--index-dir", ix)
	if err != nil {
		t.Fatalf("pack: %v\n%s", err, stderr)
	}
	if exists(marker) {
		t.Fatal("pack ran the untrusted repository's diagnostics_cmd")
	}
	if !strings.Contains(stderr, "loupe trust --root") || strings.Count(stderr, "ignoring") != 1 {
		t.Fatalf("stderr does not say once how to trust:\n%s", stderr)
	}
	c := env.startMCP(t, "--root", root, "--index-dir", ix)
	c.query(t, "charge card", 2000)
	c.query(t, "retry payment", 2000)
	if _, _, err := env.run(t, "", "index", "--root", root, "--index-dir", ix); err != nil || exists(marker) {
		t.Fatalf("index: %v, marker %v", err, exists(marker))
	}
	if exists(marker) {
		t.Fatal("mcp ran the untrusted repository's diagnostics_cmd")
	}

	out, _, err := env.run(t, "", "trust", "--root", root)
	if err != nil || !strings.Contains(out, "diagnostics_cmd") {
		t.Fatalf("trust: %v\n%s", err, out)
	}
	if _, stderr, _ := env.run(t, "", "pack", "charge card", "--root", root, "--index-dir", ix); !exists(marker) || strings.Contains(stderr, "ignoring") {
		t.Fatalf("a trusted repository's command did not run:\n%s", stderr)
	}
	os.Remove(marker)
	writeFiles(t, root, map[string]string{".loupe.toml": "diagnostics_cmd = \"id > " + marker + " ; true\"\n"})
	if _, stderr, _ := env.run(t, "", "pack", "charge card", "--root", root, "--index-dir", ix); exists(marker) || !strings.Contains(stderr, "loupe trust") {
		t.Fatalf("a changed .loupe.toml kept the trust:\n%s", stderr)
	}
	env.run(t, "", "trust", "--root", root)
	env.run(t, "", "trust", "--revoke", "--root", root)
	if env.run(t, "", "pack", "charge card", "--root", root, "--index-dir", ix); exists(marker) {
		t.Fatal("a revoked repository's command ran")
	}
	// The person's own flag always counts.
	if _, _, err := env.run(t, "", "pack", "charge card", "--root", root, "--index-dir", ix, "--diagnostics-cmd", "id > "+marker); err != nil || !exists(marker) {
		t.Fatalf("--diagnostics-cmd did not run: %v", err)
	}
}

// TestHostileGitConfigNeverRuns: .git/config names an fsmonitor hook, an
// external diff, a textconv and a clean filter, each writing a marker.
// Nothing loupe does may run them.
func TestHostileGitConfigNeverRuns(t *testing.T) {
	env := newSealedEnv(t)
	root, ix := filepath.Join(t.TempDir(), "repo"), t.TempDir()
	marker := filepath.Join(t.TempDir(), "ran")
	script := filepath.Join(t.TempDir(), "evil.sh")
	writeFiles(t, filepath.Dir(script), map[string]string{"evil.sh": "#!/bin/sh\necho ran >> " + marker + "\ncat\n"})
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	gitRepo(t, root, map[string]string{"pay.go": payGo, ".gitattributes": "*.go diff=evil filter=evil\n"})
	for _, kv := range [][2]string{{"core.fsmonitor", script}, {"diff.external", script}, {"diff.evil.textconv", script},
		{"diff.evil.command", script}, {"filter.evil.clean", script}, {"filter.evil.smudge", script},
		{"filter.evil.process", script}, {"core.pager", script}} {
		gitIn(t, root, "config", kv[0], kv[1])
	}
	writeFiles(t, root, map[string]string{"pay.go": payGo + "\n// ChargeTwice is new.\nfunc ChargeTwice() {}\n", "new.go": "package pay\n"})
	if _, stderr, err := env.run(t, "", "index", "--root", root, "--index-dir", ix); err != nil {
		t.Fatalf("index: %v\n%s", err, stderr)
	}
	out, stderr, err := env.run(t, "", "pack", "charge twice", "--root", root, "--index-dir", ix, "--format", "json")
	if err != nil {
		t.Fatalf("pack: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "ChargeTwice") {
		t.Fatalf("the uncommitted change is missing: %s", out)
	}
	c := env.startMCP(t, "--root", root, "--index-dir", ix)
	c.query(t, "charge twice", 3000)
	if exists(marker) {
		b, _ := os.ReadFile(marker)
		t.Fatalf("a program named by .git/config ran (%d times)", strings.Count(string(b), "ran"))
	}
}

// TestNeverReadsThroughALinkOut swaps an indexed file, and then a
// directory, for links to files outside the root, and asks at once: in
// the no-refresh window of mcp and through pack. The outside text must
// never come back.
func TestNeverReadsThroughALinkOut(t *testing.T) {
	env := newSealedEnv(t)
	root, ix, outside := filepath.Join(t.TempDir(), "repo"), t.TempDir(), t.TempDir()
	const leak = "OUTSIDE_SECRET_TEXT_4711"
	inner := "package inner\n\n// LinkedHandler handles linked requests.\nfunc LinkedHandler() string { return \"" + leak + "\" }\n"
	writeFiles(t, outside, map[string]string{"inner.go": inner, "sub/handler.go": inner})
	gitRepo(t, root, map[string]string{
		"pay.go":         payGo,
		"linked.go":      "package pay\n\n// LinkedHandler handles linked requests.\nfunc LinkedHandler() string { return \"inside\" }\n",
		"sub/handler.go": "package sub\n\n// LinkedHandler handles linked requests.\nfunc LinkedHandler() string { return \"inside\" }\n",
	})
	if _, stderr, err := env.run(t, "", "index", "--root", root, "--index-dir", ix); err != nil {
		t.Fatalf("index: %v\n%s", err, stderr)
	}
	c := env.startMCP(t, "--root", root, "--index-dir", ix)
	if got := c.query(t, "LinkedHandler linked requests", 3000); !strings.Contains(got, "inside") {
		t.Fatalf("the fixture's block is not packed: %s", got)
	}
	swap(t, filepath.Join(outside, "inner.go"), filepath.Join(root, "linked.go"))
	swap(t, filepath.Join(outside, "sub"), filepath.Join(root, "sub"))
	for i := range 5 {
		if got := c.query(t, "LinkedHandler linked requests", 3000); strings.Contains(got, leak) {
			t.Fatalf("mcp query %d returned the outside file's text", i+1)
		}
	}
	for _, format := range []string{"md", "json"} {
		out, _, _ := env.run(t, "", "pack", "LinkedHandler linked requests", "--root", root, "--index-dir", ix, "--format", format)
		if strings.Contains(out, leak) {
			t.Fatalf("pack --format %s returned the outside file's text", format)
		}
	}
}

// swap replaces path with a symbolic link to target, in one rename.
func swap(t *testing.T, target, path string) {
	t.Helper()
	tmp := path + ".swap"
	if err := os.Symlink(target, tmp); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(path); err == nil && st.IsDir() {
		if err := os.RemoveAll(path); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// TestNoteAddNeverWritesThroughALinkOut: .loupe is a link to a directory
// outside the repository; note add must fail and write nothing there.
func TestNoteAddNeverWritesThroughALinkOut(t *testing.T) {
	env := newSealedEnv(t)
	root, outside := filepath.Join(t.TempDir(), "repo"), t.TempDir()
	gitRepo(t, root, map[string]string{"pay.go": payGo})
	if err := os.Symlink(outside, filepath.Join(root, ".loupe")); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := env.run(t, "", "note", "add", "--root", root, "payments retry at most 5 times")
	if err == nil {
		t.Fatalf("note add through a link out succeeded:\n%s", stderr)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Fatalf("note add wrote %d entries outside the root", len(ents))
	}
	out, _, _ := env.run(t, "", "note", "list", "--root", root)
	if strings.Contains(out, "retry") {
		t.Fatalf("note list read through the link: %s", out)
	}
}
