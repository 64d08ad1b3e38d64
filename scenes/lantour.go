package scenes

import (
	"net"
	"runtime"
	"time"
)

// tourLAN is the LAN part of --autoplay's walk through the scenes (tour.go),
// for its screenshots: a lobby, then the join scene listing that lobby's
// table. Both stay on loopback (127.0.0.1, a free port): an autoplay run
// never opens the game to the network.
func tourLAN(a *App) Scene {
	if !lanHostable {
		return newMenuScene(a)
	}
	lanNet.Listen = "127.0.0.1:0"
	lanNet.Browse = "127.0.0.1:0"
	lanNet.Every = 100 * time.Millisecond
	j := newJoinScene(a)
	if j.browser != nil {
		ad := *j.browser.Addr()
		ad.IP = net.IPv4(127, 0, 0, 1)
		lanNet.Announce = &ad
	}
	l := newLobbyScene(a)
	l.tourJoin, j.tourHost = j, l
	return l
}

// lanHostable reports whether this build can host a LAN table: not in a
// browser (GOOS js), which cannot listen for connections or beacons.
var lanHostable = runtime.GOOS != "js"

// tourNext leaves the tour's lobby for its join scene.
func (s *lobbyScene) tourNext(a *App) {
	if s.tourJoin == nil {
		s.link.close()
		a.GoTo(newMenuScene(a))
		return
	}
	a.GoTo(s.tourJoin)
}

// tourNext closes the tour's join scene and its lobby and goes back to
// the menu.
func (s *joinScene) tourNext(a *App) {
	s.leave()
	if s.tourHost != nil && s.tourHost.link != nil {
		s.tourHost.link.close()
	}
	a.GoTo(newMenuScene(a))
}
