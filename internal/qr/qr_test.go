package qr

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The arithmetic of Reed-Solomon against the published example (thonky.com's QR code
// tutorial, "HELLO WORLD" at 1-M): its 16 data codewords give these 10 error correction
// codewords.
func TestReedSolomon(t *testing.T) {
	data := []byte{32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17}
	want := []byte{196, 35, 39, 119, 235, 215, 231, 226, 93, 23}
	if got := rsRemainder(data, rsDivisor(10)); !bytes.Equal(got, want) {
		t.Errorf("the error correction of HELLO WORLD 1-M: %v, want %v", got, want)
	}
	// The generator of degree 7, as exponents of α (ISO/IEC 18004, annex A):
	// x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹, α computed here by
	// shifts alone.
	var exp [256]byte
	e := 1
	for i := range exp {
		exp[i] = byte(e)
		if e <<= 1; e&0x100 != 0 {
			e ^= 0x11D
		}
	}
	for i, k := range []int{87, 229, 146, 149, 238, 102, 21} {
		if d := rsDivisor(7); d[i] != exp[k] {
			t.Errorf("the generator of degree 7, term %d: %d, want α^%d = %d", i, d[i], k, exp[k])
		}
	}
}

// The format and version information against the tables of ISO/IEC 18004 (annexes C, D).
func TestFormatAndVersionBits(t *testing.T) {
	for _, c := range []struct {
		level Level
		mask  int
		want  string
	}{{M, 0, "101010000010010"}, {M, 5, "100000011001110"}, {L, 0, "111011111000100"}, {L, 7, "110100101110110"}} {
		code := &Code{Size: 21, Version: 1, Level: c.level, modules: grid(21), function: grid(21)}
		code.drawFormat(c.mask)
		// The first copy, bit 14 first: row 8 from the left, then column 8 upwards.
		var got strings.Builder
		for _, p := range [][2]int{{0, 8}, {1, 8}, {2, 8}, {3, 8}, {4, 8}, {5, 8}, {7, 8}, {8, 8}, {8, 7}, {8, 5}, {8, 4}, {8, 3}, {8, 2}, {8, 1}, {8, 0}} {
			if code.Dark(p[0], p[1]) {
				got.WriteByte('1')
			} else {
				got.WriteByte('0')
			}
		}
		if got.String() != c.want {
			t.Errorf("format %s mask %d: %s, want %s", c.level, c.mask, got.String(), c.want)
		}
	}
	code := encode([]byte(strings.Repeat("x", 100)), 7, M)
	var got strings.Builder
	for i := 17; i >= 0; i-- { // bit 17 first, at (i/3, size-11+i%3)
		if code.Dark(i/3, code.Size-11+i%3) {
			got.WriteByte('1')
		} else {
			got.WriteByte('0')
		}
	}
	if got.String() != "000111110010010100" {
		t.Errorf("version 7's information: %s", got.String())
	}
}

// The capacities in bytes against the table of ISO/IEC 18004 (table 7).
func TestCapacity(t *testing.T) {
	want := map[Level][]int{L: {17, 32, 53, 78, 106, 134, 154, 192, 230, 271}, M: {14, 26, 42, 62, 84, 106, 122, 152, 180, 213}}
	for level, caps := range want {
		for i, n := range caps {
			if got := capacity(i+1, level); got != n {
				t.Errorf("version %d-%s holds %d bytes, want %d", i+1, level, got, n)
			}
		}
	}
}

// texts are codes of every version, at both levels.
var texts = []string{
	"yams",
	"http://192.168.1.23:8080/?key=Qm9uam91ciDDoCB0b3Vz", // 4-M
	"http://[2001:db8:1234:5678:9abc:def0:1234:5678]:8080/?key=Qm9uam91ciDDoCB0b3Vz",
	strings.Repeat("Yam's! ", 17),    // 119 bytes: 7-M
	strings.Repeat("0123456789", 20), // 200 bytes: 10-M
	strings.Repeat("é", 120),         // 240 bytes: 10-L
}

// Each code reads back: its format information is whole, each block's codewords are a
// Reed-Solomon codeword (every syndrome 0), and the bit stream gives the text again.
func TestReadBack(t *testing.T) {
	versions := map[int]bool{}
	for _, text := range texts {
		c, err := Encode(text)
		if err != nil {
			t.Fatal(err)
		}
		versions[c.Version] = true
		if got := readBack(t, c); got != text {
			t.Errorf("%q read back as %q", text, got)
		}
	}
	if _, err := Encode(strings.Repeat("x", 272)); err == nil {
		t.Error("272 bytes encoded")
	}
	for _, v := range []int{1, 4, 7, 10} {
		if !versions[v] {
			t.Errorf("no text of version %d", v)
		}
	}
}

// readBack reads code c as a reader would, with the layout of the encoder.
func readBack(t *testing.T, c *Code) string {
	t.Helper()
	copyOf := func() *Code {
		d := &Code{Size: c.Size, Version: c.Version, Level: c.Level, modules: grid(c.Size), function: grid(c.Size)}
		return d
	}
	// The format: drawn afresh from the level and mask read, it must match both copies.
	f := copyOf()
	f.drawFormat(c.Mask)
	for y := range c.Size {
		for x := range c.Size {
			if f.function[y][x] && f.modules[y][x] != c.modules[y][x] {
				t.Fatalf("the format information at (%d, %d)", x, y)
			}
		}
	}
	// The data: unmasked, read in the zigzag.
	u := copyOf()
	u.drawPatterns()
	for y := range c.Size {
		for x := range c.Size {
			if !u.function[y][x] {
				u.modules[y][x] = c.modules[y][x]
			}
		}
	}
	u.applyMask(c.Mask)
	var bits []bool
	n := c.Size
	for right := n - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		for vert := range n {
			for j := range 2 {
				x, y := right-j, vert
				if (right+1)&2 == 0 {
					y = n - 1 - vert
				}
				if !u.function[y][x] {
					bits = append(bits, u.modules[y][x])
				}
			}
		}
	}
	raw := rawModules(c.Version) / 8
	if len(bits) != rawModules(c.Version) {
		t.Fatalf("%d data modules, want %d", len(bits), rawModules(c.Version))
	}
	words := make([]byte, raw)
	for i := range raw * 8 {
		if bits[i] {
			words[i/8] |= 1 << (7 - i%8)
		}
	}
	// The blocks, de-interleaved; each a codeword: its syndromes, the block read as a
	// polynomial at α⁰ … αⁿ⁻¹, are 0.
	nb, ecc := blocks[c.Level][c.Version], eccPerBlock[c.Level][c.Version]
	short := nb - raw%nb
	dataLen := raw/nb - ecc
	data := make([][]byte, nb)
	k := 0
	for i := range dataLen + 1 {
		for j := range nb {
			if i < dataLen || j >= short {
				data[j] = append(data[j], words[k])
				k++
			}
		}
	}
	var stream []byte
	for j := range nb {
		block := append([]byte(nil), data[j]...)
		for i := range ecc {
			block = append(block, words[k+i*nb+j])
		}
		for s := range ecc {
			var x, a byte = 0, 1
			for range s {
				a = gfMul(a, 2)
			}
			for _, w := range block {
				x = gfMul(x, a) ^ w
			}
			if x != 0 {
				t.Fatalf("block %d: syndrome %d is %d", j, s, x)
			}
		}
		stream = append(stream, data[j]...)
	}
	// The bit stream: byte mode, the count, the bytes.
	get := func(pos, n int) int {
		v := 0
		for i := pos; i < pos+n; i++ {
			v = v<<1 | int(stream[i/8]>>(7-i%8)&1)
		}
		return v
	}
	if mode := get(0, 4); mode != 0b0100 {
		t.Fatalf("mode %04b", mode)
	}
	countBits := 8
	if c.Version >= 10 {
		countBits = 16
	}
	count := get(4, countBits)
	out := make([]byte, count)
	for i := range out {
		out[i] = byte(get(4+countBits+8*i, 8))
	}
	return string(out)
}

// zbarimg, a reader of QR codes written apart from this one, reads each code drawn as a
// picture, where it is installed (Debian's zbar-tools).
func TestZbarReads(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg is not installed (apt-get install zbar-tools): the codes were not read by another reader")
	}
	dir := t.TempDir()
	for i, text := range texts {
		c, err := Encode(text)
		if err != nil {
			t.Fatal(err)
		}
		const scale, quiet = 6, 4
		w := (c.Size + 2*quiet) * scale
		img := image.NewGray(image.Rect(0, 0, w, w))
		for y := range w {
			for x := range w {
				mx, my := x/scale-quiet, y/scale-quiet
				v := color.Gray{255}
				if mx >= 0 && my >= 0 && mx < c.Size && my < c.Size && c.Dark(mx, my) {
					v = color.Gray{0}
				}
				img.SetGray(x, y, v)
			}
		}
		file := filepath.Join(dir, "code.png")
		var b bytes.Buffer
		png.Encode(&b, img)
		os.WriteFile(file, b.Bytes(), 0o644)
		out, err := exec.Command(zbar, "--raw", "-q", "-Sbinary", file).Output()
		if err != nil {
			t.Errorf("text %d (version %d-%s): zbarimg: %v", i, c.Version, c.Level, err)
			continue
		}
		if got := strings.TrimSuffix(string(out), "\n"); got != text {
			t.Errorf("text %d (version %d-%s) read as %q", i, c.Version, c.Level, got)
		}
	}
}

// The terminal's drawing: two rows of modules to a line, within the quiet zone.
func TestTerminal(t *testing.T) {
	c, err := Encode("yams")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(c.Terminal(2, false), "\n"), "\n")
	if len(lines) != (c.Size+4+1)/2 {
		t.Fatalf("%d lines for %d modules", len(lines), c.Size)
	}
	for y, line := range lines {
		r := []rune(line)
		if len(r) != c.Size+4 {
			t.Fatalf("line %d: %d columns", y, len(r))
		}
		for x, ch := range r {
			top := x >= 2 && x < c.Size+2 && 2*y >= 2 && 2*y < c.Size+2 && c.Dark(x-2, 2*y-2)
			bottom := x >= 2 && x < c.Size+2 && 2*y+1 >= 2 && 2*y+1 < c.Size+2 && c.Dark(x-2, 2*y-1)
			want := map[[2]bool]rune{{true, true}: '█', {true, false}: '▀', {false, true}: '▄', {false, false}: ' '}[[2]bool{top, bottom}]
			if ch != want {
				t.Fatalf("line %d, column %d: %q, want %q", y, x, ch, want)
			}
		}
	}
	if s := c.Terminal(2, true); !strings.HasPrefix(s, "\x1b[30;47m") {
		t.Error("no colours on a terminal")
	}
}
