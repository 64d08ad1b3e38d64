//go:build !headless

package main

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
	"time"
	"unsafe"
)

// processAge returns the time since the process started: the kernel's
// start time of the process (/proc/self/stat, in clock ticks of 10 ms
// since boot) against the boot-time clock (CLOCK_BOOTTIME, which counts
// from the same boot), so it includes the dynamic loader, Go's runtime and
// every package's initialisation. If /proc cannot be read it counts from
// the main package's initialisation (startAge).
func processAge() (func() time.Duration, string) {
	start, err := procStart()
	if err != nil {
		return startAge()
	}
	return func() time.Duration { return bootClock() - start }, "the process started"
}

// procStart is the process's start, as time since boot: field 22 of
// /proc/self/stat (after the command's name in parentheses, which may hold
// spaces). Linux's clock tick for it (USER_HZ) is 100 per second on every
// architecture Go supports.
func procStart() (time.Duration, error) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, err
	}
	return statStart(b)
}

// statStart reads the start time out of a /proc/PID/stat line b.
func statStart(b []byte) (time.Duration, error) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("/proc/self/stat: no command name")
	}
	f := bytes.Fields(b[i+1:])
	// f[0] is field 3 (the state), so field 22 is f[19].
	if len(f) < 20 {
		return 0, errors.New("/proc/self/stat: too few fields")
	}
	ticks, err := strconv.ParseUint(string(f[19]), 10, 64)
	if err != nil {
		return 0, err
	}
	return time.Duration(ticks) * 10 * time.Millisecond, nil
}

// bootClock is CLOCK_BOOTTIME: the time since boot, suspended time included.
func bootClock() time.Duration {
	const clockBoottime = 7
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockBoottime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
