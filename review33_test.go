package toolkit

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestReview33_ScriptMemory: a script that keeps what its + makes (one
// instruction at a time, past every built-in's check) is stopped when the
// heap it keeps grows past Options.ScriptMemory, long before its time is
// up: 200 strings of 1 MiB are 200 MiB against a bound of 32 MiB. The
// builder's code returned 200.
func TestReview33_ScriptMemory(t *testing.T) {
	reg := scriptRegistry(t, &Options{ScriptTimeout: time.Minute, ScriptMemory: 32 << 20})
	for _, script := range []string{
		`const s = 'x'.repeat(1 << 20); const a = []; for (let i = 0; i < 200; i++) a.push(s + i); return a.length;`,
		`let s = 'x'; for (let i = 0; i < 28; i++) s = s + s; return s.length;`,
		`const a = []; for (let i = 0; i < 5e6; i++) a.push({i}); return a.length;`,
	} {
		res := runScript(t, reg, script, "")
		if !res.IsError || !strings.Contains(res.Text, "memory") {
			t.Errorf("%s: %.300s", script, res.Text)
		}
	}
	// Garbage does not count: 300 MiB of strings made and dropped.
	wantText(t, runScript(t, reg, `let n = 0; for (let i = 0; i < 300; i++) { const s = 'x'.repeat(1 << 20) + i; n += s.length; } return n > 0;`, ""), `true`)
	// A script within the bound runs, on the same runtimes.
	wantText(t, runScript(t, reg, `const a = []; for (let i = 0; i < 1000; i++) a.push('x' + i); return a.length;`, ""), `1000`)
}

// TestReview33_ResultGettersOnce: the result is read once, as
// JSON.stringify reads it. The builder's code exported the whole returned
// value to Go first (to see whether it was a promise), running every
// getter and proxy trap in it twice and walking the value twice: {"x":2}.
func TestReview33_ResultGettersOnce(t *testing.T) {
	reg := scriptRegistry(t, nil)
	wantText(t, runScript(t, reg, `let n = 0; return {get x() { return ++n; }};`, ""), `{"x":1}`)
	wantText(t, runScript(t, reg, `let n = 0; const o = {a: {get b() { return ++n; }}};
return Object.defineProperty(o, 'n', {get() { return n; }, enumerable: true});`, ""), `{"a":{"b":1},"n":1}`)
	// A promise is still what it settles to.
	wantText(t, runScript(t, reg, `return Promise.resolve({get x() { return 7; }});`, ""), `{"x":7}`)
}

// TestScriptMemoryStaleLiveHeap: the live heap the last collection before
// a script found may count memory dropped since (here 160 MiB the test
// held); a script keeping more than the bound is stopped all the same.
func TestScriptMemoryStaleLiveHeap(t *testing.T) {
	reg := scriptRegistry(t, &Options{ScriptTimeout: time.Minute, ScriptMemory: 32 << 20})
	held := make([][]byte, 160)
	for i := range held {
		held[i] = make([]byte, 1<<20)
		held[i][0] = 1
	}
	runtime.GC() // finds the 160 MiB live
	runtime.KeepAlive(held)
	held = nil
	res := runScript(t, reg, `const a = []; for (let i = 0; i < 120; i++) a.push('x'.repeat(1 << 20) + i); return a.length;`, "")
	if !res.IsError || !strings.Contains(res.Text, "memory") {
		t.Errorf("a script keeping 120 MiB against a bound of 32: %.300s", res.Text)
	}
}
