//go:build js

package clipboard

import (
	"errors"
	"syscall/js"
)

// Write puts text on the page's clipboard (navigator.clipboard, which a
// browser offers on https pages and localhost, after a click).
func Write(text string) error {
	cb := js.Global().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		return ErrUnavailable
	}
	return await(cb.Call("writeText", text))
}

// Read returns the page's clipboard text; the browser may ask the player
// first, or refuse.
func Read() (string, error) {
	cb := js.Global().Get("navigator").Get("clipboard")
	if !cb.Truthy() || !cb.Get("readText").Truthy() {
		return "", ErrUnavailable
	}
	var text string
	done := make(chan error, 1)
	p := cb.Call("readText")
	var then, fail js.Func
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 && args[0].Type() == js.TypeString {
			text = args[0].String()
		}
		done <- nil
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- ErrUnavailable
		return nil
	})
	p.Call("then", then, fail)
	err := <-done
	then.Release()
	fail.Release()
	if len(text) > MaxRead {
		text = text[:MaxRead]
	}
	return text, err
}

// await waits for a promise.
func await(p js.Value) error {
	done := make(chan error, 1)
	then := js.FuncOf(func(js.Value, []js.Value) any { done <- nil; return nil })
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "refused"
		if len(args) > 0 && args[0].Truthy() && args[0].Get("message").Type() == js.TypeString {
			msg = args[0].Get("message").String()
		}
		done <- errors.New("clipboard: " + msg)
		return nil
	})
	p.Call("then", then, fail)
	err := <-done
	then.Release()
	fail.Release()
	return err
}
