package strategies

import (
	"sync"
	"weak"
)

// tableCache holds one value per rule set (and heuristic), built once and shared
// read-only by every strategy that plays those rules. It holds the values weakly: a
// table lives while a strategy uses it, so a process that plays many rule sets one
// after the other does not keep every table.
type tableCache[T any] struct {
	mu      sync.Mutex
	entries map[string]*cacheEntry[T]
}

type cacheEntry[T any] struct {
	mu sync.Mutex
	p  weak.Pointer[T]
}

func (c *tableCache[T]) get(key string, build func() *T) *T {
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]*cacheEntry[T]{}
	}
	e := c.entries[key]
	if e == nil {
		e = &cacheEntry[T]{}
		c.entries[key] = e
	}
	c.mu.Unlock()
	// One builder per key; the others wait for it rather than build the same table.
	e.mu.Lock()
	defer e.mu.Unlock()
	if v := e.p.Value(); v != nil {
		return v
	}
	v := build()
	e.p = weak.Make(v)
	return v
}
