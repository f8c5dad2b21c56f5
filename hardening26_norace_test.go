//go:build !race

package toolkit

const raceOn26 = false
