package packing

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// pkBigFunc is a function of n body lines in f.go from line start; the
// lines listed in special replace the filler at those file lines.
func pkBigFunc(id string, start, n int, score float64, special map[int]string) engine.Candidate {
	var sb strings.Builder
	sb.WriteString("// " + id + " does many things.\nfunc " + id + "(x int) int {\n")
	for i := range n {
		line := start + 2 + i
		if s, ok := special[line]; ok {
			sb.WriteString(s + "\n")
			continue
		}
		fmt.Fprintf(&sb, "\tx = step%d(x, %d)\n", i%7, i)
	}
	sb.WriteString("}\n")
	return engine.Candidate{ID: id, Source: engine.SourceCode, Text: sb.String(), Score: score,
		Block: index.Block{Path: "pkg/" + id + ".go", Kind: index.KindFunction, Name: id, Lang: "go",
			Signature: "func " + id + "(x int) int", StartLine: start, EndLine: start + n + 2}}
}

var omittedRE = regexp.MustCompile(`omitted \(([^():]+):(\d+)-(\d+)\)`)

// pkOmitted parses every omitted range of a note.
func pkOmitted(t *testing.T, note string) [][2]int {
	t.Helper()
	var out [][2]int
	for _, m := range omittedRE.FindAllStringSubmatch(note, -1) {
		a, _ := strconv.Atoi(m[2])
		b, _ := strconv.Atoi(m[3])
		out = append(out, [2]int{a, b})
	}
	return out
}

// pkAssertPartition: shown and omitted ranges are disjoint and together
// cover lines first..last exactly.
func pkAssertPartition(t *testing.T, shown, omitted [][2]int, first, last int) {
	t.Helper()
	seen := map[int]int{}
	for _, r := range append(slices.Clone(shown), omitted...) {
		for l := r[0]; l <= r[1]; l++ {
			seen[l]++
		}
	}
	for l := first; l <= last; l++ {
		if seen[l] != 1 {
			t.Fatalf("line %d covered %d times (shown %v, omitted %v)", l, seen[l], shown, omitted)
		}
	}
	if len(seen) != last-first+1 {
		t.Fatalf("ranges leave the block: shown %v omitted %v, block %d-%d", shown, omitted, first, last)
	}
}

func TestFocusKeepsMatchingLinesAndMarksEveryGap(t *testing.T) {
	c := pkBigFunc("Process", 10, 300, 3, map[int]string{
		100: "\td := retryBackoff(delay)", 250: "\tif delay > maxDelay {"})
	fq := newFocusQuery("retry backoff when the delay grows")
	li := newLineInfo(c, lineMasks(fq.set, trimTrailingBlank(c)), []float64{1, 1, 1, 1, 1, 1}, nil)
	body, note, shown := renderLevel(c, li, engine.LevelFocus, li.levelSpans(engine.LevelFocus, 0, -1))
	for _, want := range []string{"func Process(x int) int {", "retryBackoff(delay)", "if delay > maxDelay"} {
		if !strings.Contains(body, want) {
			t.Errorf("focus body lacks %q:\n%s", want, body)
		}
	}
	pkAssertWholeLines(t, c.Text, body)
	omitted := pkOmitted(t, note)
	if len(omitted) != 3 || strings.Count(body, "omitted (") != 3 {
		t.Fatalf("want a marker per gap (3), note %q", note)
	}
	pkAssertPartition(t, shown, omitted, c.Block.StartLine, c.Block.EndLine)
	if full := EstimateTokens(c.Text, false); EstimateTokens(body, false) > full/5 {
		t.Errorf("focus body is %d of %d tokens", EstimateTokens(body, false), full)
	}
}

func TestEveryPartialLevelKeepsAnchors(t *testing.T) {
	c := pkBigFunc("Scan", 133, 100, 1, map[int]string{174: "\tpanic(\"bufio.Scan: too many empty tokens\")"})
	c.Anchors = []int{174}
	for _, lv := range []engine.Level{engine.LevelFocus, engine.LevelHead, engine.LevelSignature, engine.LevelBookend} {
		body, note := RenderBody(c, lv, 32)
		if !strings.Contains(body, "too many empty tokens") {
			t.Errorf("%v: anchor line omitted:\n%s", lv, body)
		}
		for _, r := range pkOmitted(t, note) {
			if r[0] <= 174 && 174 <= r[1] {
				t.Errorf("%v: note omits the anchor: %s", lv, note)
			}
		}
	}
}

// TestPackFocusesABigBlock: a 400-line block whose one relevant line is in
// the middle does not fit in full; it is packed focused on that line, not
// at a level that cuts it away.
func TestPackFocusesABigBlock(t *testing.T) {
	big := pkBigFunc("Table", 1, 400, 5, map[int]string{200: "\t\"ssa\": {\"*.ssa\"}, // ssa type"})
	cands := []engine.Candidate{big, pkCode("other", 1, 10)}
	req := pkRequest(600)
	req.Query = "ignore/types: add ssa type"
	p, err := Assemble(cands, req)
	if err != nil {
		t.Fatal(err)
	}
	it, ok := pkIncluded(p)["Table"]
	if !ok || it.Level != engine.LevelFocus || !strings.Contains(it.Body, "ssa type") {
		t.Fatalf("Table: packed %v at %v:\n%s", ok, it.Level, it.Body)
	}
	if !slices.ContainsFunc(it.Shown, func(r [2]int) bool { return r[0] <= 200 && 200 <= r[1] }) {
		t.Errorf("shown %v lacks line 200", it.Shown)
	}
}

// TestPackKeepsThePanickingLine: a stack trace in the query anchors its
// line in the block that holds it, whatever level the block gets.
func TestPackKeepsThePanickingLine(t *testing.T) {
	scan := pkBigFunc("Scan", 133, 104, 5, map[int]string{174: "\t\t\tpanic(\"bufio.Scan: too many empty tokens without progressing\")"})
	scan.Block.Path = "bufio/scan.go"
	for _, budget := range []int{250, 400, 800} {
		req := pkRequest(budget)
		req.Query = "goroutine 1 [running]:\nbufio.(*Scanner).Scan(0xc0000)\n\t/usr/local/go/src/bufio/scan.go:174 +0x6a5\n"
		p, err := Assemble([]engine.Candidate{scan}, req)
		if err != nil {
			t.Fatal(err)
		}
		it, ok := pkIncluded(p)["Scan"]
		if !ok || it.Level == engine.LevelReference || !strings.Contains(it.Body, "too many empty tokens") {
			t.Fatalf("budget %d: Scan packed %v at %v:\n%s", budget, ok, it.Level, it.Body)
		}
	}
}

// TestPartialValueFollowsWhatItKeeps: the focus level that keeps a big
// block's matching lines is worth more than its bookend, and nearly full.
func TestPartialValueFollowsWhatItKeeps(t *testing.T) {
	c := pkBigFunc("Table", 1, 400, 1, map[int]string{200: "\t\"ssa\": {\"*.ssa\"}, // ssa type"})
	fq := newFocusQuery("add ssa type")
	li := newLineInfo(c, lineMasks(fq.set, trimTrailingBlank(c)), []float64{2, 2, 2}, nil)
	values := map[engine.Level]float64{}
	for _, o := range levelOptions(c, li, engine.LevelFull, -1, c.Score) {
		values[o.level] = o.value
	}
	if values[engine.LevelFocus] < 0.6 || values[engine.LevelBookend] > 0.3 || values[engine.LevelFocus] >= values[engine.LevelFull] {
		t.Errorf("values %v", values)
	}
}

// TestDiagnosticAnchorsTheCodeBlock: a diagnostic's line is kept in the
// code block of the same file that holds it, whatever its level.
func TestDiagnosticAnchorsTheCodeBlock(t *testing.T) {
	code := pkBigFunc("Charge", 10, 200, 5, map[int]string{150: "\treturn chargeOnce(x) // undefined"})
	diag := engine.Candidate{ID: "diag:1", Source: engine.SourceDiagnostics, Score: 6, Keep: true, Anchors: []int{150},
		Text:  "error: undefined: chargeOnce\n",
		Block: index.Block{Path: code.Block.Path, Kind: index.KindDiagnostic, Name: "undefined", StartLine: 150, EndLine: 150}}
	req := pkRequest(300)
	req.Query = "fix the build"
	p, err := Assemble([]engine.Candidate{diag, code}, req)
	if err != nil {
		t.Fatal(err)
	}
	it, ok := pkIncluded(p)["Charge"]
	if !ok || it.Level == engine.LevelReference || it.Level == engine.LevelFull || !strings.Contains(it.Body, "chargeOnce(x)") {
		t.Fatalf("Charge packed %v at %v:\n%s", ok, it.Level, it.Body)
	}
}
