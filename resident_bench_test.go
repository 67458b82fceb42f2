package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index/cputime"
)

// residentQuestions are new questions for a warm resident process, none
// a prefix or a repeat of another, from docs/bench/resident-questions.txt
// (docs/bench/resident.py asks the first 20 of them over MCP).
func residentQuestions(b *testing.B) []string {
	data, err := os.ReadFile(filepath.Join("docs", "bench", "resident-questions.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// BenchmarkResidentQuery is a resident process (the MCP server, `loupe
// serve`) answering a new question on a warm index: retrieval from every
// default source, packing at the default budget, the tool's structured
// result encoded. It reports cpu-ms/op, the process's CPU (every thread:
// the searches run in parallel, and the garbage collector) per answer,
// which issue 12 bounds at 50 ms on the Go tree. Each iteration asks the
// next question of residentQuestions, so run it at -benchtime 40x (or a
// multiple) for every question once. Skipped unless LOUPE_BENCH_SRC names
// a tree and LOUPE_BENCH_INDEX its built index:
//
//	LOUPE_BENCH_SRC=$(go env GOROOT)/src LOUPE_BENCH_INDEX=/tmp/ix \
//	  go test -run '^$' -bench ResidentQuery -benchtime 40x -count 5 .
func BenchmarkResidentQuery(b *testing.B) {
	src, ix := os.Getenv("LOUPE_BENCH_SRC"), os.Getenv("LOUPE_BENCH_INDEX")
	if src == "" || ix == "" {
		b.Skip("LOUPE_BENCH_SRC and LOUPE_BENCH_INDEX name a tree and its built index")
	}
	cfg := DefaultConfig()
	a, err := openApp(src, ix, cfg, true)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	ctx := context.Background()
	if err := a.refresh(ctx, nil); err != nil {
		b.Fatal(err)
	}
	answer := func(q string) {
		res, err := a.pack(ctx, q, cfg, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(mcpResult(res)); err != nil {
			b.Fatal(err)
		}
	}
	questions := residentQuestions(b)
	for i := range 3 {
		answer("warm up query number " + string(rune('a'+i)) + " about buffers")
	}
	start := cputime.Self()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		answer(questions[i%len(questions)])
	}
	b.StopTimer()
	cputime.Report(b, start)
}
