package underground

import (
	"image/color"
	"math"
	"testing"

	"github.com/goldvein/goldvein/rules/underground"
)

// The colour science TestRaceColorsDistinct measures with: sRGB to linear
// light, Machado, Oliveira and Fernandes (2009)'s simulations of complete
// protanopia, deuteranopia and tritanopia on linear RGB, then OKLab
// (Ottosson 2020), where a Euclidean distance of about 0.02 is just
// noticeable.

func linear(c uint8) float64 {
	v := float64(c) / 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// visions are how the races' colours are seen: normal, and the three
// complete dichromacies (Machado 2009, severity 1.0).
var visions = map[string][3][3]float64{
	"normal":       {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

// oklab is colour c as seen through vision m, in OKLab.
func oklab(c color.RGBA, m [3][3]float64) [3]float64 {
	l := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	var s [3]float64
	for i := range s {
		s[i] = math.Max(0, math.Min(1, m[i][0]*l[0]+m[i][1]*l[1]+m[i][2]*l[2]))
	}
	L := math.Cbrt(0.4122214708*s[0] + 0.5363325363*s[1] + 0.0514459929*s[2])
	M := math.Cbrt(0.2119034982*s[0] + 0.6806995451*s[1] + 0.1073969566*s[2])
	S := math.Cbrt(0.0883024619*s[0] + 0.2817188376*s[1] + 0.6299787005*s[2])
	return [3]float64{
		0.2104542553*L + 0.7936177850*M - 0.0040720468*S,
		1.9779984951*L - 2.4285922050*M + 0.4505937099*S,
		0.0259040371*L + 0.7827717662*M - 0.8086757660*S,
	}
}

// closest is the closest two races of palette p under vision m, and
// their OKLab distance.
func closest(p *[underground.NumRaces]color.RGBA, m [3][3]float64) (a, b underground.Race, d float64) {
	d = math.Inf(1)
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			x, y := oklab(p[i], m), oklab(p[j], m)
			if e := math.Sqrt((x[0]-y[0])*(x[0]-y[0]) + (x[1]-y[1])*(x[1]-y[1]) + (x[2]-y[2])*(x[2]-y[2])); e < d {
				a, b, d = underground.Race(i), underground.Race(j), e
			}
		}
	}
	return a, b, d
}

// TestRaceColorsDistinct (issue 25 item 6): every two of the 15 races'
// token colours lie far apart in OKLab: in the classic palette for normal
// vision (at least 0.08: four just-noticeable steps, so Kraken and Gnomes,
// Cultists and Shadow Mimes no longer pass for each other), and in the
// colour-blind palette for normal vision and each complete dichromacy (at
// least 0.10).
func TestRaceColorsDistinct(t *testing.T) {
	cases := []struct {
		palette string
		safe    bool
		vision  string
		min     float64
	}{
		{"classic", false, "normal", 0.08},
		{"colour-blind", true, "normal", 0.10},
		{"colour-blind", true, "protanopia", 0.10},
		{"colour-blind", true, "deuteranopia", 0.10},
		{"colour-blind", true, "tritanopia", 0.10},
	}
	for _, c := range cases {
		a, b, d := closest(Races(c.safe), visions[c.vision])
		if d < c.min {
			t.Errorf("%s palette, %s: %s and %s are %.3f apart in OKLab, want at least %.2f", c.palette, c.vision, a, b, d, c.min)
		} else {
			t.Logf("%s palette, %s: closest %s and %s, %.3f", c.palette, c.vision, a, b, d)
		}
	}
}

// TestSeatColorsDistinct (issue 25 item 6): in colour-blind mode every two
// seats' colours lie at least 0.15 apart in OKLab in normal vision and each
// complete dichromacy, and every seat colour, in both palettes, is light
// enough (OKLab L at least 0.6) to read as a log line on a panel.
func TestSeatColorsDistinct(t *testing.T) {
	for name, m := range visions {
		p := Seats(true)
		for i := range p {
			for j := i + 1; j < len(p); j++ {
				x, y := oklab(p[i], m), oklab(p[j], m)
				if d := math.Sqrt((x[0]-y[0])*(x[0]-y[0]) + (x[1]-y[1])*(x[1]-y[1]) + (x[2]-y[2])*(x[2]-y[2])); d < 0.15 {
					t.Errorf("colour-blind seats, %s: seats %d and %d are %.3f apart in OKLab, want at least 0.15", name, i, j, d)
				}
			}
		}
	}
	for _, safe := range []bool{false, true} {
		for i, c := range Seats(safe) {
			if l := oklab(c, visions["normal"])[0]; l < 0.6 {
				t.Errorf("seat %d (colour-blind %v): lightness %.2f, want at least 0.6", i, safe, l)
			}
		}
	}
}
