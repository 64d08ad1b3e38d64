// Package cardart draws the game's card art with vector shapes on the CPU
// (golang.org/x/image/vector into *image.RGBA), at exactly the pixel size
// asked for: path cards with tunnels cut in rock and dead ends blocked by a
// boulder, the start with its ladder, goals face down and up, action cards,
// backs, role cards, gold cards and tool icons (SABOTEUR.md R2). One palette
// colours everything; ColorBlindSafe is its variant. It does not import
// Ebitengine, so it renders and is tested without a GPU or a display;
// package sprites wraps its images for the scenes, and `goldvein gallery`
// writes them to a PNG sheet.
package cardart
