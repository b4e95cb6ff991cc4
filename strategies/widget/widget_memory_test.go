package widget

import (
	"runtime"
	"testing"

	"yams/internal/exacttest"
)

// The estimate of a widget's memory is that of the widget allocated.
func TestWidgetMemoryEstimate(t *testing.T) {
	for _, r := range exacttest.MemoryShapes(t) {
		sh, err := SheetShapeOf(r)
		if err != nil {
			t.Fatal(err)
		}
		var w *Widget
		got := exacttest.Allocated(func() { w = newWidgetFor(sh.Space, nil, sh.SameStop, sh.Columns) })
		if !exacttest.Within(WidgetMemory(sh), got) {
			t.Errorf("%s: a widget takes %d bytes, estimated at %d", r.Name(), got, WidgetMemory(sh))
		}
		runtime.KeepAlive(w)
	}
}
