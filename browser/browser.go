// Package browser tells the app about the browser tab it runs in (issue 6;
// docs/LAN.md, Browser): the page's URL parameters and the WebSocket address of
// the LAN host that served the page, so a guest who opened
// http://HOST:PORT/ joins that table without typing its address. Outside a
// browser (GOOS other than js) there is no page: InBrowser is false, Query
// returns "" and HostWebSocket returns "".
//
// Settings and the autosave need nothing from here: in the browser the
// loader gives the Go program a file system in localStorage
// (web/storefs.js), so os.ReadFile and os.WriteFile keep working; and the
// first-start language comes from navigator.language (the loader sets LANG;
// i18n.System reads it too).
package browser
