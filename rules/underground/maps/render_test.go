package maps

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// TestRenderPNG draws each built-in map to UGMAPS_PNG/<name>.png for a
// person to look at (terrain colours, borders, Monster and Volcano marks,
// edge regions underlined); skipped unless UGMAPS_PNG names a folder.
func TestRenderPNG(t *testing.T) {
	dir := os.Getenv("UGMAPS_PNG")
	if dir == "" {
		t.Skip("set UGMAPS_PNG=folder to draw the maps")
	}
	for _, name := range Names() {
		m, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		img := render(m, 1.0)
		f, err := os.Create(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

var terrainColour = map[Terrain]color.RGBA{
	Mine:     {170, 120, 60, 255},
	Forest:   {90, 160, 90, 255},
	Crystal:  {150, 120, 210, 255},
	Mud:      {120, 100, 80, 255},
	Mountain: {70, 70, 80, 255},
	River:    {70, 140, 220, 255},
	Chasm:    {15, 10, 20, 255},
}

// render fills each region by scanlines (point in polygon at pixel
// centres), darkens pixels near a polygon edge, and writes ids.
func render(m *Map, scale float64) *image.RGBA {
	w, h := int(m.Width*scale)+1, int(m.Height*scale)+1
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 40
	}
	for _, r := range m.Regions {
		c := terrainColour[r.Terrain]
		for y := range h {
			py := (float64(y) + 0.5) / scale
			for _, span := range scanline(r.Shape, py) {
				for x := int(math.Ceil(span[0]*scale - 0.5)); float64(x)+0.5 <= span[1]*scale; x++ {
					if x >= 0 && x < w {
						img.SetRGBA(x, y, c)
					}
				}
			}
		}
	}
	for _, r := range m.Regions {
		for k := range r.Shape {
			a, b := r.Shape[k], r.Shape[(k+1)%len(r.Shape)]
			line(img, a[0]*scale, a[1]*scale, b[0]*scale, b[1]*scale, color.RGBA{0, 0, 0, 255})
		}
	}
	d := &font.Drawer{Dst: img, Src: image.White, Face: basicfont.Face7x13}
	for _, r := range m.Regions {
		x, y := r.Label[0]*scale, r.Label[1]*scale
		label := r.ID
		if r.Monster {
			label += "M"
		}
		if r.Volcano {
			label += "V"
		}
		if r.Edge {
			label += "e"
		}
		d.Dot = fixed.P(int(x)-len(label)*7/2, int(y)+4)
		d.DrawString(label)
	}
	return img
}

// scanline returns the x spans inside polygon p on the horizontal line y
// (even-odd rule).
func scanline(p [][2]float64, y float64) [][2]float64 {
	var xs []float64
	for k := range p {
		a, b := p[k], p[(k+1)%len(p)]
		if (a[1] <= y) != (b[1] <= y) {
			xs = append(xs, a[0]+(y-a[1])*(b[0]-a[0])/(b[1]-a[1]))
		}
	}
	sortFloats(xs)
	var out [][2]float64
	for i := 0; i+1 < len(xs); i += 2 {
		out = append(out, [2]float64{xs[i], xs[i+1]})
	}
	return out
}

func sortFloats(xs []float64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

func line(img *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA) {
	n := int(math.Max(math.Abs(x1-x0), math.Abs(y1-y0))*2) + 1
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		img.SetRGBA(int(x0+(x1-x0)*t), int(y0+(y1-y0)*t), c)
	}
}
