package underground

import (
	"image"
	"math"
)

// scaleCatmullRom draws the part sr of src scaled to fill dr of dst, over
// what dst has there (Porter-Duff over; a src with no transparent pixel
// replaces it), with the Catmull-Rom cubic kernel: the same pixels as
// golang.org/x/image/draw's CatmullRom.Scale(dst, dr, src, sr, draw.Over,
// nil), whose code for these two image types this follows step by step
// (its float64 conversions keep the same rounding; BSD licence,
// licenses/). That package's scalers, generated for every image type,
// were 0.17 MB of goldvein.wasm's code for the map's printed symbols
// (issue 28). sr must lie inside src's bounds (an icon of the sheet);
// otherwise nothing is drawn.
func scaleCatmullRom(dst *image.RGBA, dr image.Rectangle, src *image.RGBA, sr image.Rectangle) {
	if !sr.In(src.Bounds()) {
		return
	}
	dw, dh, sw, sh := int32(dr.Dx()), int32(dr.Dy()), int32(sr.Dx()), int32(sr.Dy())
	adr := dst.Bounds().Intersect(dr)
	if adr.Empty() || sr.Empty() {
		return
	}
	adr = adr.Sub(dr.Min)
	over := !src.Opaque()
	hor, ver := newCubicDistrib(dw, sw), newCubicDistrib(dh, sh)

	// Columns first: the source's columns spread over the destination's
	// width, row by row of the source.
	tmp := make([][4]float64, dw*sh)
	t := 0
	for y := int32(0); y < sh; y++ {
		for _, s := range hor.sources {
			var pr, pg, pb, pa float64
			for _, c := range hor.contribs[s.i:s.j] {
				pi := (sr.Min.Y+int(y)-src.Rect.Min.Y)*src.Stride + (sr.Min.X+int(c.coord)-src.Rect.Min.X)*4
				pru := uint32(src.Pix[pi+0]) * 0x101
				pgu := uint32(src.Pix[pi+1]) * 0x101
				pbu := uint32(src.Pix[pi+2]) * 0x101
				pau := uint32(src.Pix[pi+3]) * 0x101
				pr += float64(float64(pru) * c.weight)
				pg += float64(float64(pgu) * c.weight)
				pb += float64(float64(pbu) * c.weight)
				pa += float64(float64(pau) * c.weight)
			}
			tmp[t] = [4]float64{
				pr * s.invTotalWeightFFFF,
				pg * s.invTotalWeightFFFF,
				pb * s.invTotalWeightFFFF,
				pa * s.invTotalWeightFFFF,
			}
			t++
		}
	}
	// Then rows: those rows spread over the destination's height.
	for dx := int32(adr.Min.X); dx < int32(adr.Max.X); dx++ {
		d := (dr.Min.Y+adr.Min.Y-dst.Rect.Min.Y)*dst.Stride + (dr.Min.X+int(dx)-dst.Rect.Min.X)*4
		for _, s := range ver.sources[adr.Min.Y:adr.Max.Y] {
			var pr, pg, pb, pa float64
			for _, c := range ver.contribs[s.i:s.j] {
				p := &tmp[c.coord*dw+dx]
				pr += float64(p[0] * c.weight)
				pg += float64(p[1] * c.weight)
				pb += float64(p[2] * c.weight)
				pa += float64(p[3] * c.weight)
			}
			pr, pg, pb = min(pr, pa), min(pg, pa), min(pb, pa)
			if over {
				pr0 := uint32(ftou(pr * s.invTotalWeight))
				pg0 := uint32(ftou(pg * s.invTotalWeight))
				pb0 := uint32(ftou(pb * s.invTotalWeight))
				pa0 := uint32(ftou(pa * s.invTotalWeight))
				pa1 := (0xffff - pa0) * 0x101
				dst.Pix[d+0] = uint8((uint32(dst.Pix[d+0])*pa1/0xffff + pr0) >> 8)
				dst.Pix[d+1] = uint8((uint32(dst.Pix[d+1])*pa1/0xffff + pg0) >> 8)
				dst.Pix[d+2] = uint8((uint32(dst.Pix[d+2])*pa1/0xffff + pb0) >> 8)
				dst.Pix[d+3] = uint8((uint32(dst.Pix[d+3])*pa1/0xffff + pa0) >> 8)
			} else {
				dst.Pix[d+0] = uint8(ftou(pr*s.invTotalWeight) >> 8)
				dst.Pix[d+1] = uint8(ftou(pg*s.invTotalWeight) >> 8)
				dst.Pix[d+2] = uint8(ftou(pb*s.invTotalWeight) >> 8)
				dst.Pix[d+3] = uint8(ftou(pa*s.invTotalWeight) >> 8)
			}
			d += dst.Stride
		}
	}
}

// cubicSource is a destination column's (or row's) range of contribs and
// the inverse of their total weight (and that over 0xffff).
type cubicSource struct {
	i, j               int32
	invTotalWeight     float64
	invTotalWeightFFFF float64
}

// cubicContrib is the weight of a source column (or row).
type cubicContrib struct {
	coord  int32
	weight float64
}

// cubicDistrib spreads source columns (or rows) over destination ones.
type cubicDistrib struct {
	sources  []cubicSource
	contribs []cubicContrib
}

// newCubicDistrib spreads sw source columns (or rows) over dw destination
// ones with the Catmull-Rom kernel (support 2), the kernel widened when
// shrinking so that every source pixel is visited.
func newCubicDistrib(dw, sw int32) cubicDistrib {
	const support = 2
	scale := float64(sw) / float64(dw)
	halfWidth, kernelArgScale := float64(support), 1.0
	if scale > 1 {
		halfWidth *= scale
		kernelArgScale = 1 / scale
	}
	// First each source holds the scaled centre (in invTotalWeight) and
	// the range of source columns around it.
	n, sources := int32(0), make([]cubicSource, dw)
	for x := range sources {
		center := float64((float64(x)+0.5)*scale) - 0.5
		i := int32(math.Floor(center - halfWidth))
		if i < 0 {
			i = 0
		}
		j := int32(math.Ceil(center + halfWidth))
		if j > sw {
			j = sw
			if j < i {
				j = i
			}
		}
		sources[x] = cubicSource{i: i, j: j, invTotalWeight: center}
		n += j - i
	}
	contribs := make([]cubicContrib, 0, n)
	for k, b := range sources {
		totalWeight := 0.0
		l := int32(len(contribs))
		for coord := b.i; coord < b.j; coord++ {
			t := math.Abs((b.invTotalWeight - float64(coord)) * kernelArgScale)
			if t >= support {
				continue
			}
			weight := catmullRom(t)
			if weight == 0 {
				continue
			}
			totalWeight += weight
			contribs = append(contribs, cubicContrib{coord, weight})
		}
		totalWeight = 1 / totalWeight
		sources[k] = cubicSource{i: l, j: int32(len(contribs)), invTotalWeight: totalWeight, invTotalWeightFFFF: totalWeight / 0xffff}
	}
	return cubicDistrib{sources, contribs}
}

// catmullRom is the Catmull-Rom kernel at distance t (0 <= t < 2).
func catmullRom(t float64) float64 {
	if t < 1 {
		return float64((float64(1.5*t)-2.5)*t*t) + 1
	}
	return float64((float64(float64(float64(-0.5*t)+2.5)*t)-4)*t) + 2
}

// ftou turns a value in [0, 1] into [0, 0xffff], rounded and clamped.
func ftou(f float64) uint16 {
	i := int32(float64(0xffff*f) + 0.5)
	if i > 0xffff {
		return 0xffff
	}
	if i > 0 {
		return uint16(i)
	}
	return 0
}
