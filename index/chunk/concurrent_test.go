package chunk

import (
	"reflect"
	"sync"
	"testing"
)

// TestConcurrentChunking chunks every fixture from several goroutines at
// once (sharing the compiled grammars and the parser free list) and
// expects exactly the blocks of a serial run. Run it with -race.
func TestConcurrentChunking(t *testing.T) {
	files := fixtureFiles(t)
	want := make([][]Block, len(files))
	srcs := make([][]byte, len(files))
	for i, rel := range files {
		srcs[i] = readFixture(t, rel)
		want[i] = File(rel, srcs[i])
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(files))
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, rel := range files {
				if got := File(rel, srcs[i]); !reflect.DeepEqual(got, want[i]) {
					errs <- rel
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for rel := range errs {
		t.Errorf("%s: concurrent blocks differ from serial ones", rel)
	}
}
