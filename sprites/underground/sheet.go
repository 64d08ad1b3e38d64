package underground

import (
	"image"
	"image/draw"

	"github.com/hajimehoshi/ebiten/v2"
)

// The sprite sheets: every icon rasterised once at a size, on the CPU,
// then sent to the GPU as one texture (or painted ahead, PaintAhead).

// Sheet is the sprite sheet: every icon, drawn once.
type Sheet struct {
	Safe  bool // the races in the colour-blind palette (RaceColorsSafe)
	img   *ebiten.Image
	Rgba  *image.RGBA // the same pixels, for drawing into the map layer
	Px    int         // the icons' size
	Icons [IconCount]*ebiten.Image
}

// ugSheets are the sprite sheets made so far, by icon size in pixels and
// palette; ugAhead the ones being painted ahead (PaintAhead). Both are
// the game goroutine's: only the painting runs elsewhere.
var (
	ugSheets = map[sheetKey]*Sheet{}
	ugAhead  = map[sheetKey]chan *image.RGBA{}
)

// PaintAhead starts rasterising the sheet of px-wide icons (the palette
// safe or not) in a goroutine, pure data, so that a later SpritesAt(px,
// safe) only sends it to the GPU: the screen that first needs it (the
// Rules screen's pictures, 80 layout units) is not kept waiting on its
// first frame (issue 28: a frame over 83 ms runs one tick). Call it on the
// game goroutine, as SpritesAt; a sheet made or under way is left alone.
func PaintAhead(px int, safe bool) {
	px = max(px, 8)
	key := sheetKey{px, safe}
	if ugSheets[key] != nil || ugAhead[key] != nil {
		return
	}
	ch := make(chan *image.RGBA, 1)
	ugAhead[key] = ch
	go func() { ch <- paintSheet(px, safe) }()
}

// sheetCell gives a sheet's margin around each icon (so filtering never
// bleeds) and its cells' side, in pixels, for icons px wide.
func sheetCell(px int) (m, cellPx int) {
	m = max(px/12, 2)
	return m, px + 2*m
}

// paintSheet rasterises every icon, px wide, into a sheet of ugCols
// columns (sheetCell), on the CPU: no Ebitengine call, so any goroutine
// may run it.
func paintSheet(px int, safe bool) *image.RGBA {
	_, cellPx := sheetCell(px)
	rows := (int(IconCount) + ugCols - 1) / ugCols
	rgba := image.NewRGBA(image.Rect(0, 0, ugCols*cellPx, rows*cellPx))
	cell := image.NewRGBA(image.Rect(0, 0, cellPx, cellPx))
	pen := &Pen{cpu: cell, races: Races(safe)}
	for k := Icon(0); k < IconCount; k++ {
		clear(cell.Pix)
		pen.cx, pen.cy, pen.k = float32(cellPx)/2, float32(cellPx)/2, float32(px)/2
		pen.icon(k)
		x, y := int(k)%ugCols*cellPx, int(k)/ugCols*cellPx
		draw.Draw(rgba, image.Rect(x, y, x+cellPx, y+cellPx), cell, image.Point{}, draw.Src)
	}
	return rgba
}

// sheetKey names a sheet: its icons' width in pixels and palette.
type sheetKey struct {
	px   int
	safe bool
}

// Sprites is the sheet of ugIconPx icons in the classic palette (the map
// layer scales its printed symbols from it; they have no race colour).
func Sprites() *Sheet { return SpritesAt(ugIconPx, false) }

// SpritesAt returns the sheet whose icons are px pixels wide, making it
// the first time: the board draws from the sheet made at its token size,
// so every stack, marker and badge of a frame comes from one texture at
// (nearly) its own size and the draws batch. The icons are rasterised on
// the CPU (golang.org/x/image/vector, antialiased), then the sheet goes to
// the GPU once: hundreds of small paths each as a GPU pass cost seconds on
// a software renderer.
// With safe, the race tokens take the colour-blind palette.
func SpritesAt(px int, safe bool) *Sheet {
	px = max(px, 8)
	key := sheetKey{px, safe}
	if sh := ugSheets[key]; sh != nil {
		return sh
	}
	if len(ugSheets) > 8 { // zoom steps come and go: keep a few
		for k, sh := range ugSheets {
			if k != (sheetKey{ugIconPx, false}) {
				sh.img.Deallocate()
				delete(ugSheets, k)
			}
		}
	}
	var rgba *image.RGBA
	if ch := ugAhead[key]; ch != nil {
		delete(ugAhead, key)
		rgba = <-ch // painted ahead (PaintAhead), or soon will be
	} else {
		rgba = paintSheet(px, safe)
	}
	m, cellPx := sheetCell(px)
	sh := &Sheet{Safe: safe, img: ebiten.NewImageFromImage(rgba), Rgba: rgba, Px: px}
	for k := Icon(0); k < IconCount; k++ {
		x, y := int(k)%ugCols*cellPx, int(k)/ugCols*cellPx
		sh.Icons[k] = sh.img.SubImage(image.Rect(x+m, y+m, x+m+px, y+m+px)).(*ebiten.Image)
	}
	ugSheets[key] = sh
	return sh
}
