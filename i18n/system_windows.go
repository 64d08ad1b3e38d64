//go:build windows

package i18n

import (
	"os"

	"golang.org/x/sys/windows"
)

// System returns the language of the user's desktop session: a LANG-style
// environment variable when one is set (FromEnv), else the first of
// Windows' preferred UI languages; English when neither names a shipped
// language. The app calls it on first start, before any setting exists.
func System() Lang {
	if firstSet(os.Getenv, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") != "" {
		return FromEnv(os.Getenv)
	}
	langs, err := windows.GetUserPreferredUILanguages(windows.MUI_LANGUAGE_NAME)
	if err != nil || len(langs) == 0 {
		return English
	}
	return FromLocale(langs[0])
}
