package packing_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/render"
)

// TestPackCacheAcrossCuration reuses one cache through a session of
// curation changes (budget, pins, drops, levels), as the explorer does, and
// checks every result against a pack without a cache: the memoized dedup
// must never change what is packed.
func TestPackCacheAcrossCuration(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	counters := pkCounters(t)
	f, err := render.New("md")
	if err != nil {
		t.Fatal(err)
	}
	for round := range 20 {
		cands, base := pkRandCase(r, counters)
		base.Formatter = f
		cache := packing.NewPackCache()
		for step := range 12 {
			req := base
			req.Budget = 200 + r.IntN(6000)
			req.Pins, req.Drops, req.Levels = map[string]bool{}, map[string]bool{}, map[string]engine.Level{}
			for _, c := range cands {
				switch r.IntN(8) {
				case 0:
					req.Pins[c.ID] = true
				case 1:
					req.Drops[c.ID] = true
				case 2:
					req.Levels[c.ID] = engine.Level(r.IntN(5))
				}
			}
			want, werr := packing.Assemble(cands, req)
			req.Cache = cache
			got, gerr := packing.Assemble(cands, req)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("round %d step %d: error %v with cache, %v without", round, step, gerr, werr)
			}
			if werr == nil && (f.Render(got) != f.Render(want) || !reflect.DeepEqual(got.Merges, want.Merges)) {
				t.Fatalf("round %d step %d: the cache changed the pack", round, step)
			}
		}
	}
}
