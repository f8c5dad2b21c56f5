// Package benchmarks measures toolkit against the same HTTP work written by
// hand with net/http and encoding/json, side by side in one run. It has no
// code of its own; the benchmarks are in its _test files, and
// cmd/report turns `go test -bench` output into the ratio table, with the
// budget each ratio must meet:
//
//	go test ./benchmarks/ ./yqcloud/ ./extract/ ./template/ -run '^$' -bench . -benchmem -count 10 | go run ./benchmarks/cmd/report
//
// BenchmarkInterleaved times both sides in alternating rounds and reports
// the median per-round ratio, which drifting machine speed does not move;
// prefer it to comparing separate medians when judging a small change.
package benchmarks
