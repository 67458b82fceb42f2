package engine

// # Central files
//
// A question about how something works ("how middleware is applied
// through the pipeline", "how type adapter factories are registered")
// is answered by the file the rest of the repository is built around:
// Pipeline.php, Gson.java. Its blocks share the question's words with a
// dozen smaller files (a Middleware attribute, the TypeAdapterFactory
// interface) whose short blocks BM25 favours. What sets the central file
// apart is how many files import it. For the files of the best
// centralFiles candidates, the code provider counts the files that import
// each (Importing: index.Index.Importers), and every candidate of a file
// imported by at least minImporters files scores
// weightCentral × ln(1+n)/ln(1+max n), n its count, max n the most among
// those files.

import (
	"context"
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/index"
)

// Importing is what the central signal needs from the index: the header
// blocks of the files that import a file. index.Index implements it; a
// Searcher that does not (a test fake) gets no central signal.
type Importing interface {
	Importers(ctx context.Context, path string) ([]index.Block, error)
}

const (
	weightCentral = 0.3
	centralFiles  = 8 // best files whose importers are counted
	minImporters  = 2
	signalCentral = "central"
)

// centralFor returns the index's importers when the central signal
// applies to q in p's source: the code source of an index that answers
// Importers, for a query that is not only names. Such a query asks for
// their definitions, not for the file most imported: Laravel's Container
// contract is imported by more files than the Container class.
func (p *indexProvider) centralFor(q Query) (Importing, bool) {
	imp, ok := p.s.(Importing)
	if !ok || p.src != SourceCode || p.opts.disabled(signalCentral) || onlyNames(q) {
		return nil, false
	}
	return imp, true
}

// central adds the central signal to c (sorted best first, raw scores
// after coverage) where it applies, and sorts c again.
func (p *indexProvider) central(ctx context.Context, q Query, c []Candidate) {
	if imp, ok := p.centralFor(q); ok {
		addCentral(ctx, imp, c)
		sortCandidates(c)
	}
}

// importedBy says who imports p: a Go file's importers import its
// package, the directory.
func importedBy(n int, p string) string {
	if strings.HasSuffix(p, ".go") {
		return fmt.Sprintf("%d files import its package %s", n, path.Dir(p))
	}
	return fmt.Sprintf("%d files import %s", n, p)
}

// onlyNames reports whether every word of q is one of its identifiers:
// "Container", "sort.Slice", "parse_duration()".
func onlyNames(q Query) bool {
	words := strings.Fields(q.Raw)
	for _, w := range words {
		if !slices.Contains(q.Identifiers, strings.Trim(w, "`()'\",;:")) {
			return false
		}
	}
	return len(words) > 0
}

// addCentral adds the signal to the candidates of the files that many
// others import, among the files of c's best candidates.
func addCentral(ctx context.Context, imp Importing, c []Candidate) {
	counts := map[string]int{} // importing files, per file asked about
	for i := range c {
		f := c[i].Block.Path
		if _, seen := counts[f]; seen || f == "" {
			continue
		}
		if len(counts) == centralFiles || ctx.Err() != nil {
			break
		}
		counts[f] = 0
		blocks, err := imp.Importers(ctx, f)
		if err != nil {
			continue
		}
		from := map[string]bool{}
		for _, b := range blocks {
			if b.Path != f {
				from[b.Path] = true
			}
		}
		counts[f] = len(from)
	}
	most := 0
	for _, n := range counts {
		most = max(most, n)
	}
	if most < minImporters {
		return
	}
	for i := range c {
		n := counts[c[i].Block.Path]
		if n < minImporters {
			continue
		}
		v := weightCentral * math.Log1p(float64(n)) / math.Log1p(float64(most))
		c[i].Score += v
		c[i].Signals = append(c[i].Signals, Signal{Name: signalCentral, Value: v, Detail: importedBy(n, c[i].Block.Path)})
	}
}
