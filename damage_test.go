//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// damageKinds are the kinds of file an index directory holds, by glob.
var damageKinds = []struct{ name, glob string }{
	{"zap segments", "snapshots/*/store/*.zap"},
	{"snapshot root.bolt", "snapshots/*/store/root.bolt"},
	{"live root.bolt", "blocks/store/root.bolt"},
	{"index_meta.json", "snapshots/*/index_meta.json"},
	{"manifest", "manifest.bin"},
	{"content store", "content.pack"},
	{"commits segments", "commits/snapshots/*/store/*.zap"},
	{"commits root.bolt", "commits/snapshots/*/store/root.bolt"},
	{"commits head", "commits/head"},
	{"writer lock", "writer.lock"},
}

// damageOps damage one file.
var damageOps = []struct {
	name string
	do   func(path string) error
}{
	{"truncate", func(p string) error { return os.Truncate(p, 0) }},
	{"zero", func(p string) error {
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		return os.WriteFile(p, make([]byte, st.Size()), 0o600)
	}},
	{"delete", os.Remove},
	{"garble", garble},
}

// garble flips every byte of the file's second quarter.
func garble(p string) error {
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	for i := len(b) / 4; i < len(b)/2; i++ {
		b[i] ^= 0x5a
	}
	return os.WriteFile(p, b, 0o600)
}

// reported matches what loupe says when it finds damage.
var reported = regexp.MustCompile(`(?i)rebuil|corrupt|damaged|unusable|not refreshed`)

// TestDamagedIndexIsRepairedOrReported damages each kind of index file in
// each way and runs `loupe pack` twice: the first run must give the
// undamaged result, fail, or say what it found; the second must give the
// undamaged result. No silent wrong result.
func TestDamagedIndexIsRepairedOrReported(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary 80 times")
	}
	root, pristine := fixture(t, "payments")
	gitInit(t, root)
	args := func(ix string) []string {
		return []string{"pack", "retry failed payments with backoff", "--root", root, "--index-dir", ix, "--deadline", "10m", "--budget", "3000"}
	}
	mustRun(t, runBin(t, "", "index", root, "--index-dir", pristine))
	want := mustRun(t, runBin(t, "", args(pristine)...)).stdout
	var table []string
	silent := 0
	for _, kind := range damageKinds {
		for _, op := range damageOps {
			ix := filepath.Join(t.TempDir(), "ix")
			if out, err := exec.Command("cp", "-a", pristine, ix).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v %s", err, out)
			}
			files, _ := filepath.Glob(filepath.Join(ix, kind.glob))
			if len(files) == 0 {
				t.Fatalf("%s: no file matches %s", kind.name, kind.glob)
			}
			for _, f := range files {
				if err := op.do(f); err != nil {
					t.Fatal(err)
				}
			}
			first := runBin(t, "", args(ix)...)
			second := runBin(t, "", args(ix)...)
			outcome := damageOutcome(first, want)
			if outcome == "silent wrong result" {
				silent++
				t.Errorf("%s %s: exit 0, nothing said, and a different result:\n%s", op.name, kind.name, lineDiff(want, first.stdout))
			}
			repaired := second.err == nil && second.stdout == want
			if !repaired {
				t.Errorf("%s %s: the second run is not repaired (%v)\n%s", op.name, kind.name, second.err, second.stderr)
			}
			table = append(table, fmt.Sprintf("| %s | %s | %s | %v |", kind.name, op.name, outcome, repaired))
		}
	}
	sort.Strings(table)
	t.Logf("damage corpus: %d cases, %d silent wrong results\n| file | damage | first run | second run repaired |\n|---|---|---|---|\n%s",
		len(table), silent, strings.Join(table, "\n"))
}

// damageOutcome classifies a run on a damaged index.
func damageOutcome(r binResult, want string) string {
	switch {
	case r.err == nil && r.stdout == want && reported.MatchString(r.stderr):
		return "repaired, said so"
	case r.err == nil && r.stdout == want:
		return "unaffected"
	case r.err != nil:
		return "failed with a message"
	case reported.MatchString(r.stderr):
		return "partial result, said so"
	}
	return "silent wrong result"
}

// gitInit makes root a git repository with one commit.
func gitInit(t *testing.T, root string) {
	t.Helper()
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"},
		{"-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "retry failed payments with backoff"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		// An old date keeps "age: 6 years ago" the same all test long.
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2020-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2020-01-01T00:00:00Z")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
}

// lineDiff lists the lines of got that want does not have, and the other
// way round.
func lineDiff(want, got string) string {
	count := map[string]int{}
	for _, l := range strings.Split(want, "\n") {
		count[l]++
	}
	var b strings.Builder
	for _, l := range strings.Split(got, "\n") {
		if count[l] > 0 {
			count[l]--
			continue
		}
		b.WriteString("+ " + l + "\n")
	}
	for l, n := range count {
		for range n {
			b.WriteString("- " + l + "\n")
		}
	}
	return b.String()
}
