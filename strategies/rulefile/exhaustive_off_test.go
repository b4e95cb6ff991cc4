//go:build !exhaustive

package rulefile_test

const exhaustiveTag = false
