//go:build !amd64

package optimal

import "unsafe"

func prefetchLines(p unsafe.Pointer, n int) {}
