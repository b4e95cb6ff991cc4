package optimal

import (
	"runtime"
	"testing"

	"yams/internal/exacttest"
)

// The estimate of a widget's memory is that of the widget allocated.
func TestWidgetMemoryEstimate(t *testing.T) {
	for _, r := range exacttest.MemoryShapes(t) {
		sh, err := sheetShapeOf(r)
		if err != nil {
			t.Fatal(err)
		}
		var w *widget
		got := exacttest.Allocated(func() { w = newWidgetFor(sh.sp, nil, sh.sameStop, sh.columns) })
		if !exacttest.Within(widgetMemory(sh), got) {
			t.Errorf("%s: a widget takes %d bytes, estimated at %d", r.Name(), got, widgetMemory(sh))
		}
		runtime.KeepAlive(w)
	}
}
