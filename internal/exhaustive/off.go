//go:build !exhaustive

package exhaustive

// On is true in the exhaustive run (go test -tags exhaustive).
const On = false
