// Package reporttest holds what the tests of the reports share: small runs and table
// games of two strategies of the tests' own on a small sheet (testdata/tiny.json), the
// check of a figure against its golden SVG, of every figure against its page and its
// CSV, of a French report's words, and of a page in headless Chromium.
package reporttest
