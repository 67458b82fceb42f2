package changes_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes/gittest"
)

const oauthGo = `package auth

// RefreshOAuthToken refreshes the oauth access token when it expires.
func RefreshOAuthToken(t *Token) error {
	if !t.Expired() {
		return nil
	}
	return t.refresh()
}
`

// TestFreshCloneIsNotAChange: a repository whose only commit is minutes
// old (a fresh clone) has no work in progress: the initial commit is the
// whole tree, not a change, and must not swallow the code.
func TestFreshCloneIsNotAChange(t *testing.T) {
	r := gittest.New(t)
	r.Write("auth/oauth.go", oauthGo, time.Time{})
	r.Commit(now.Add(-5*time.Minute), "initial import")
	got := retrieve(t, r.Dir, engine.Query{Keywords: []string{"refresh", "oauth", "access", "token", "expires"}})
	if len(got) != 0 {
		t.Fatalf("the initial commit offered as %d change(s): %s", len(got), got[0].ID)
	}
}

// TestOnlyOwnCommitsAreChanges: a recent commit by someone else (pulled)
// is not the person's work in progress; one by user.email is.
func TestOnlyOwnCommitsAreChanges(t *testing.T) {
	r := gittest.New(t)
	r.Write("README.md", "# auth\n", time.Time{})
	r.Commit(now.Add(-48*time.Hour), "initial")
	r.Write("auth/oauth.go", oauthGo, time.Time{})
	r.Commit(now.Add(-time.Hour), "auth: refresh tokens") // Ada's
	q := engine.Query{Keywords: []string{"refresh", "oauth", "token"}}
	if got := retrieve(t, r.Dir, q); len(got) != 1 || got[0].Meta["status"] != "committed" {
		t.Fatalf("own recent commit: %d candidates", len(got))
	}
	r.Git("config", "user.email", "someone.else@example.com")
	if got := retrieve(t, r.Dir, q); len(got) != 0 {
		t.Fatalf("someone else's commit offered as the person's change: %s", got[0].ID)
	}
}

// TestOwnCommitBehindALargeCommit: the person's recent commit is found
// even when a newer commit by someone else (a vendor update) has a patch
// past git's output bound. Patches are asked only of the person's commits;
// `git log -n 5 -p` was cut inside the large one and lost the person's.
func TestOwnCommitBehindALargeCommit(t *testing.T) {
	r := gittest.New(t)
	r.Write("README.md", "# auth\n", time.Time{})
	r.Commit(now.Add(-48*time.Hour), "initial")
	r.Write("auth/oauth.go", oauthGo, time.Time{})
	r.Commit(now.Add(-2*time.Hour), "auth: refresh tokens") // Ada's
	line := strings.Repeat("x", 60) + "\n"
	r.Write("vendor/big/data.txt", strings.Repeat(line, (5<<20)/len(line)), time.Time{})
	r.Git("add", "-A")
	r.GitAt(now.Add(-time.Hour), "commit", "-q", "--author=Bob <bob@example.com>", "-m", "vendor: update")
	q := engine.Query{Keywords: []string{"refresh", "oauth", "token"}}
	got := retrieve(t, r.Dir, q)
	if len(got) != 1 || got[0].Meta["status"] != "committed" || got[0].Block.Path != "auth/oauth.go" {
		t.Fatalf("own commit behind a 5 MB one: %d candidates %v", len(got), got)
	}
}
