package solver

import (
	"unsafe"

	"yams/strategies/widget"
)

// ProductStrategyMemory is strategyMemory on a sheet of several columns: a
// productStrategy, its widget and its cache of turns, filled.
func ProductStrategyMemory(sh widget.SheetShape) int64 {
	return widget.WidgetMemory(sh) + int64(1<<productCacheLog2)*int64(8+unsafe.Sizeof(productTurn{})) + int64(unsafe.Sizeof(productStrategy{}))
}
