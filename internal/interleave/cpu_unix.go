//go:build unix

package interleave

import (
	"syscall"
	"time"
)

// CPU reads the CPU time the process has used, user and system, on every
// thread (the garbage collector's too); nil where it cannot be read.
var CPU Clock = func() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
