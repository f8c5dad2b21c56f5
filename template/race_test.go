//go:build race

package template

// raceEnabled: the race detector adds allocations, so alloc counts are not checked.
const raceEnabled = true
