//go:build unix

package game

import "syscall"

// openFlags makes the open of a FIFO return at once instead of waiting for
// a writer (ReadLocalFile then refuses it).
const openFlags = syscall.O_NONBLOCK
