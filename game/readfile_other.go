//go:build !unix

package game

// openFlags: no FIFOs to guard against here; ReadLocalFile's Stat refuses
// anything but a regular file.
const openFlags = 0
