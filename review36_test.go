package toolkit

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit/template"
)

// TestReview36_StatusLineControlChars: a hostile server's reason phrase
// (any byte but CR and LF in HTTP/1.1) reaches the model with its control
// and format characters escaped: no ANSI escape for a terminal, no NUL, no
// bidirectional override, in the error of an unexpected status, in a raw
// body's status line and in an abort's reason.
func TestReview36_StatusLineControlChars(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		fmt.Fprintf(buf, "HTTP/1.1 500 Oops\x1b[31m red\x07\x00 \u202eevil\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{\"a\":\"b\"}")
		buf.Flush()
	})
	reg := loadRegistry(t, nil, srv.URL, `
name: unhandled
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/x
`, `
name: raw
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/x
    on_error: continue
`, `
name: abort
desc: d
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/x
    var: [{name: v, extract: v, abort: true}]
`)
	for _, tool := range []string{"unhandled", "raw", "abort"} {
		res := call(t, reg, tool, `{}`)
		text := strings.ReplaceAll(res.Text, "\n", " ")
		if strings.ContainsFunc(text, func(r rune) bool { return r < ' ' || r == 0x7f || r == '\u202e' }) {
			t.Errorf("%s: a control character reaches the model: %q", tool, res.Text)
		}
		if !strings.Contains(res.Text, `500 Oops\x1b[31m red\x07\x00 \u202eevil`) {
			t.Errorf("%s: the status line escaped is missing: %q", tool, res.Text)
		}
	}
}

// naiveAfter is the steps a path of one edge or more leads to from step n,
// by a search of its own: what stepOrder's closure must agree with.
func naiveAfter(o *stepOrder, n int) []bool {
	seen := make([]bool, len(o.steps))
	var queue []int
	visit := func(i int) {
		if i >= 0 && i < len(o.steps) && !seen[i] {
			seen[i] = true
			queue = append(queue, i)
		}
	}
	o.successors(o.steps[n], visit)
	for len(queue) > 0 {
		s := o.steps[queue[0]]
		queue = queue[1:]
		o.successors(s, visit)
	}
	return seen
}

// TestReview36_StepOrderClosure: the load's step order agrees with a
// search from each step, on random chains of next, jump, on_error and
// result: cycles, self loops, steps that never run.
func TestReview36_StepOrderClosure(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 36))
	for round := range 300 {
		n := 1 + rng.IntN(40)
		steps := make([]*step, n)
		for i := range steps {
			s := &step{index: i, next: -1}
			for range rng.IntN(3) {
				s.vars = append(s.vars, varSpec{jump: rng.IntN(n+2) - 1})
			}
			switch rng.IntN(4) {
			case 0:
				s.next = rng.IntN(n + 1)
			case 1:
				s.result = &template.Template{}
			}
			if rng.IntN(3) == 0 {
				s.onError = onError{kind: onErrorJump, jump: rng.IntN(n)}
			}
			steps[i] = s
		}
		o := newStepOrder(steps)
		for from := range n {
			want := naiveAfter(o, from)
			for to := range n {
				got := o.before(from, to, false)
				if !o.fromStart[to] || !o.fromStart[from] {
					continue
				}
				if (got == "") != want[to] {
					t.Fatalf("round %d: %d steps, %d before %d: got %q, a path: %v", round, n, from, to, got, want[to])
				}
			}
		}
	}
}

// TestReview36_StepOrderMemory: checking the references of a long chain
// (each step reads the one before) costs no search and no set of steps per
// reference: a file of thousands of steps loaded quadratic memory (a
// []bool of every step for each step read), and time.
func TestReview36_StepOrderMemory(t *testing.T) {
	const n = 3000
	var b strings.Builder
	b.WriteString("name: big\ndesc: d\nsteps:\n")
	for i := range n {
		ref := ""
		if i > 0 {
			ref = fmt.Sprintf("${step%d:x}", i-1)
		}
		fmt.Fprintf(&b, "- {url: \"https://a.example/%s\", var: [{name: x, extract: a}]}\n", ref)
	}
	src := []byte(b.String())
	w, diags := ParseWorkflow("big.yaml", src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	o := newStepOrder(w.steps)
	for i := 1; i < n; i++ {
		if msg := o.before(i-1, i, false); msg != "" {
			t.Fatal(msg)
		}
	}
	runtime.ReadMemStats(&after)
	// A bitset of the components per component is n*n/8 bytes; a []bool
	// per step read, n*n.
	if got := after.TotalAlloc - before.TotalAlloc; got > n*n/3 {
		t.Errorf("checking %d references allocated %d bytes, want at most %d", n-1, got, n*n/3)
	}
}
