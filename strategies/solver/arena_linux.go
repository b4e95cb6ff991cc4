package solver

import (
	"syscall"
	"unsafe"
)

// allocEntries16 reserves n entries outside the Go heap and asks the kernel for huge
// pages: decisions are read at random over a few hundred megabytes, and with 4 KB pages
// nearly every read would also miss the TLB. release gives the memory back. Memory the
// kernel cannot map comes from the Go heap instead.
func allocEntries16(n int) (e []uint16, release func()) {
	b, err := syscall.Mmap(-1, 0, 2*n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil || n == 0 {
		return make([]uint16, n), func() {}
	}
	const madvHugepage = 14
	syscall.Madvise(b, madvHugepage)
	return unsafe.Slice((*uint16)(unsafe.Pointer(&b[0])), n), func() { syscall.Munmap(b) }
}
