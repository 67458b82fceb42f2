package packing

import (
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// The function of issue 10, item 20: lines 18-27, with a 7-line change
// hunk (21-27) inside it.
const uniteFn = `func RefreshOAuthToken(t *Token) error {
	if t == nil {
		return errNoToken
	}
	if time.Until(t.Expiry) > 0 {
		return nil
	}
	t.Expiry = time.Now().Add(2 * time.Hour)
	return t.refresh()
}
`

const uniteHunk = `@@ -21,6 +21,7 @@ func RefreshOAuthToken(t *Token) error {
 	}
 	if time.Until(t.Expiry) > 0 {
 		return nil
 	}
-	t.Expiry = time.Now().Add(time.Hour)
+	t.Expiry = time.Now().Add(2 * time.Hour)
 	return t.refresh()
 }
`

func uniteCands(fnScore, hunkScore float64) []engine.Candidate {
	fn := engine.Candidate{ID: "auth/oauth.go#RefreshOAuthToken", Source: engine.SourceCode, Score: fnScore, Text: uniteFn,
		Reason: "name matches refresh",
		Block:  index.Block{Path: "auth/oauth.go", StartLine: 18, EndLine: 27, Kind: index.KindFunction, Name: "RefreshOAuthToken", Lang: "go"}}
	h := engine.Candidate{ID: "changes:unstaged:auth/oauth.go:21", Source: engine.SourceChanges, Score: hunkScore, Text: uniteHunk,
		Reason: "changed 2 min ago", Meta: map[string]string{"status": "unstaged"},
		Block: index.Block{Path: "auth/oauth.go", StartLine: 21, EndLine: 27, Kind: index.KindHunk, Name: "RefreshOAuthToken", Lang: "diff"}}
	return []engine.Candidate{fn, h}
}

// TestDedupUnitesAHunkWithItsFunction: neither the function (its
// signature) nor the change (what changed) is lost: one block, the
// function's, shows both, whichever scored higher.
func TestDedupUnitesAHunkWithItsFunction(t *testing.T) {
	for _, scores := range [][2]float64{{1, 3}, {3, 1}, {2, 2}} {
		kept, merges := Dedup(uniteCands(scores[0], scores[1]))
		if len(kept) != 1 || kept[0].ID != "auth/oauth.go#RefreshOAuthToken" {
			t.Fatalf("scores %v: kept %v", scores, kept)
		}
		u := kept[0]
		for _, want := range []string{"func RefreshOAuthToken(t *Token) error {", "-\tt.Expiry = time.Now().Add(time.Hour)",
			"+\tt.Expiry = time.Now().Add(2 * time.Hour)", " \tif t == nil {"} {
			if !strings.Contains(u.Text, want+"\n") {
				t.Fatalf("scores %v: united text lacks %q:\n%s", scores, want, u.Text)
			}
		}
		if !strings.HasPrefix(u.Text, "@@ -18,10 +18,10 @@ RefreshOAuthToken\n") || u.Block.Lang != "diff" {
			t.Fatalf("scores %v: header or lang:\n%s", scores, u.Text)
		}
		if u.Score != max(scores[0], scores[1]) || u.Meta["status"] != "unstaged" || !strings.Contains(u.Reason, "changed 2 min ago") {
			t.Fatalf("scores %v: %+v", scores, u)
		}
		if len(merges) != 1 || !strings.HasPrefix(merges[0].Why, whyUnited) {
			t.Fatalf("scores %v: merges %v", scores, merges)
		}
	}
}

// TestDedupDoesNotUniteAStaleHunk: a hunk whose lines are not the
// function's (the file moved on) falls back to keeping one of them.
func TestDedupDoesNotUniteAStaleHunk(t *testing.T) {
	cands := uniteCands(1, 3)
	cands[1].Text = strings.Replace(uniteHunk, "+\tt.Expiry = time.Now().Add(2 * time.Hour)", "+\tt.Expiry = later()", 1)
	kept, merges := Dedup(cands)
	if len(kept) != 1 || kept[0].Text == cands[0].Text && kept[0].ID == cands[1].ID || strings.HasPrefix(merges[0].Why, whyUnited) {
		t.Fatalf("kept %v merges %v", kept, merges)
	}
}
