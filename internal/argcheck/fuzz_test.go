package argcheck

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// FuzzArgsWork: checking any arguments against any of numberSchemas
// allocates at most perByte bytes per byte of their JSON text (plus a
// constant), and decides them as the validator does when it is shown
// every number as written (no stand-ins), unless that spends the budget
// of digits shown to the validator.
func FuzzArgsWork(f *testing.F) {
	const perByte, constant = 1024, 64 << 10
	many := func(n string) string { return `{"a":[` + strings.Repeat(n+",", 300) + n + `]}` }
	for _, seed := range []string{
		many("1e1000"), many("-1e1000"), many("1.5e999"), many("1e-1000"), many("123456789e-5"), many("-0e999"),
		many("9e+999"), many(`"1e1000"`), many(strings.Repeat("7", 1000)), many("0." + strings.Repeat("0", 998) + "1"),
		many("1"), many("[]"), many(`{"b":1e1000}`), `{"a":[1e1001]}`, `{"a":[` + strings.Repeat("9", 1001) + `]}`,
		`{"a":[1e00000000000000001000]}`, `{"a":1e1000}`, `{"a":[0.5,12,24e0,1e30,-7]}`,
	} {
		for i := range numberSchemas {
			f.Add(uint8(i), seed)
		}
	}
	schemas := make([][2]*Schema, len(numberSchemas))
	for i, s := range numberSchemas {
		fast, ref := compileNumbers(f, s)
		schemas[i] = [2]*Schema{fast, ref}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		s := schemas[int(which)%len(schemas)]
		parse := func() map[string]any {
			d := json.NewDecoder(bytes.NewReader([]byte(text)))
			d.UseNumber()
			var m map[string]any
			if d.Decode(&m) != nil || m == nil {
				return nil
			}
			return m
		}
		args := parse()
		if args == nil {
			return
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got := checkText(s[0], args)
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > perByte*uint64(len(text))+constant {
			t.Fatalf("%d bytes allocated for %d bytes of arguments", alloc, len(text))
		}
		// The budget of digits shown to the validator (maxExpansion) is
		// spent sooner without stand-ins.
		if want := checkText(s[1], parse()); got != want && !strings.Contains(want, "too many numbers far from 1") {
			t.Fatalf("with stand-ins: %.300s\nas written: %.300s", got, want)
		}
	})
}
