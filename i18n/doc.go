// Package i18n holds goldvein's message catalogues (English, Russian and
// Persian), plural rules, locale detection and the bidirectional-text run
// splitting that right-to-left Persian needs. It never imports ebiten: the
// drawing side lives in sprites/fonts.
//
// # Catalogue files
//
// Each language has a folder locales/<lang>/ (en, ru, fa) embedded in the
// binary. Every *.json file in that folder is read and merged; a key defined
// in two files of one language is an error. Files are owned by the packages
// whose words they hold: terms.json (the game's own words: roles, tools,
// cards, piles, rule reasons), common.json (general UI words), scenes.json
// (the scenes' texts).
//
// A file is one JSON object. Each member is either
//
//	"key": "text with {placeholders}"
//
// or, for a text that depends on a count, an object of CLDR plural
// categories (zero, one, two, few, many, other; "other" is required):
//
//	"gold.count": {"one": "{n} gold", "other": "{n} gold"}
//
// Keys are flat, lower case, dot-separated ("tool.pickaxe", "menu.quit").
// Placeholders are {name} with name made of a-z, 0-9 and _; they are filled
// from the name/value pairs given to T and N, and {n} from N's count. Text
// that is not a known placeholder, or a placeholder with no value given,
// stays as written, so a missing argument shows up on screen rather than
// vanishing.
//
// Which categories a language needs come from CLDR through
// golang.org/x/text/feature/plural: English one/other, Russian
// one/few/many/other, Persian one/other. The package tests check that every
// key exists in all three languages, with the same placeholders, and that
// every plural text has each category its language needs.
//
// # Right-to-left text
//
// Catalogue texts are stored in logical (reading) order. Runs splits a line
// into directional runs with the Unicode bidirectional algorithm (UAX #9, via
// golang.org/x/text/unicode/bidi) and returns them in visual order, left to
// right; sprites/fonts shapes each run in its own direction and draws them
// side by side.
package i18n
