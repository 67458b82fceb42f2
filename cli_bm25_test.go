package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPackScoresTextWithBM25: through the binary, the text signal of a
// block that says "retry" once is about 40 % of one, as long, that says it
// twenty times: the index scores with BM25, which saturates repeated
// words. bleve's default TF-IDF gave it 22 %, so one word repeated in a
// long body outweighed a block that uses every word of a question once.
func TestPackScoresTextWithBM25(t *testing.T) {
	root := t.TempDir()
	body := func(name string, every int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "package pay\n\nfunc %s() {\n", name)
		for i := range 40 {
			word := "charge"
			if i%every == 0 {
				word = "retry"
			}
			fmt.Fprintf(&b, "\tstep%d := attempt(%s, %d)\n", i, word, i)
		}
		return b.String() + "}\n"
	}
	for name, text := range map[string]string{"often.go": body("Often", 2), "once.go": body("Once", 1000)} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := mustRun(t, runBin(t, "", "pack", "retry", "--root", root, "--index-dir", filepath.Join(t.TempDir(), "ix"), "--format", "json"))
	var p packJSON
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil {
		t.Fatalf("json: %v\n%s", err, r.stdout)
	}
	share := regexp.MustCompile(`text matches the query \((\d+)% of the best hit\)`)
	for _, b := range p.Blocks {
		if b.Name != "Once" {
			continue
		}
		for _, reason := range b.Reasons {
			if m := share.FindStringSubmatch(reason); m != nil {
				if n, _ := strconv.Atoi(m[1]); n < 30 || n > 60 {
					t.Errorf("Once's text is %d%% of the best hit's, want about 40%% (TF-IDF: 22%%)", n)
				}
				return
			}
		}
		t.Fatalf("Once has no text signal: %q", b.Reasons)
	}
	t.Fatalf("Once is not packed: %s", r.stdout)
}
