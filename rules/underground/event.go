package underground

import (
	"fmt"

	"github.com/goldvein/goldvein/rules"
)

// EventKind names what happened.
type EventKind string

// The event kinds.
const (
	EvTurn       EventKind = "turn"       // a player turn starts (U3.1)
	EvPick       EventKind = "pick"       // a combo is picked (U4)
	EvSwap       EventKind = "swap"       // the Shadow Mimes swap badges (U12.12)
	EvVolcano    EventKind = "volcano"    // the Flames place the Volcano (U12.3)
	EvDecline    EventKind = "decline"    // U8
	EvLost       EventKind = "lost"       // a wiped-out Active race is discarded (U8.7)
	EvReborn     EventKind = "reborn"     // U13.12
	EvAncient    EventKind = "ancient"    // U16.3
	EvConquer    EventKind = "conquer"    // U5
	EvFinal      EventKind = "final"      // U5.7: the die
	EvWisps      EventKind = "wisps"      // U12.15: the die
	EvSubstitute EventKind = "substitute" // U13.18, U15.5
	EvAbandon    EventKind = "abandon"    // U6.2
	EvDraw       EventKind = "draw"       // a Place or Relic comes up (U5.6)
	EvStonehedge EventKind = "stonehedge" // U14.8
	EvBalrog     EventKind = "balrog"     // U16.2
	EvBonus      EventKind = "bonus"      // tokens or armor gained
	EvCoins      EventKind = "coins"      // coins from the bank outside scoring
	EvPay        EventKind = "pay"        // coins from one player to another (U9.4)
	EvMarked     EventKind = "marked"     // a Vengeance marker (U13.20)
	EvRedeploy   EventKind = "redeploy"   // tokens placed (U7)
	EvPlace      EventKind = "place"      // a figure or relic placed at the end of the turn
	EvScore      EventKind = "score"      // the turn's scoring (U9)
	EvOver       EventKind = "over"       // the end (U10)
)

var eventKinds = map[EventKind]bool{EvTurn: true, EvPick: true, EvSwap: true, EvVolcano: true, EvDecline: true,
	EvLost: true, EvReborn: true, EvAncient: true, EvConquer: true, EvFinal: true, EvWisps: true,
	EvSubstitute: true, EvAbandon: true, EvDraw: true, EvStonehedge: true, EvBalrog: true, EvBonus: true,
	EvCoins: true, EvPay: true, EvMarked: true, EvRedeploy: true, EvPlace: true, EvScore: true, EvOver: true}

// Event is one thing that happened. Every event is public (Hidden
// information: coin payments and each turn's score are taken in view; the
// totals are revealed only by EvOver), so For never redacts.
type Event struct {
	Kind    EventKind `json:"kind"`
	Seat    int       `json:"seat"`
	By      int       `json:"by"` // the other seat involved (defender, payee, marker giver)
	Turn    int       `json:"turn,omitempty"`
	Pos     int       `json:"pos,omitempty"`
	Race    string    `json:"race,omitempty"`
	Power   string    `json:"power,omitempty"`
	Region  string    `json:"region,omitempty"`
	Cost    int       `json:"cost,omitempty"`
	Tokens  int       `json:"tokens,omitempty"`
	Armor   int       `json:"armor,omitempty"`
	Lost    int       `json:"lost,omitempty"`
	Die     int       `json:"die,omitempty"`
	Failed  bool      `json:"failed,omitempty"`
	With    []string  `json:"with,omitempty"`
	Marker  string    `json:"marker,omitempty"`
	Coins   int       `json:"coins,omitempty"`
	Items   []Item    `json:"items,omitempty"`
	Rule    string    `json:"rule,omitempty"`
	Text    string    `json:"text,omitempty"`
	Finals  []int     `json:"finals,omitempty"`
	OnBoard []int     `json:"tokens_on_board,omitempty"`
	Winners []int     `json:"winners,omitempty"`
}

// For returns the event unchanged: nothing in it is hidden from any seat.
func (e Event) For(int) (rules.Event, bool) { return e, true }

// DecodeEvent reads one event strictly.
func DecodeEvent(data []byte) (Event, error) {
	var e Event
	if err := strictJSON(data, &e); err != nil {
		return Event{}, fmt.Errorf("event: %w", err)
	}
	if !eventKinds[e.Kind] {
		return Event{}, fmt.Errorf("event: kind: %q unknown", e.Kind)
	}
	if e.Seat < 0 || e.Seat > 4 || e.By < 0 || e.By > 4 {
		return Event{}, fmt.Errorf("event: seat: out of range")
	}
	return e, nil
}
