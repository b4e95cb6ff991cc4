package tableplay

import (
	"runtime"
	"testing"

	"yams/internal/exacttest"
	"yams/strategies/widget"
)

// The estimate of win's turn is that of the turn allocated, and the distributions that a
// run of win shares count its own, once its tables are loaded.
func TestWinMemoryEstimates(t *testing.T) {
	for _, r := range exacttest.MemoryShapes(t) {
		if len(r.Columns()) > 1 {
			continue
		}
		sh, err := widget.SheetShapeOf(r)
		if err != nil {
			t.Fatal(err)
		}
		var wt *winTurn
		if got := exacttest.Allocated(func() { wt = newWinTurn(sh.Space, nil, nil) }); !exacttest.Within(winTurnMemory(sh.Space), got) {
			t.Errorf("%s: win's turn takes %d bytes, estimated at %d", r.Name(), got, winTurnMemory(sh.Space))
		}
		runtime.KeepAlive(wt)
	}
	r := exacttest.TinyRules(t)
	sh, err := WinSharedFor(r)
	if err != nil {
		t.Fatal(err)
	}
	if shared := WinSharedMemory(r); shared < sh.own.Bytes() {
		t.Errorf("win: %d bytes shared, below its own distributions (%d)", shared, sh.own.Bytes())
	}
}
