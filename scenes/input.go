package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// StrokeSource is one press of a pointer, from the tick it began until it is
// released: the mouse's left button or one touch (as in Ebitengine's
// examples/drag). Positions are in screen pixels (the layout's size).
type StrokeSource interface {
	Position() (x, y int)
	IsJustReleased() bool
}

// Input is everything the scenes read from the player, once per tick. The
// app reads the real mouse, touch screen and keyboard through EbitenInput;
// tests drive the very same scene code through a scripted Input.
type Input interface {
	// Update is called once at the start of every tick, before any query.
	Update()
	// NewStroke returns the stroke that began this tick (left button or a
	// touch), or nil.
	NewStroke() StrokeSource
	// Cursor is where the pointer hovers, in screen pixels.
	Cursor() (x, y int)
	// ButtonJustPressed reports a right or middle button press this tick.
	ButtonJustPressed(b ebiten.MouseButton) bool
	// Wheel is the wheel's movement this tick (y > 0: away from the user).
	Wheel() (x, y float64)
	// KeyJustPressed reports a key pressed this tick; navigation keys
	// (arrows, Tab, Backspace) repeat while held.
	KeyJustPressed(k ebiten.Key) bool
	// KeyPressed reports a key held down.
	KeyPressed(k ebiten.Key) bool
	// AppendChars appends the characters typed this tick.
	AppendChars(dst []rune) []rune
}

// EbitenInput is the Input of the real app: mouse and touch strokes share
// one code path, keys come from inpututil.
type EbitenInput struct {
	touches []ebiten.TouchID
	mouse   mouseStroke
	touch   touchStroke
}

type mouseStroke struct{}

func (mouseStroke) Position() (int, int) { return ebiten.CursorPosition() }
func (mouseStroke) IsJustReleased() bool {
	return inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
}

type touchStroke struct{ id ebiten.TouchID }

// Position is where the finger is; on the tick it lifts, where it last
// was (ebiten.TouchPosition of a released touch is 0, 0, so a tap would
// never end inside the button it began on).
func (t *touchStroke) Position() (int, int) {
	if inpututil.IsTouchJustReleased(t.id) {
		return inpututil.TouchPositionInPreviousTick(t.id)
	}
	return ebiten.TouchPosition(t.id)
}
func (t *touchStroke) IsJustReleased() bool { return inpututil.IsTouchJustReleased(t.id) }

// Update does nothing: inpututil keeps its own state.
func (in *EbitenInput) Update() {}

// NewStroke returns the mouse or touch stroke that began this tick.
func (in *EbitenInput) NewStroke() StrokeSource {
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		return in.mouse
	}
	in.touches = inpututil.AppendJustPressedTouchIDs(in.touches[:0])
	if len(in.touches) > 0 {
		in.touch = touchStroke{in.touches[0]}
		return &in.touch
	}
	return nil
}

// Cursor returns the mouse position.
func (in *EbitenInput) Cursor() (int, int) { return ebiten.CursorPosition() }

// ButtonJustPressed reports a mouse button press this tick.
func (in *EbitenInput) ButtonJustPressed(b ebiten.MouseButton) bool {
	return inpututil.IsMouseButtonJustPressed(b)
}

// Wheel returns the wheel's movement this tick.
func (in *EbitenInput) Wheel() (float64, float64) { return ebiten.Wheel() }

// KeyJustPressed reports a press this tick, with key repeat for navigation.
func (in *EbitenInput) KeyJustPressed(k ebiten.Key) bool {
	if inpututil.IsKeyJustPressed(k) {
		return true
	}
	switch k {
	case ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyArrowUp, ebiten.KeyArrowDown,
		ebiten.KeyTab, ebiten.KeyBackspace, ebiten.KeyEqual, ebiten.KeyMinus:
		d := inpututil.KeyPressDuration(k)
		return d > 24 && d%4 == 0
	}
	return false
}

// KeyPressed reports a key held down.
func (in *EbitenInput) KeyPressed(k ebiten.Key) bool { return ebiten.IsKeyPressed(k) }

// AppendChars appends the characters typed this tick.
func (in *EbitenInput) AppendChars(dst []rune) []rune { return ebiten.AppendInputChars(dst) }

// DragThreshold is how far (layout units) a press must travel to become a
// drag rather than a click.
const DragThreshold = 6

var touchIDs []ebiten.TouchID

// AppendTouches appends every touch's position (a touch reader of a game's board: scenes/underground).
func (in *EbitenInput) AppendTouches(dst [][2]int) [][2]int {
	touchIDs = ebiten.AppendTouchIDs(touchIDs[:0])
	for _, id := range touchIDs {
		if inpututil.IsTouchJustReleased(id) {
			continue
		}
		x, y := ebiten.TouchPosition(id)
		dst = append(dst, [2]int{x, y})
	}
	return dst
}
