package optimal

import (
	"unsafe"
)

// productStrategyMemory is strategyMemory on a sheet of several columns: a
// productStrategy, its widget and its cache of turns, filled.
func productStrategyMemory(sh sheetShape) int64 {
	return widgetMemory(sh) + int64(1<<productCacheLog2)*int64(8+unsafe.Sizeof(productTurn{})) + int64(unsafe.Sizeof(productStrategy{}))
}
