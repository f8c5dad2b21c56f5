//go:build !unix

package interleave

// CPU is nil: the process's CPU time is read on Unix systems only.
var CPU Clock
