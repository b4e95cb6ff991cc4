//go:build !linux

package solver

func allocEntries16(n int) (e []uint16, release func()) { return make([]uint16, n), func() {} }
