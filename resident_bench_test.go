package main

import (
	"context"
	"encoding/json"
	"os"
	"syscall"
	"testing"
	"time"
)

// residentQueries are new questions for a warm resident process, none a
// prefix or a repeat of another (docs/bench/resident.py asks the first 20
// of them over MCP).
var residentQueries = []string{
	"fix json.Unmarshal panics on nil map", "http server graceful shutdown timeout",
	"gzip reader checksum error", "tls handshake client certificate verify",
	"goroutine scheduler preemption signal", "sort stable slice of structs",
	"parse duration string with units", "template execute html escaping",
	"regexp compile cache literal prefix", "os exec command context cancel kill",
	"bufio scanner token too long", "strconv parse float rounding",
	"map iteration order random", "time ticker stop leak", "sql rows close error",
	"url query escape plus sign", "crypto rand read entropy", "zip archive extract file names",
	"reflect deep equal cycles", "context with deadline propagation",
	"http client redirect policy cookies", "tar header long file names",
	"utf8 decode rune invalid byte", "big int modular exponentiation",
	"png decoder interlaced images", "net dial timeout happy eyeballs",
	"os file rename across devices", "json encoder html escape", "runtime stack growth copy",
	"crypto aes gcm seal open", "fmt printf verb width precision", "errors wrap unwrap is as",
	"slices sort func stable", "io copy buffer reader from", "bytes buffer grow reset",
	"strings builder write string", "time parse layout reference", "math float64 bits nan",
	"path filepath walk dir symlink", "sync mutex starvation mode",
}

// BenchmarkResidentQuery is a resident process (the MCP server, `loupe
// serve`) answering a new question on a warm index: retrieval from every
// default source, packing at the default budget, the tool's structured
// result encoded. It reports cpu-ms/op, the process's CPU (every thread:
// the searches run in parallel, and the garbage collector) per answer,
// which issue 12 bounds at 50 ms on the Go tree. Each iteration asks the
// next question of residentQueries, so run it at -benchtime 40x (or a
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
	for i := range 3 {
		answer("warm up query number " + string(rune('a'+i)) + " about buffers")
	}
	start := processCPU()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		answer(residentQueries[i%len(residentQueries)])
	}
	b.StopTimer()
	b.ReportMetric(float64(processCPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// processCPU is the process's user and system time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
