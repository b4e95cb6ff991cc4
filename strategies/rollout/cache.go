package rollout

import (
	"container/list"
	"sync"

	"yams/engine"
)

// Cache keeps the games measured at positions, option by option, so that no game is
// played twice: a position met again (the same advice asked twice, a decision judged
// and then graded, the same position in two games) reads its games back, and a longer
// measurement plays only the games it adds. It holds at most Limit bytes of scores, the
// options least recently used forgotten first. Safe for concurrent use; a measurement
// under way holds its option, and another that wants it waits for it rather than plays
// it again.
type Cache struct {
	mu    sync.Mutex
	limit int64
	bytes int64
	items map[cacheKey]*cacheItem
	lru   list.List // *cacheItem, the most recent at the front
}

type cacheKey struct {
	who   string
	sheet engine.Sheet
	roll  engine.Roll
	used  int
	opt   Option
}

type cacheItem struct {
	key           cacheKey
	mu            sync.Mutex // held while the item's games are played
	scores, plain []float64
	elem          *list.Element
}

// NewCache returns a cache of at most limit bytes of scores.
func NewCache(limit int64) *Cache {
	return &Cache{limit: limit, items: map[cacheKey]*cacheItem{}}
}

// itemBytes is what a game of an option takes in the cache: its two scores.
const itemBytes = 16

// item returns the item of key, made if new, as the most recently used.
func (c *Cache) item(k cacheKey) *cacheItem {
	c.mu.Lock()
	defer c.mu.Unlock()
	it := c.items[k]
	if it == nil {
		it = &cacheItem{key: k}
		it.elem = c.lru.PushFront(it)
		c.items[k] = it
		return it
	}
	c.lru.MoveToFront(it.elem)
	return it
}

// grew counts games more of item it, forgetting the least recently used items beyond
// the limit (not one being played, nor it).
func (c *Cache) grew(it *cacheItem, games int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items[it.key] != it {
		return // forgotten while it was played: held by its players alone
	}
	c.bytes += int64(games) * itemBytes
	for e := c.lru.Back(); e != nil && c.bytes > c.limit; {
		prev := e.Prev()
		old := e.Value.(*cacheItem)
		if old != it && old.mu.TryLock() {
			c.bytes -= int64(len(old.scores)) * itemBytes
			delete(c.items, old.key)
			c.lru.Remove(e)
			old.mu.Unlock()
		}
		e = prev
	}
}

// Bytes returns the bytes of scores the cache holds.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}
