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
		return NewMenuScene(a)
	}
	LanNet.Listen = "127.0.0.1:0"
	LanNet.Browse = "127.0.0.1:0"
	LanNet.Every = 100 * time.Millisecond
	j := NewJoinScene(a)
	if j.Browser != nil {
		ad := *j.Browser.Addr()
		ad.IP = net.IPv4(127, 0, 0, 1)
		LanNet.Announce = &ad
	}
	l := NewLobbyScene(a)
	l.tourJoin, j.tourHost = j, l
	return l
}

// lanHostable reports whether this build can host a LAN table: not in a
// browser (GOOS js), which cannot listen for connections or beacons.
var lanHostable = runtime.GOOS != "js"

// tourNext leaves the tour's lobby for its join scene.
func (s *LobbyScene) tourNext(a *App) {
	if s.tourJoin == nil {
		s.Link.Close()
		a.GoTo(NewMenuScene(a))
		return
	}
	a.GoTo(s.tourJoin)
}

// tourNext closes the tour's join scene and its lobby and goes back to
// the menu.
func (s *JoinScene) tourNext(a *App) {
	s.Leave()
	if s.tourHost != nil && s.tourHost.Link != nil {
		s.tourHost.Link.Close()
	}
	a.GoTo(NewMenuScene(a))
}
