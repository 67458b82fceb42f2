package commits

import "sync"

// maxCached bounds each cache; past it the cache starts over (commits
// asked about are few and repeat across the queries of one session).
const maxCached = 512

// cache keeps what git said about commits: it never changes for a sha.
type cache struct {
	mu      sync.Mutex
	statsBy map[string][]fileStat
	diffsBy map[string]string
}

func newCache() *cache {
	return &cache{statsBy: map[string][]fileStat{}, diffsBy: map[string]string{}}
}

func (c *cache) stats(sha string) ([]fileStat, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st, ok := c.statsBy[sha]
	return st, ok
}

func (c *cache) putStats(sha string, st []fileStat) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.statsBy) >= maxCached {
		clear(c.statsBy)
	}
	c.statsBy[sha] = st
}

func (c *cache) diff(key string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.diffsBy[key]
	return d, ok
}

func (c *cache) putDiff(key, d string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.diffsBy) >= maxCached {
		clear(c.diffsBy)
	}
	c.diffsBy[key] = d
}
