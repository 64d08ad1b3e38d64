//go:build !js && !windows

package i18n

import "os"

// System returns the language of the user's desktop session: LANGUAGE,
// LC_ALL, LC_MESSAGES, LANG (FromEnv); English when none names a shipped
// language. The app calls it on first start, before any setting exists.
func System() Lang { return FromEnv(os.Getenv) }
