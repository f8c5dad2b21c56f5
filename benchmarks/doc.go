// Package benchmarks measures toolkit against the same HTTP work written by
// hand with net/http and encoding/json, side by side in one run. It has no
// code of its own; the benchmarks are in its _test files, and
// cmd/report turns `go test -bench` output into the ratio table:
//
//	go test ./benchmarks/ -run '^$' -bench . -benchmem -count 10 | go run ./benchmarks/cmd/report
package benchmarks
