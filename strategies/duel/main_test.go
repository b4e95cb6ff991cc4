package duel

import (
	"os"
	"testing"

	"yams/internal/exacttest"
)

func TestMain(m *testing.M) { os.Exit(exacttest.Main(m)) }
