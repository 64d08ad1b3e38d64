package underground

import (
	"image/color"

	ugart "github.com/goldvein/goldvein/sprites/underground"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/goldvein/goldvein/rules/underground"
	"github.com/goldvein/goldvein/scenes"
)

// The sections of Underground's rules help: PgUp/PgDn jump between them.
// ugHelpIconSize is the width of a Rules page's pictures, in layout units
// (a die's are smaller).
const ugHelpIconSize = 80

const (
	ugSecTurn = iota
	ugSecRaces
	ugSecPowers
	ugSecPlaces
	ugSecRelics
)

// ugHelpPic is what an Underground rules page shows above its text: the
// race, power or marker the page is about (drawn with the board's own
// sprites, sprites/underground), or a turn page's icons, or the die.
type ugHelpPic struct {
	race   underground.Race
	power  underground.Power
	marker underground.Marker
	icons  []ugart.Icon // a turn page's pictures, each named by ugIconCaption
	die    bool         // the die's six faces (U1.6)
	under  scenes.Rect  // where DrawUnder last drew the page's scene on the map (help_board.go); zero none
}

// ugHelpTurnPages are the pages about the turn (U3 to U10), before the
// generated ones.
var ugHelpTurnPages = []struct {
	key string
	pic ugHelpPic
}{
	{"turn", ugHelpPic{icons: []ugart.Icon{ugart.IconRace + ugart.Icon(underground.Ogres), ugart.IconDecline + ugart.Icon(underground.Ogres)}}},
	{"market", ugHelpPic{icons: []ugart.Icon{ugart.IconRace + ugart.Icon(underground.Drow), ugart.IconRace + ugart.Icon(underground.Kraken), ugart.IconRace + ugart.Icon(underground.Shrooms)}}},
	{"conquer", ugHelpPic{icons: []ugart.Icon{ugart.IconMonster, ugart.IconMountain, ugart.IconArmor}}},
	{"die", ugHelpPic{die: true}},
	{"redeploy", ugHelpPic{icons: []ugart.Icon{ugart.IconRace + ugart.Icon(underground.Lizardmen)}}},
	{"decline", ugHelpPic{icons: []ugart.Icon{ugart.IconRace + ugart.Icon(underground.Mummies), ugart.IconDecline + ugart.Icon(underground.Mummies)}}},
	{"score", ugHelpPic{icons: []ugart.Icon{ugart.IconMarker + ugart.Icon(underground.Diamonds), ugart.IconMarker + ugart.Icon(underground.Scepter)}}},
	{"controls", ugHelpPic{}},
}

// ugPowerIcon is the board's piece a power puts on the map, shown on its
// page beside the badge (U13.6, U13.13, U13.14, U13.20), or the marker
// its bonus counts (U13.15).
var ugPowerIcon = map[underground.Power]ugart.Icon{
	underground.Magic:    ugart.IconFigure + 5, // the Bag-o'-Many-Things
	underground.Royal:    ugart.IconFigure + 2, // the Queen
	underground.Shield:   ugart.IconArmor,
	underground.Stone:    ugart.IconMountain,
	underground.Vengeful: ugart.IconVengeance,
}

// ugHelpPages is Underground's rules help (the menu's Rules with
// Underground picked): the turn in a few pages, then one page per race
// (U12), power (U13), Popular Place (U14) and Righteous Relic (U15),
// generated from the engine's tables: a row added there gets its page,
// titled by its name's key, its effect under "ug.help.<kind>.<code>", its
// rule number from the row (Race.Rule, Power.Rule, Marker.Rule).
var ugHelpPages = makeUGHelpPages()

// ugSecKeys are the sections' lines over a page's title (HelpPage.SecKey).
var ugSecKeys = [...]string{ugSecTurn: "ug.help.sec.turn", ugSecRaces: "ug.help.sec.races", ugSecPowers: "ug.help.sec.powers", ugSecPlaces: "ug.help.sec.places", ugSecRelics: "ug.help.sec.relics"}

func makeUGHelpPages() []scenes.HelpPage {
	var out []scenes.HelpPage
	none := ugHelpPic{race: underground.NoRace, power: underground.NoPower, marker: underground.NoMarker}
	for _, t := range ugHelpTurnPages {
		pic := t.pic
		pic.race, pic.power, pic.marker = none.race, none.power, none.marker
		out = append(out, scenes.HelpPage{Title: "ug.help." + t.key + ".title", Body: "ug.help." + t.key + ".body", Pic: &pic, Sec: ugSecTurn, SecKey: ugSecKeys[ugSecTurn]})
	}
	for r := underground.Race(0); r < underground.NumRaces; r++ {
		pic := none
		pic.race = r
		out = append(out, scenes.HelpPage{Title: "ug.race." + r.String(), Body: "ug.help.race." + r.String(), Pic: &pic, Sec: ugSecRaces, SecKey: ugSecKeys[ugSecRaces]})
	}
	for p := underground.Power(0); p < underground.NumPowers; p++ {
		pic := none
		pic.power = p
		out = append(out, scenes.HelpPage{Title: "ug.power." + p.String(), Body: "ug.help.power." + p.String(), Pic: &pic, Sec: ugSecPowers, SecKey: ugSecKeys[ugSecPowers]})
	}
	for k := underground.Marker(0); k < underground.NumMarkers; k++ {
		pic := none
		pic.marker = k
		sec := ugSecPlaces
		if k.IsRelic() {
			sec = ugSecRelics
		}
		out = append(out, scenes.HelpPage{Title: "ug.marker." + k.String(), Body: "ug.help.marker." + k.String(), Pic: &pic, Sec: sec, SecKey: ugSecKeys[sec]})
	}
	return out
}

// ugHelpRule is the rule number a generated page must cite: its table
// row's; "" on a turn page.
func ugHelpRule(pg scenes.HelpPage) string {
	switch p, _ := pg.Pic.(*ugHelpPic); {
	case p == nil:
		return ""
	case p.race != underground.NoRace:
		return p.race.Rule()
	case p.power != underground.NoPower:
		return p.power.Rule()
	case p.marker != underground.NoMarker:
		return p.marker.Rule()
	}
	return ""
}

// Draw draws the page's pictures (scenes.HelpPicture) in a row from y, each with its caption
// under it (the first where the reader starts: on the right in a
// right-to-left language), and returns the y under them.
func (p *ugHelpPic) Draw(a *scenes.App, pt *scenes.Painter, dst *ebiten.Image, y float64) float64 {
	type pic struct {
		icon    ugart.Icon
		badge   int // a power's badge value, drawn as a gold badge; -1 if none
		banner  underground.Race
		face    int // a die face, or -1
		caption string
	}
	var pics []pic
	add := func(k ugart.Icon, caption string) {
		pics = append(pics, pic{icon: k, badge: -1, banner: underground.NoRace, face: -1, caption: caption})
	}
	var facts string
	switch {
	case p.race != underground.NoRace:
		r := p.race
		add(ugart.IconRace+ugart.Icon(r), a.T("ug.help.active"))
		add(ugart.IconDecline+ugart.Icon(r), a.T("ug.help.decline"))
		pics = append(pics, pic{badge: -1, banner: r, face: -1, caption: a.N("ug.help.banner", r.Banner())})
		facts = a.N("ug.help.supply", r.Supply())
	case p.power != underground.NoPower:
		pw := p.power
		pics = append(pics, pic{badge: pw.Badge(), banner: underground.NoRace, face: -1, caption: a.N("ug.help.badge", pw.Badge())})
		if k, ok := ugPowerIcon[pw]; ok {
			caption := a.T("ug.help.piece")
			if k == ugart.IconMountain {
				caption = ugIconCaption(a, k)
			}
			add(k, caption)
		}
		act, dec := pw.Works()
		switch {
		case act && dec:
			facts = a.T("ug.help.works.both")
		case dec:
			facts = a.T("ug.help.works.decline")
		default:
			facts = a.T("ug.help.works.active")
		}
		if pw.Kept() {
			facts += " · " + a.T("ug.help.kept")
		}
	case p.marker != underground.NoMarker:
		k := p.marker
		if k.IsRelic() {
			add(ugart.IconMarker+ugart.Icon(k), a.T("ug.help.relic"))
			facts = a.T("ug.help.relic.works")
		} else {
			add(ugart.IconMarker+ugart.Icon(k), a.T("ug.help.place"))
			facts = a.T("ug.help.place.active")
			if k.WorksInDecline() {
				facts = a.T("ug.help.place.decline")
			}
		}
	case p.die:
		for _, f := range underground.DieFaces {
			pics = append(pics, pic{badge: -1, banner: underground.NoRace, face: f})
		}
	default:
		for _, k := range p.icons {
			add(k, ugIconCaption(a, k))
		}
	}
	if len(pics) == 0 {
		return y
	}
	w := float64(a.W)
	size := a.U(ugHelpIconSize)
	if p.die {
		size = a.U(56)
	}
	sheet := ugart.SpritesAt(int(size), a.Settings.ColorBlind)
	n := len(pics)
	gap := a.U(34)
	if n <= 3 {
		gap = a.U(70) // room for the captions on one line
	}
	x := (w - (float64(n)*size + float64(n-1)*gap)) / 2
	step := size + gap
	if a.RTL() {
		x, step = x+float64(n-1)*step, -step
	}
	capY := y + size + a.U(12)
	capH := 0.0
	for _, pc := range pics {
		box := scenes.R(x, y, size, size)
		switch {
		case pc.badge >= 0: // the power badge (U1.5): gold, its value on it
			pt.Round(dst, scenes.R(box.X, box.Y+size*0.12, size, size*0.76), a.U(12), scenes.ColGold, a.U(2), scenes.ColEdge)
			scenes.DrawText(a, dst, a.Num(pc.badge), a.U(30), box.Cx(), box.Cy(), scenes.AlignCenter, color.RGBA{40, 28, 10, 255})
		case pc.banner != underground.NoRace: // the race banner (U1.4): its colour, its value
			c := ugart.RaceColor(pc.banner.String(), a.Settings.ColorBlind)
			pt.Round(dst, scenes.R(box.X+size*0.18, box.Y, size*0.64, size), a.U(6), c, a.U(2), scenes.ColEdge)
			scenes.DrawText(a, dst, a.Num(pc.banner.Banner()), a.U(30), box.Cx(), box.Cy(), scenes.AlignCenter, ugart.Ink(c))
		case pc.face >= 0: // a die face (U1.6)
			pt.Round(dst, box, a.U(10), scenes.ColText, a.U(2), scenes.ColEdge)
			if pc.face > 0 {
				scenes.DrawText(a, dst, a.T("ug.help.face", "n", pc.face), a.U(26), box.Cx(), box.Cy(), scenes.AlignCenter, color.RGBA{30, 30, 40, 255})
			}
		default:
			pt.ImageIn(dst, sheet.Icons[pc.icon], box, 1)
		}
		if pc.caption != "" {
			capH = max(capH, scenes.DrawWrapped(a, dst, pc.caption, a.U(13), x+size/2, capY-a.U(8), size+gap-a.U(4), scenes.AlignCenter, scenes.ColTextDim))
		}
		x += step
	}
	y = capY + capH + a.U(6)
	if facts != "" {
		tw := min(w-a.U(120), a.U(860))
		y += scenes.DrawWrapped(a, dst, facts, a.U(15), w/2, y, tw, scenes.AlignCenter, scenes.ColGold) + a.U(6)
	}
	return y + a.U(6)
}

// ugIconCaption names an icon of a turn page.
func ugIconCaption(a *scenes.App, k ugart.Icon) string {
	switch {
	case k < ugart.IconDecline:
		return a.T("ug.race." + underground.Race(k-ugart.IconRace).String())
	case k < ugart.IconFigure:
		return a.T("ug.help.in_decline", "race", a.T("ug.race."+underground.Race(k-ugart.IconDecline).String()))
	case k >= ugart.IconMarker && k < ugart.IconMonster:
		return a.T("ug.marker." + underground.Marker(k-ugart.IconMarker).String())
	case k == ugart.IconMonster:
		return a.T("ug.help.icon.monster")
	case k == ugart.IconMountain:
		return a.T("ug.terrain.mountain")
	case k == ugart.IconArmor:
		return a.T("ug.help.icon.armor")
	}
	return ""
}
