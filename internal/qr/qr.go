package qr

import (
	"errors"
	"fmt"
	"strings"
)

// Code is a QR code: Size × Size modules, Dark(x, y) for the module of column x, row y.
type Code struct {
	Size    int
	Version int
	Level   Level
	Mask    int
	modules [][]bool
	// function marks the modules of the patterns (finders, timing, alignment, format
	// and version information), which hold no data.
	function [][]bool
}

// Level is a level of error correction.
type Level int

const (
	// L restores about 7% of the codewords, M about 15%.
	L Level = iota
	M
)

func (l Level) String() string { return [...]string{"L", "M"}[l] }

// formatBits are the levels' bits in the format information.
var formatBits = [...]int{L: 1, M: 0}

// maxVersion is the largest version drawn: a character count of 8 bits (versions 1 to 9)
// or 16 (10), and no more than a terminal shows.
const maxVersion = 10

// eccPerBlock and blocks are the error correction codewords of each block, and the
// blocks, of each version (from 1) at each level (ISO/IEC 18004, table 9).
var (
	eccPerBlock = [...][maxVersion + 1]int{
		L: {0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18},
		M: {0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26},
	}
	blocks = [...][maxVersion + 1]int{
		L: {0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4},
		M: {0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5},
	}
)

// ErrTooLong is a text longer than the largest code holds.
var ErrTooLong = errors.New("too long for a QR code of version 10")

// Encode returns the QR code of text: the smallest version at level M, or at level L
// where M does not fit.
func Encode(text string) (*Code, error) {
	data := []byte(text)
	for _, level := range []Level{M, L} {
		for v := 1; v <= maxVersion; v++ {
			if len(data) <= capacity(v, level) {
				return encode(data, v, level), nil
			}
		}
	}
	return nil, fmt.Errorf("qr: %d bytes: %w", len(data), ErrTooLong)
}

// rawModules is the number of modules of version v that hold data and error correction
// codewords (every module but the function patterns'), remainder bits included.
func rawModules(v int) int {
	n := (16*v+128)*v + 64
	if v >= 2 {
		align := v/7 + 2
		n -= (25*align-10)*align - 55
		if v >= 7 {
			n -= 36
		}
	}
	return n
}

// dataCodewords is the number of data codewords of version v at level.
func dataCodewords(v int, level Level) int {
	return rawModules(v)/8 - eccPerBlock[level][v]*blocks[level][v]
}

// capacity is the most bytes version v holds at level in byte mode: the mode (4 bits)
// and the count (8 bits, 16 from version 10) come first.
func capacity(v int, level Level) int {
	countBits := 8
	if v >= 10 {
		countBits = 16
	}
	return (dataCodewords(v, level)*8 - 4 - countBits) / 8
}

// encode draws data at version v and level.
func encode(data []byte, v int, level Level) *Code {
	// The bit stream: byte mode, the count, the bytes, a terminator, padding.
	var bits []bool
	put := func(x, n int) {
		for i := n - 1; i >= 0; i-- {
			bits = append(bits, x>>i&1 == 1)
		}
	}
	put(0b0100, 4)
	if v >= 10 {
		put(len(data), 16)
	} else {
		put(len(data), 8)
	}
	for _, b := range data {
		put(int(b), 8)
	}
	capBits := dataCodewords(v, level) * 8
	put(0, min(4, capBits-len(bits)))
	put(0, (8-len(bits)%8)%8)
	for pad := 0xEC; len(bits) < capBits; pad ^= 0xEC ^ 0x11 {
		put(pad, 8)
	}
	codewords := make([]byte, len(bits)/8)
	for i, b := range bits {
		if b {
			codewords[i/8] |= 1 << (7 - i%8)
		}
	}

	c := &Code{Size: 4*v + 17, Version: v, Level: level}
	c.modules = grid(c.Size)
	c.function = grid(c.Size)
	c.drawPatterns()
	c.drawCodewords(interleave(codewords, v, level))
	best, bestPenalty := 0, -1
	for mask := range 8 {
		c.applyMask(mask)
		c.drawFormat(mask)
		if p := c.penalty(); bestPenalty < 0 || p < bestPenalty {
			best, bestPenalty = mask, p
		}
		c.applyMask(mask) // undone: a mask is its own inverse
	}
	c.Mask = best
	c.applyMask(best)
	c.drawFormat(best)
	return c
}

func grid(n int) [][]bool {
	g := make([][]bool, n)
	for i := range g {
		g[i] = make([]bool, n)
	}
	return g
}

// Dark reports whether the module of column x, row y is dark.
func (c *Code) Dark(x, y int) bool { return c.modules[y][x] }

// set draws a module of a function pattern.
func (c *Code) set(x, y int, dark bool) {
	c.modules[y][x] = dark
	c.function[y][x] = true
}

// drawPatterns draws the function patterns: timing, finders, alignment, the dark module,
// and the format (reserved, drawn with each mask) and version information.
func (c *Code) drawPatterns() {
	n := c.Size
	for i := range n {
		c.set(6, i, i%2 == 0)
		c.set(i, 6, i%2 == 0)
	}
	for _, p := range [][2]int{{3, 3}, {n - 4, 3}, {3, n - 4}} {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				x, y := p[0]+dx, p[1]+dy
				if x >= 0 && x < n && y >= 0 && y < n {
					d := max(abs(dx), abs(dy))
					c.set(x, y, d != 2 && d != 4)
				}
			}
		}
	}
	pos := alignment(c.Version)
	last := len(pos) - 1
	for i, y := range pos {
		for j, x := range pos {
			if i == 0 && j == 0 || i == 0 && j == last || i == last && j == 0 {
				continue // the finders' corners
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					c.set(x+dx, y+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	c.drawFormat(0)
	if c.Version >= 7 {
		rem := c.Version
		for range 12 {
			rem = rem<<1 ^ (rem>>11)*0x1F25
		}
		bits := c.Version<<12 | rem
		for i := range 18 {
			dark := bits>>i&1 == 1
			a, b := n-11+i%3, i/3
			c.set(a, b, dark)
			c.set(b, a, dark)
		}
	}
}

// alignment returns the centres of the alignment patterns of version v, on each axis.
func alignment(v int) []int {
	if v == 1 {
		return nil
	}
	count := v/7 + 2
	step := (v*8 + count*3 + 5) / (count*4 - 4) * 2
	pos := make([]int, count)
	pos[0] = 6
	for i, p := count-1, 4*v+17-7; i >= 1; i, p = i-1, p-step {
		pos[i] = p
	}
	return pos
}

// drawFormat draws the format information of the level and mask (BCH(15,5), masked by
// 0x5412), twice, and the dark module.
func (c *Code) drawFormat(mask int) {
	data := formatBits[c.Level]<<3 | mask
	rem := data
	for range 10 {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	bits := (data<<10 | rem) ^ 0x5412
	bit := func(i int) bool { return bits>>i&1 == 1 }
	n := c.Size
	for i := range 6 {
		c.set(8, i, bit(i))
	}
	c.set(8, 7, bit(6))
	c.set(8, 8, bit(7))
	c.set(7, 8, bit(8))
	for i := 9; i < 15; i++ {
		c.set(14-i, 8, bit(i))
	}
	for i := range 8 {
		c.set(n-1-i, 8, bit(i))
	}
	for i := 8; i < 15; i++ {
		c.set(8, n-15+i, bit(i))
	}
	c.set(8, n-8, true)
}

// interleave splits the data codewords into the blocks of version v at level, appends
// each block's Reed-Solomon error correction, and interleaves the blocks.
func interleave(data []byte, v int, level Level) []byte {
	nBlocks, ecc := blocks[level][v], eccPerBlock[level][v]
	raw := rawModules(v) / 8
	short := nBlocks - raw%nBlocks
	shortLen := raw / nBlocks // a short block's codewords, ecc included
	divisor := rsDivisor(ecc)
	var all [][]byte
	k := 0
	for i := range nBlocks {
		n := shortLen - ecc
		if i >= short {
			n++
		}
		block := append([]byte(nil), data[k:k+n]...)
		k += n
		block = append(block, rsRemainder(block, divisor)...)
		all = append(all, block)
	}
	return reorder(all, short, shortLen, ecc)
}

// reorder interleaves the blocks: the data codewords of every block, place by place (a
// long block's last after the others'), then the error correction codewords the same way.
func reorder(all [][]byte, short, shortLen, ecc int) []byte {
	var out []byte
	dataLen := shortLen - ecc
	for i := range dataLen + 1 {
		for j, block := range all {
			if i < dataLen || j >= short {
				out = append(out, block[i])
			}
		}
	}
	for i := range ecc {
		for j, block := range all {
			d := dataLen
			if j >= short {
				d++
			}
			out = append(out, block[d+i])
		}
	}
	return out
}

// drawCodewords places the codewords' bits in the modules that hold no pattern, in the
// zigzag of two columns from the bottom right corner, skipping the vertical timing column.
func (c *Code) drawCodewords(data []byte) {
	n := c.Size
	i := 0
	for right := n - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		for vert := range n {
			for j := range 2 {
				x := right - j
				y := vert
				if (right+1)&2 == 0 {
					y = n - 1 - vert // upwards
				}
				if !c.function[y][x] && i < len(data)*8 {
					c.modules[y][x] = data[i/8]>>(7-i%8)&1 == 1
					i++
				}
			}
		}
	}
}

// applyMask flips the data modules that mask selects.
func (c *Code) applyMask(mask int) {
	for y := range c.Size {
		for x := range c.Size {
			if c.function[y][x] {
				continue
			}
			var flip bool
			switch mask {
			case 0:
				flip = (x+y)%2 == 0
			case 1:
				flip = y%2 == 0
			case 2:
				flip = x%3 == 0
			case 3:
				flip = (x+y)%3 == 0
			case 4:
				flip = (x/3+y/2)%2 == 0
			case 5:
				flip = x*y%2+x*y%3 == 0
			case 6:
				flip = (x*y%2+x*y%3)%2 == 0
			case 7:
				flip = ((x+y)%2+x*y%3)%2 == 0
			}
			c.modules[y][x] = c.modules[y][x] != flip
		}
	}
}

// penalty scores the code as it is masked (ISO/IEC 18004, 7.8.3): runs of five or more
// modules alike, 2×2 blocks alike, patterns like a finder's, and the balance of dark and
// light. The mask of the least penalty reads best.
func (c *Code) penalty() int {
	n := c.Size
	p := 0
	line := func(get func(i int) bool) {
		run := 1
		for i := 1; i <= n; i++ {
			if i < n && get(i) == get(i-1) {
				run++
				continue
			}
			if run >= 5 {
				p += 3 + run - 5
			}
			run = 1
		}
		// 1:1:3:1:1 with four light modules on a side (outside the symbol is light).
		at := func(i int) bool { return i >= 0 && i < n && get(i) }
		for i := -4; i < n; i++ {
			core := at(i) && !at(i+1) && at(i+2) && at(i+3) && at(i+4) && !at(i+5) && at(i+6)
			if !core {
				continue
			}
			if !at(i-1) && !at(i-2) && !at(i-3) && !at(i-4) || !at(i+7) && !at(i+8) && !at(i+9) && !at(i+10) {
				p += 40
			}
		}
	}
	for y := range n {
		line(func(i int) bool { return c.modules[y][i] })
	}
	for x := range n {
		line(func(i int) bool { return c.modules[i][x] })
	}
	dark := 0
	for y := range n {
		for x := range n {
			if c.modules[y][x] {
				dark++
			}
			if x+1 < n && y+1 < n {
				m := c.modules[y][x]
				if m == c.modules[y][x+1] && m == c.modules[y+1][x] && m == c.modules[y+1][x+1] {
					p += 3
				}
			}
		}
	}
	total := n * n
	k := (abs(dark*20-total*10)+total-1)/total - 1
	return p + max(k, 0)*10
}

// rsDivisor returns the generator polynomial of degree n of Reed-Solomon over GF(256)
// (x - α⁰)(x - α¹)…(x - αⁿ⁻¹), its leading 1 left out, the highest power first.
func rsDivisor(n int) []byte {
	d := make([]byte, n)
	d[n-1] = 1
	root := byte(1)
	for range n {
		for j := range n {
			d[j] = gfMul(d[j], root)
			if j+1 < n {
				d[j] ^= d[j+1]
			}
		}
		root = gfMul(root, 2)
	}
	return d
}

// rsRemainder returns the remainder of data (times xⁿ) divided by the generator: the
// error correction codewords.
func rsRemainder(data, divisor []byte) []byte {
	r := make([]byte, len(divisor))
	for _, b := range data {
		f := b ^ r[0]
		copy(r, r[1:])
		r[len(r)-1] = 0
		for i, d := range divisor {
			r[i] ^= gfMul(d, f)
		}
	}
	return r
}

// gfMul multiplies in GF(256) modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D).
func gfMul(x, y byte) byte {
	var z int
	for i := 7; i >= 0; i-- {
		z = z<<1 ^ (z>>7)*0x11D
		z ^= int(y>>i&1) * int(x)
	}
	return byte(z)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Terminal draws the code with Unicode half blocks ("▀", "▄", "█"), two rows of modules
// to a line, a dark module drawn as ink, within a quiet zone of quiet light modules.
// With ansi, each line is set black on white (ESC[30;47m … ESC[0m), so that the code reads
// on a terminal of dark background too.
func (c *Code) Terminal(quiet int, ansi bool) string {
	var b strings.Builder
	dark := func(x, y int) bool {
		x, y = x-quiet, y-quiet
		return x >= 0 && y >= 0 && x < c.Size && y < c.Size && c.modules[y][x]
	}
	w := c.Size + 2*quiet
	for y := 0; y < w; y += 2 {
		if ansi {
			b.WriteString("\x1b[30;47m")
		}
		for x := range w {
			top, bottom := dark(x, y), y+1 < w && dark(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		if ansi {
			b.WriteString("\x1b[0m")
		}
		b.WriteString("\n")
	}
	return b.String()
}
