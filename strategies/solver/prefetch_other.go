//go:build !amd64

package solver

import "unsafe"

func prefetchLines(p unsafe.Pointer, n int) {}
