// Package lan is the network layer of a LAN game (docs/DESIGN.md, lan):
// the host that owns a game.Table and the guests that join it over TCP or
// a WebSocket, the discovery beacon, and the wire protocol of
// lan/PROTOCOL.md (version 3: one envelope for every game). It knows games
// only through the contract of package rules (a rules.Game; moves, views
// and events in the game's own JSON, decoded by the game), never a game
// package, and never imports ebiten (rules/imports_test.go checks both).
//
// # Host (the app's "Host LAN game" and goldvein serve)
//
//	h, err := lan.NewHost(lan.HostConfig{Name: "Ann's table", Password: "",
//		Game: g, Players: 5, Options: opts, // g a rules.Game, opts its table options JSON (nil: defaults)
//		Bots: 2, BotLevel: "normal", Grace: 30 * time.Second, Save: saver})
//	addr, err := h.Listen(":47475")             // TCP, HTTP and WebSocket on one port
//	go h.Announce(ctx, &net.UDPAddr{IP: net.IPv4bcast, Port: lan.BeaconPort}, port, time.Second)
//
// JoinAddresses(port) lists the addresses to show for guests to type. The
// lobby screen reads h.Lobby() (the table's name, game, options, password
// flag, grace period and seats: who sits where, connected or not) and
// h.ChatLog() (and h.Notices(): moves the turn timer made), redrawing
// when h.Changed() fires. Before the start it may call h.SetOptions,
// h.SetGrace, h.SetTurnTimeout and h.SetSeat (make a seat open, a computer
// player, or SeatLocal for the host's own player). h.Start(map[int]game.Seat{0:
// inbox}) deals the game, giving local seats their game.Seat (a
// game.Inbox the board scene polls); open seats get computer players. Then
// h.Table() is the game.Table: the scene submits the local player's moves
// with Table().Submit and may Watch it. h.Chat(seat, text, phraseID) speaks
// for a local seat. h.Close() ends everything (the autosave stays;
// h.Resume restarts from it with the saved Session).
//
// # Guest (the app's "Join LAN game" and goldvein join)
//
//	b, err := lan.Browse(fmt.Sprintf(":%d", lan.BeaconPort), 3*time.Second)
//	hosts := b.Hosts()                        // redraw on b.Changed()
//	c, err := lan.Join(ctx, hosts[0].Addr, lan.ClientConfig{Game: g, Name: "Bob", Reconnect: time.Minute})
//	for m := range c.Messages() { ... }       // or drain without blocking in Update
//
// c.Seat() and c.Token() say where the guest sits and how to take the seat
// back after a crash (ClientConfig.Token). c.Messages() delivers, in order:
// TLobby (m.Lobby), TUpdate (m.GameView, always a whole rules.View, and
// m.GameEvents, decoded by the game; m.Owes and m.Step say whether the
// seat owes a move now, m.Over that the game ended), TChat (m.Seat,
// m.Name, m.Text or m.Phrase, a quick phrase of the game: rules.Phraser), TError (a
// refused move: m.Code, m.Error), TNotice (m.Code, m.Seat, m.Name, m.Text:
// the turn timer made a guest's move), and TDropped/TBack when the connection
// breaks and the client gets back on its own. c.Move(m), c.Chat(text) and
// c.Phrase(id) send; c.Leave() says goodbye, c.Close() just drops. Autoplay
// plays a seat with a computer player of the game (the headless join). A
// host of another game refuses the guest (RefusedError, code CodeGame).
//
// # Where the host's jobs live
//
// host.go holds the Host and its configuration; session.go what a restart
// needs (Session); lobby.go the seats and options before the start;
// table.go the start, resume and the computer players; chat.go the table
// talk; handshake.go the hello and its refusals; guest.go a connection's
// life after its transport (reading, limits, the messages it may send);
// seats.go the remote seats, dropouts and stand-ins; turnclock.go the turn
// timer and its notices. The transports sit beside them, each feeding
// serveGame: listen.go (TCP, HTTP and the WebSocket on one port) and
// relay.go (a relay's room, sealed by package seal; invite.go its links).
//
// A LAN game is a game.Table whose guest seats are remote seats: their
// Deliver queues the update for the connection's writer goroutine, so the
// table never waits on the network. A dropped guest's seat waits
// HostConfig.Grace, then a game.BotSeat stands in until they come back. A
// guest who stays but does not move has each move that outlasts
// HostConfig.TurnTimeout made by a computer player (Table.SubmitOrSafe),
// each owing seat timed on its own (several seats may owe at once).
package lan
