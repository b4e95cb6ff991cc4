//go:build !unix

package serve

// openNoWait: no FIFO to wait on here.
const openNoWait = 0
