// Package relay is the server side of goldvein's internet play (issue 27;
// docs/LAN.md, "Play over the internet"): `goldvein relay` pairs a host's
// room with its guests and forwards their frames. Both dial out to it, so
// no NAT stands in the way. It keeps no game state, reads no game message
// (the peers seal every payload end to end) and knows no game: it only
// counts frames and bytes. It never imports Ebitengine.
//
// # The wire
//
// Transport: WebSocket, binary messages only; a text message closes the
// connection ("text frames not allowed").
//
// A host holds a 32-byte random secret S (NewSecret; kept with its table so
// that it can claim the same room again). It dials
//
//	GET /r/host?room=ROOM&proof=PROOF
//
// where PROOF is the base64url (no padding) of S (Proof) and ROOM the first
// 16 characters of the lower-case base32 (RFC 4648, no padding) of
// SHA-256(S) (Room). The relay checks ROOM == Room(S) ("bad proof"
// otherwise), so it needs no memory to let a host reclaim its room after a
// relay restart. One host link per room: a second claim of a live room is
// refused ("room taken") unless the old link answers no ping within a few
// seconds (it is then closed as "idle" and the new one takes the room).
//
// A guest dials GET /r/ROOM. When the room has no host the relay waits a
// few seconds (Config.HostWait) for one to claim it (after a relay restart
// the host comes back too), else closes with "no such room".
//
// Each message of the host link is a Frame: a 4-byte big-endian connection
// id, 1 type byte, the payload. TypeData (1): opaque bytes, one guest
// message. TypeOpen (2, relay to host): a new guest connection with this
// id; empty payload. TypeClose (3, either way): UTF-8 reason, at most 123
// bytes; host to relay closes that guest with that reason. A guest's
// messages are the payloads alone: the relay prepends the id toward the
// host and strips it toward the guest. Ids are per room, start at 1 and
// are never reused within a room's life. A payload is at most MaxPayload
// (1 MiB) bytes ("frame too large" otherwise).
//
// When the host link ends, every guest of the room is closed ("host
// left"); guests reconnect and the host's new link gives them new ids.
//
// Every refusal and every close the relay makes carries a WebSocket close
// code and one of the Reason constants.
package relay
