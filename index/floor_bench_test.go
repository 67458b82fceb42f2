package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	bindex "github.com/blevesearch/bleve_index_api"

	"github.com/loupe-dev/loupe/index/cputime"
	"github.com/loupe-dev/loupe/index/inroot"
)

// BenchmarkColdBuildFloor splits the CPU of a cold build into what loupe
// does per file and what bleve costs, to say how close a cold build can
// come to zoekt-index with universal-ctags (issue 12: CPU ≤ 1.0× theirs):
//
//	prepare            what a build's workers (startWorkers) do per file
//	                   before bleve: read, chunk (go/parser, tree-sitter),
//	                   secret scan, the stored record, the vocabulary
//	                   units, the documents
//	bleve-blocks-min   the least bleve index of the same blocks: one
//	                   field, bleve's standard analyzer, nothing stored
//	bleve-files-min    the least bleve index of the same files, whole:
//	                   one document a file (the granularity zoekt has)
//
// Each reports cpu-ms/op (the process's CPU, bleve's background merges
// included). prepare keeps every file's result for the bleve parts, where
// a build streams them, so its collector does somewhat more. Run one at a
// time, beside `docs/bench/builds.sh` for zoekt, on $(go env GOROOT)/src
// or the tree LOUPE_BENCH_SRC names (read, not copied):
//
//	LOUPE_BENCH_SRC=$T go test ./index -run '^$' -bench ColdBuildFloor -benchtime 1x
//
// docs/BENCHMARKS.md ("thirty-second session") has the figures.
func BenchmarkColdBuildFloor(b *testing.B) {
	root := os.Getenv("LOUPE_BENCH_SRC")
	if root == "" {
		root = gorootSrc(b)
	}
	root, err := resolveRoot(root)
	if err != nil {
		b.Skip(err)
	}
	ix, err := Open(root, benchOpts(b, b.TempDir()))
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	walked, err := walkTree(context.Background(), root, "", ix.opts)
	if err != nil {
		b.Fatal(err)
	}
	var results []fileResult
	prepare := func() { // the build's own workers, every file new
		results = results[:0]
		for r := range ix.startWorkers(context.Background(), walked.Files, make([]*fileEntry, len(walked.Files))) {
			results = append(results, r)
		}
	}
	b.Run("prepare", func(b *testing.B) {
		for range b.N {
			start := cputime.Self()
			prepare()
			cputime.Report(b, start)
		}
	})
	if results == nil { // the bleve parts run alone: their input, untimed
		prepare()
	}
	b.Run("bleve-blocks-min", func(b *testing.B) {
		minimalIndex(b, func(add func(id string, text []byte)) {
			for _, r := range results {
				for i, d := range r.docs {
					add(r.blocks[i].ID, fieldValue(d, fContent))
				}
			}
		})
	})
	b.Run("bleve-files-min", func(b *testing.B) {
		minimalIndex(b, func(add func(id string, text []byte)) {
			for _, r := range results {
				if r.skip != "" {
					continue
				}
				if data, err := inroot.ReadFile(root, filepath.FromSlash(r.f.Rel)); err == nil {
					add(r.f.Rel, data)
				}
			}
		})
	})
}

// minimalIndex times b.N bleve builds, each in a temporary directory, of
// what each calls add with: one analysed field, nothing stored, loupe's
// batch size, scorch's defaults otherwise.
func minimalIndex(b *testing.B, each func(add func(id string, text []byte))) {
	m := mapping.NewIndexMapping()
	m.StoreDynamic, m.IndexDynamic, m.DocValuesDynamic = false, false, false
	an := m.AnalyzerNamed("standard")
	for range b.N {
		start := cputime.Self()
		bi, err := bleve.New(filepath.Join(b.TempDir(), "ix"), m)
		if err != nil {
			b.Fatal(err)
		}
		batch := bi.NewBatch()
		flush := func() {
			if err := bi.Batch(batch); err != nil {
				b.Fatal(err)
			}
			batch.Reset()
		}
		each(func(id string, text []byte) {
			d := document.NewDocument(id)
			d.AddField(document.NewTextFieldCustom(fContent, nil, text, bindex.IndexField, an))
			if err := batch.IndexAdvanced(d); err != nil {
				b.Fatal(err)
			}
			if batch.Size() >= batchSize {
				flush()
			}
		})
		flush()
		if err := bi.Close(); err != nil {
			b.Fatal(err)
		}
		cputime.Report(b, start)
	}
}
