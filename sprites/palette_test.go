package sprites

import (
	"image/color"
	"math"
	"testing"
)

// Colour-vision-deficiency simulation matrices (Machado, Oliveira and
// Fernandes 2009, severity 1.0), applied in linear RGB.
var cvd = map[string][3][3]float64{
	"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

func toLinear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

func toSRGB(c float64) float64 {
	c = math.Max(0, math.Min(1, c))
	if c <= 0.0031308 {
		return 255 * 12.92 * c
	}
	return 255 * (1.055*math.Pow(c, 1/2.4) - 0.055)
}

func simulate(c color.RGBA, m [3][3]float64) [3]float64 {
	l := [3]float64{toLinear(c.R), toLinear(c.G), toLinear(c.B)}
	var out [3]float64
	for i := range out {
		out[i] = toSRGB(m[i][0]*l[0] + m[i][1]*l[1] + m[i][2]*l[2])
	}
	return out
}

// TestColorBlindSafePalette checks that the colours that carry meaning stay
// far apart (at least 100 of 441 in sRGB distance) for viewers with
// protanopia, deuteranopia or tritanopia, in the colour-blind-safe palette;
// and that in both palettes the tunnel floor stands out from the rock.
func TestColorBlindSafePalette(t *testing.T) {
	cb := ColorBlindSafe()
	pairs := []struct {
		name string
		a, b color.RGBA
	}{
		{"danger/safe", cb.Danger, cb.Safe},
		{"gold-digger/saboteur", cb.Digger, cb.Saboteur},
		{"gold/coal", cb.Gold, cb.Coal},
		{"tunnel/rock", cb.Tunnel, cb.Rock},
		{"classic tunnel/rock", Classic().Tunnel, Classic().Rock},
	}
	for name, m := range cvd {
		for _, pr := range pairs {
			a, b := simulate(pr.a, m), simulate(pr.b, m)
			if d := math.Hypot(math.Hypot(a[0]-b[0], a[1]-b[1]), a[2]-b[2]); d < 100 {
				t.Errorf("%s under %s: distance %.0f, want at least 100", pr.name, name, d)
			}
		}
	}
}
