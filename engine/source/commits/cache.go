package commits

import "sync"

// maxCached bounds the cache; past it the cache starts over (the commits
// asked about are few and repeat across the queries of one session).
const maxCached = 512

// cache keeps what git showed of a commit's files: it never changes for a
// sha and a set of files.
type cache struct {
	mu    sync.Mutex
	shown map[string]shown
}

func newCache() *cache { return &cache{shown: map[string]shown{}} }

func (c *cache) get(key string) (shown, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sh, ok := c.shown[key]
	return sh, ok
}

func (c *cache) put(key string, sh shown) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.shown) >= maxCached {
		clear(c.shown)
	}
	c.shown[key] = sh
}
