//go:build race

package toolkit

// raceOn26: the race detector drops sync.Pool entries, so allocation
// counts that rely on a pool are not checked.
const raceOn26 = true
