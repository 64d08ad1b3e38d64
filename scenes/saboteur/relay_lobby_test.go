package saboteur

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/lan"
	"github.com/goldvein/goldvein/lan/lantest"
	"github.com/goldvein/goldvein/scenes"
)

// typeText types s into the focused field of h's scene.
func typeText(h *scenes.Harness, s string) {
	h.In.Chars = []rune(s)
	h.Tick()
}

// relayLobby opens the host's lobby at w x h in lang, with a test relay
// whose address the settings keep when keep is set.
func relayLobby(t *testing.T, lang string, w, h float64, keep bool) (*scenes.Harness, *scenes.LobbyScene, *lantest.Relay) {
	t.Helper()
	scenes.LoopbackLAN(t)
	relay := lantest.NewRelay(t)
	hh := scenes.LangHarness(t, lang, testGames)
	hh.A.LayoutF(w, h)
	hh.ScreenBig()
	if keep {
		hh.A.Settings.Relay = relay.URL()
	}
	ls := scenes.NewLobbyScene(hh.A)
	if ls.Link == nil {
		t.Fatal(ls.Err)
	}
	t.Cleanup(func() {
		if ls.Link != nil {
			ls.Link.Close()
		}
	})
	hh.A.Cur = ls
	hh.Tick()
	return hh, ls, relay
}

// TestLobbyOnTheInternet: the lobby's "on the internet" part opens the
// table on a relay (the address typed once and kept in the settings), shows
// the invite, its QR code and a copy button drawn whole in English,
// Russian and Persian at 1280x800 and 1024x640; a guest's join scene takes
// the pasted invite and sits at the table through the relay, and a link
// with another key is refused with the words for it.
func TestLobbyOnTheInternet(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
			t.Run(fmt.Sprintf("%s/%vx%v", lang, size[0], size[1]), func(t *testing.T) {
				hh, ls, relay := relayLobby(t, lang, size[0], size[1], false)
				// On before an address: refused, the field takes the focus.
				hh.Click(ls.Net.Toggle.R)
				if ls.Net.On || ls.Err == "" || ls.Focus != 2 {
					t.Fatalf("on without an address: on %v, err %q, focus %d", ls.Net.On, ls.Err, ls.Focus)
				}
				typeText(hh, relay.URL())
				hh.Key(ebiten.KeyEnter)
				hh.Click(ls.Net.Toggle.R)
				scenes.Until(t, 600, func() bool { return ls.Link != nil && ls.Link.Invite() != "" }, hh)
				hh.Ticks(3)
				link := ls.Link.Invite()
				inv, err := lan.ParseInvite(link)
				if err != nil {
					t.Fatalf("the lobby's invite %q: %v", link, err)
				}
				if hh.A.Settings.Relay != relay.URL() {
					t.Errorf("settings keep the relay %q, want %q", hh.A.Settings.Relay, relay.URL())
				}
				if bad := hh.NotDrawnWhole([]scenes.Button{ls.Net.Toggle, ls.Net.Copy, ls.Start}); len(bad) > 0 {
					t.Errorf("not drawn whole: %q", bad)
				}
				if ls.Net.QR == nil {
					t.Error("no QR code of the invite")
				}
				name := fmt.Sprintf("lobby-relay-%s-%v", lang, size[0])
				hh.Shot(name)
				// A guest pastes the invite into the join scene.
				hg := scenes.LangHarness(t, lang, testGames)
				hg.A.LayoutF(size[0], size[1])
				hg.ScreenBig()
				js := scenes.NewJoinScene(hg.A)
				t.Cleanup(js.Leave)
				hg.A.Cur = js
				hg.Tick()
				bad := inv
				bad.Key[0] ^= 1
				hg.Click(js.AddrR)
				typeText(hg, bad.Link())
				hg.Key(ebiten.KeyEnter)
				scenes.Until(t, 600, func() bool { return js.Err != "" }, hg, hh)
				if want := hg.A.T("lan.join.wrong_key"); js.Err != want {
					t.Fatalf("a wrong key: %q, want %q", js.Err, want)
				}
				js.Addr, js.Err = "", ""
				hg.Click(js.AddrR)
				typeText(hg, link)
				hg.Shot(fmt.Sprintf("join-typed-%s-%v", lang, size[0]))
				hg.Key(ebiten.KeyEnter)
				scenes.Until(t, 600, func() bool { return js.Link != nil || js.Err != "" }, hg, hh)
				if js.Link == nil {
					t.Fatalf("join by invite: %s", js.Err)
				}
				scenes.Until(t, 600, func() bool {
					return len(ls.Lobby.Seats) > 1 && ls.Lobby.Seats[1].Kind == lan.SeatGuest
				}, hh, hg)
				hg.Ticks(5)
				hg.Shot(fmt.Sprintf("join-invite-%s-%v", lang, size[0]))
				hh.Ticks(5)
				hh.Shot(name + "-guest")
			})
		}
	}
}

// TestInviteOpensJoin: the app started with an invite (--invite, what a
// relay's invite page passes) opens Join with the link in its address
// field and no error shown.
func TestInviteOpensJoin(t *testing.T) {
	const link = "https://relay.example.com/j/abcdefghijklmnop#AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	a, err := scenes.NewApp(scenes.Config{Input: scenes.NewScript(), ConfigDir: t.TempDir(), Mute: true, Lang: "en",
		Games: testGames, Invite: link})
	if err != nil {
		t.Fatal(err)
	}
	js, ok := a.Cur.(*scenes.JoinScene)
	if !ok {
		t.Fatalf("the app opened %s, not Join", a.Cur.Name())
	}
	t.Cleanup(js.Leave)
	if js.Addr != link || js.Err != "" {
		t.Fatalf("Join's address %q, error %q", js.Addr, js.Err)
	}
}

// TestLobbyRelayDown: a relay that does not answer is said in the lobby,
// in the room the internet part keeps for it (not over the table talk),
// in every language.
func TestLobbyRelayDown(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		t.Run(lang, func(t *testing.T) {
			scenes.LoopbackLAN(t)
			relay := lantest.NewRelay(t)
			url := relay.URL()
			relay.Stop()
			hh := scenes.LangHarness(t, lang, testGames)
			hh.A.LayoutF(1024, 640)
			hh.ScreenBig()
			hh.A.Settings.Relay = url
			ls := scenes.NewLobbyScene(hh.A)
			if ls.Link == nil {
				t.Fatal(ls.Err)
			}
			t.Cleanup(func() {
				if ls.Link != nil {
					ls.Link.Close()
				}
			})
			hh.A.Cur = ls
			hh.Tick()
			hh.Click(ls.Net.Toggle.R)
			scenes.Until(t, 600, func() bool { return ls.Link != nil && ls.Link.Host.RelayError() != nil }, hh)
			hh.Ticks(3)
			// The message's lines sit between the address field and the
			// table talk's title, whole.
			col := scenes.Rect{X: ls.Net.AddrR.X, Y: ls.Net.AddrR.Y + ls.Net.AddrR.H, W: ls.Net.AddrR.W, H: ls.Chat.R.Y - ls.Net.AddrR.Y - ls.Net.AddrR.H}
			title := hh.A.T("lan.chat.title")
			lines := 0
			for _, d := range scenes.DrawnLines(hh) {
				if d.S == title || !scenes.Overlaps(d.R, col) {
					continue
				}
				lines++
				if d.R.Y+d.R.H > ls.Chat.R.Y-hh.A.U(18) {
					t.Errorf("%q runs into the table talk's title", d.S)
				}
			}
			if lines == 0 {
				t.Error("no line under the relay's address says the relay is down")
			}
			hh.Shot("lobby-relay-down-" + lang)
		})
	}
}

// TestLobbyInternetPartClear: the table talk's title sits clear of the
// internet part above it, with the relay off (under the address field)
// and on (under the copy button and the copy's result, here the longest
// one: "could not copy"), in English, Russian and Persian at 1280x800 and
// 1024x640.
func TestLobbyInternetPartClear(t *testing.T) {
	for _, lang := range []string{"en", "ru", "fa"} {
		for _, size := range [][2]float64{{1280, 800}, {1024, 640}} {
			t.Run(fmt.Sprintf("%s/%vx%v", lang, size[0], size[1]), func(t *testing.T) {
				hh, ls, _ := relayLobby(t, lang, size[0], size[1], true)
				title := hh.A.T("lan.chat.title")
				clear := func(state string, above []scenes.Rect, note string, under scenes.Rect) {
					t.Helper()
					lines := scenes.DrawnLines(hh)
					var tr scenes.Rect
					for _, d := range lines {
						if d.S == title {
							tr = d.R
						}
					}
					if tr.W == 0 {
						t.Fatalf("%s: no table talk title drawn", state)
					}
					for _, r := range above {
						if scenes.Overlaps(r, tr) {
							t.Errorf("%s: the table talk's title %v overlaps %v above it", state, tr, r)
						}
					}
					for _, d := range lines {
						if d.S != title && scenes.Overlaps(d.R, tr) {
							t.Errorf("%s: %q is drawn over the table talk's title", state, d.S)
						}
						if note != "" && strings.Contains(note, d.S) && d.R.Y >= under.Y+under.H && d.R.X < under.X+under.W && under.X < d.R.X+d.R.W && d.R.Y+d.R.H > tr.Y {
							t.Errorf("%s: the copy's result %q runs below the table talk's title's top", state, d.S)
						}
					}
				}
				clear("relay off", []scenes.Rect{ls.Net.AddrR}, "", scenes.Rect{})
				hh.Shot(fmt.Sprintf("lobby-relay-off-%s-%v", lang, size[0]))
				hh.Click(ls.Net.Toggle.R)
				scenes.Until(t, 600, func() bool { return ls.Link != nil && ls.Link.Invite() != "" }, hh)
				hh.Ticks(3)
				ls.Net.Note, ls.Net.NoteOK = hh.A.T("lan.relay.copy_failed"), false
				hh.Tick()
				clear("could not copy", []scenes.Rect{ls.Net.AddrR, ls.Net.Copy.R}, ls.Net.Note, ls.Net.Copy.R)
				hh.Shot(fmt.Sprintf("lobby-relay-copy-failed-%s-%v", lang, size[0]))
			})
		}
	}
}
