package engine

import (
	"slices"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

func TestTraceFrames(t *testing.T) {
	query := `panic: bufio.Scan: too many empty tokens without progressing

goroutine 1 [running]:
bufio.(*Scanner).Scan(0xc000012345)
	/usr/local/go/src/bufio/scan.go:174 +0x6a5
Traceback (most recent call last):
  File "src/flask/app.py", line 1498, in wsgi_app
    at render (./lib/view.js:12:5)
thread 'main' panicked at src\main.rs:3:9:`
	got := TraceFrames(query)
	want := []Frame{{"src/flask/app.py", 1498}, {"/usr/local/go/src/bufio/scan.go", 174},
		{"lib/view.js", 12}, {"src/main.rs", 3}}
	if !slices.Equal(got, want) {
		t.Errorf("frames %v, want %v", got, want)
	}
	if !FramePathMatches("/usr/local/go/src/bufio/scan.go", "bufio/scan.go") ||
		FramePathMatches("/usr/local/go/src/bufio/scan.go", "o/scan.go") || !FramePathMatches("app.py", "src/flask/app.py") {
		t.Error("framePathMatches")
	}
}

// TestFramedFileKeepsItsPathWeightAtTheLine: a file named with a line
// gives the exact-path weight to the block holding the line; its other
// blocks get the directory weight; a file named without a line keeps the
// exact weight in every block.
func TestFramedFileKeepsItsPathWeightAtTheLine(t *testing.T) {
	q := AnalyzeQuery("Traceback (most recent call last):\n  File \"/srv/app/models.py\", line 42, in save\nValueError: bad")
	r := newRanker(q, DefaultRankOptions(), SourceCode)
	at := index.Block{Path: "app/models.py", StartLine: 40, EndLine: 50}
	other := index.Block{Path: "app/models.py", StartLine: 1, EndLine: 20}
	if s := r.blockPath(at); s.Value != weightPathExact {
		t.Errorf("the block at the frame's line: %+v, want %v", s, weightPathExact)
	}
	if s := r.blockPath(other); s.Value != weightPathDir {
		t.Errorf("another block of the framed file: %+v, want %v", s, weightPathDir)
	}
	r = newRanker(AnalyzeQuery("why does app/models.py save twice"), DefaultRankOptions(), SourceCode)
	if s := r.blockPath(other); s.Value != weightPathExact {
		t.Errorf("a path named without a line: %+v, want %v", s, weightPathExact)
	}
}
