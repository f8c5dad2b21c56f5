package toolkit

import (
	"fmt"

	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// stepOrder is which steps can run after which, from the next, jump and
// on_error edges of a chain: what the loader checks a ${stepN:var}
// against, and where it finds steps that never run.
type stepOrder struct {
	steps     []*step
	fromStart []bool         // a path from step 0 reaches the step
	after     map[int][]bool // after[n][i]: a path of one edge or more leads from n to i
}

func newStepOrder(steps []*step) *stepOrder {
	o := &stepOrder{steps: steps, after: map[int][]bool{}}
	if len(steps) > 0 {
		o.fromStart = o.reach(0, true)
	}
	return o
}

// successors calls visit with each step that can run right after s: its
// vars' and on_error's jump targets, and on success the step next names,
// or the following one; none after a result.
func (o *stepOrder) successors(s *step, visit func(int)) {
	for _, v := range s.vars {
		visit(v.jump)
	}
	if s.onError.kind == onErrorJump {
		visit(s.onError.jump)
	}
	switch {
	case s.result != nil:
	case s.next >= 0:
		visit(s.next)
	default:
		visit(s.index + 1)
	}
}

// reach returns the steps a path from step from leads to: of no edge (from
// itself) too when self is set, else of one edge or more.
func (o *stepOrder) reach(from int, self bool) []bool {
	seen := make([]bool, len(o.steps))
	var queue []int
	visit := func(i int) {
		if i >= 0 && i < len(o.steps) && !seen[i] {
			seen[i] = true
			queue = append(queue, i)
		}
	}
	if self {
		visit(from)
	} else {
		o.successors(o.steps[from], visit)
	}
	for len(queue) > 0 {
		s := o.steps[queue[0]]
		queue = queue[1:]
		o.successors(s, visit)
	}
	return seen
}

// before says why a var of step n has no value where step i reads it (in
// its result when inResult, else in its request), or "" when step n can
// have run by then. A step that never runs reads nothing: its references
// are not checked (a warning says it never runs).
func (o *stepOrder) before(n, i int, inResult bool) string {
	switch {
	case i < 0 || i >= len(o.steps) || n < 0 || n >= len(o.steps) || !o.fromStart[i]:
		return ""
	case !o.fromStart[n]:
		return fmt.Sprintf("step %d never runs (no path from step 0 reaches it), so its vars have no value", n)
	case n == i && inResult:
		return ""
	}
	after, ok := o.after[n]
	if !ok {
		after = o.reach(n, false)
		o.after[n] = after
	}
	switch {
	case after[i]:
		return ""
	case n == i:
		return fmt.Sprintf("step %d reads its own var before its request is sent, and no next, jump or on_error leads back to it: read it in result, or in a later step", n)
	}
	return fmt.Sprintf("step %d cannot have run before step %d: no path of next, jump or on_error leads from step %d to step %d, so the var has no value here", n, i, n, i)
}

// didYouMean is "; did you mean ${source:x}?" for the name of names
// closest to name, or "".
func didYouMean(source, name string, names []string) string {
	if s := suggest.Closest(name, names); s != "" {
		return fmt.Sprintf("; did you mean ${%s:%s}?", source, s)
	}
	return ""
}

func paramNames(ps []Param) []string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}

func envNames(vs []EnvVar) []string {
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return names
}
