package engine

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// headersFiles is a repository whose query matches one function, while
// the file's imports hold none of the query's words.
var headersFiles = map[string]string{
	"billing/wait.go": "package billing\n\nimport (\n\t\"math/rand\"\n\t\"time\"\n)\n\n" +
		"// Backoff gives the wait before a failed payment is retried.\n" +
		"func Backoff(base time.Duration, n int) time.Duration {\n\treturn base<<n + time.Duration(rand.Int63n(int64(base)))\n}\n",
	"other/other.go": "package other\n\n// Unrelated does nothing with payments.\nfunc Unrelated() {}\n",
}

// TestHeadersOfTheBestFiles: the imports of the file the query is about
// come back as a candidate (signal "header", scored below the matches);
// switching the signal off leaves them out.
func TestHeadersOfTheBestFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real index")
	}
	ix := openTree(t, headersFiles)
	q := AnalyzeQuery("retry failed payments with backoff")
	for _, off := range []bool{false, true} {
		opts := DefaultRankOptions()
		if off {
			opts.Disabled = []string{signalHeader, signalRest} // the header would come back as a filler
		}
		cands, err := NewCodeProvider(ix, opts).Candidates(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(cands, func(c Candidate) bool {
			return c.Block.Path == "billing/wait.go" && c.Block.Kind == "header"
		})
		if off {
			if i >= 0 {
				t.Errorf("header off: the header is a candidate: %+v", cands[i].Signals)
			}
			continue
		}
		if i < 0 {
			t.Fatalf("the header of billing/wait.go is not among %d candidates", len(cands))
		}
		c := cands[i]
		if !strings.Contains(c.Text, `"math/rand"`) || len(c.Signals) != 1 || c.Signals[0].Name != signalHeader {
			t.Errorf("header: signals %+v text %q", c.Signals, c.Text)
		}
		if c.Score > cands[0].Score*headerScore+1e-9 {
			t.Errorf("header scores %.3f, above %.2f of the best", c.Score, headerScore)
		}
	}
}
