//go:build js

package i18n

import "syscall/js"

// System returns the browser's preferred language (navigator.language,
// e.g. "fa-IR"); English when it names no shipped language. The app calls
// it on first start, before any setting exists.
func System() Lang {
	nav := js.Global().Get("navigator")
	if nav.IsUndefined() || nav.IsNull() {
		return English
	}
	l := nav.Get("language")
	if l.Type() != js.TypeString {
		return English
	}
	return FromLocale(l.String())
}
