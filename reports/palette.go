package reports

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/palette"
)

// RampPalette returns a ramp of colours in steps, interpolated between its colours.
func RampPalette(ramp []uint32, steps int) palette.Palette {
	cols := make([]color.Color, steps)
	for i := range cols {
		x := float64(i) / float64(steps-1) * float64(len(ramp)-1)
		k := min(int(x), len(ramp)-2)
		f := x - float64(k)
		a, b := ramp[k], ramp[k+1]
		mix := func(shift uint) uint8 {
			ca, cb := float64(a>>shift&0xff), float64(b>>shift&0xff)
			return uint8(math.Round(ca + f*(cb-ca)))
		}
		cols[i] = color.RGBA{mix(16), mix(8), mix(0), 0xff}
	}
	return plotPalette(cols)
}

// RoundUp returns a round value at or above x > 0: 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a
// power of ten, the top of a colour scale.
func RoundUp(x float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 1.5, 2, 2.5, 3, 4, 5, 6, 8} {
		if m*mag >= x*(1-1e-12) {
			return m * mag
		}
	}
	return 10 * mag
}

type plotPalette []color.Color

func (p plotPalette) Colors() []color.Color { return p }

// colorMap maps 0..max onto a palette, for the colour bar.
type colorMap struct {
	colors   []color.Color
	min, max float64
}

func ColorMapOf(p palette.Palette, top float64) *colorMap {
	return &colorMap{colors: p.Colors(), max: top}
}

func (m *colorMap) At(v float64) (color.Color, error) {
	if v < m.min || v > m.max {
		return nil, palette.ErrOverflow
	}
	// as the heat map picks its colours
	k := int((v-m.min)*float64(len(m.colors)-1)/(m.max-m.min) + 0.5)
	return m.colors[k], nil
}

func (m *colorMap) Max() float64 { return m.max }

func (m *colorMap) Min() float64 { return m.min }

func (m *colorMap) SetMax(v float64) { m.max = v }

func (m *colorMap) SetMin(v float64) { m.min = v }

func (m *colorMap) Alpha() float64 { return 1 }

func (m *colorMap) SetAlpha(float64) {}

func (m *colorMap) Palette(int) palette.Palette { return plotPalette(m.colors) }
