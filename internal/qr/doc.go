// Package qr draws a QR code (ISO/IEC 18004) of a short text, such as the address of
// yams serve with its key, for a phone to scan off the terminal: byte mode, error
// correction level M (15% of the symbol may be lost; L where M does not fit), versions 1
// to 10 (up to 213 bytes at M, 271 at L), the mask of the least penalty. Terminal draws it
// with Unicode half blocks, two rows of modules to a line.
package qr
