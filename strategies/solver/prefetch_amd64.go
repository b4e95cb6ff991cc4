package solver

import "unsafe"

// prefetchLines asks the processor to start loading the n > 0 cache lines from p on,
// without waiting for them: Go has no prefetch of its own.
//
//go:noescape
func prefetchLines(p unsafe.Pointer, n int)
